import Data
import Domain
import OCRTestSupport
import Testing

@Suite("Rotation: pixels turned upright, boxes in the upright frame")
struct RotationTests {
    static let rotatedFixtures = ["three-lines", "receipt"].flatMap { name in
        [RotationDegree.clockwise90, .clockwise180, .clockwise270].map { Fixture("\(name)-rot\($0.degrees).png", rotation: $0) }
    }

    @Test("A rotated fixture with its rotation reads like the upright one", arguments: rotatedFixtures)
    func sameTextAsUpright(fixture: Fixture) async throws {
        let repository = try SharedRepository.get()
        let uprightName = fixture.fileName.replacingOccurrences(of: "-rot\(fixture.rotation.degrees)", with: "")
        let upright = try await repository.recognizeText(in: Fixture(uprightName).data(), rotation: .upright, options: .suite)
        let rotated = try await repository.recognizeText(in: fixture.data(), rotation: fixture.rotation, options: .suite)
        #expect(rotated.text == upright.text)
        #expect(rotated.imageSize == upright.imageSize)
        #expect(rotated.rotation == fixture.rotation)
        let uprightBoxes = upright.lines.map(\.boundingBox)
        let rotatedBoxes = rotated.lines.map(\.boundingBox)
        try #require(uprightBoxes.count == rotatedBoxes.count)
        for (a, b) in zip(uprightBoxes, rotatedBoxes) {
            #expect(abs(a.x - b.x) < 0.02 && abs(a.y - b.y) < 0.02 && abs(a.width - b.width) < 0.02)
        }
    }

    @Test("Without its rotation a turned page does not read correctly")
    func wrongRotationFails() async throws {
        let fixture = Fixture("three-lines-rot180.png", rotation: .clockwise180)
        let result = try await SharedRepository.get().recognizeText(in: fixture.data(), rotation: .upright, options: .suite)
        #expect(CharacterErrorRate.between(result.text, try fixture.expectedText()) > 0.5)
    }
}
