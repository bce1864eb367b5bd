import Domain
import Testing

@Suite("RotationDegree: clockwise turn to upright, EXIF meaning")
struct RotationDegreeTests {
    @Test(
        "Degrees are normalised; only multiples of 90 are rotations",
        arguments: [(0, RotationDegree.upright), (90, .clockwise90), (-90, .clockwise270), (450, .clockwise90), (180, .clockwise180)])
    func fromDegrees(degrees: Int, expected: RotationDegree) {
        #expect(RotationDegree(degrees: degrees) == expected)
    }

    @Test("Angles that are not quarter turns are rejected", arguments: [45, 1, -1, 100])
    func rejectsOtherAngles(degrees: Int) {
        #expect(RotationDegree(degrees: degrees) == nil)
    }

    @Test(
        "EXIF up/right/down/left are 1/6/3/8",
        arguments: [(RotationDegree.upright, 1), (.clockwise90, 6), (.clockwise180, 3), (.clockwise270, 8)])
    func exifMapping(rotation: RotationDegree, exif: Int) {
        #expect(rotation.exifOrientation == exif)
        #expect(RotationDegree(exifOrientation: exif) == rotation)
    }

    @Test("Mirrored and invalid EXIF orientations have no rotation", arguments: [0, 2, 4, 5, 7, 9])
    func mirroredExif(exif: Int) {
        #expect(RotationDegree(exifOrientation: exif) == nil)
    }

    @Test("Quarter turns swap width and height; inverse undoes the turn", arguments: RotationDegree.allCases)
    func sizesAndInverse(rotation: RotationDegree) {
        let size = ImageSize(width: 300, height: 100)
        let turned = size.rotated(by: rotation)
        #expect(turned == (rotation.swapsDimensions ? ImageSize(width: 100, height: 300) : size))
        #expect(turned.rotated(by: rotation.inverse) == size)
        #expect((rotation.degrees + rotation.inverse.degrees) % 360 == 0)
        #expect(rotation.quarterTurns * 90 == rotation.degrees)
    }

    @Test("The domain layer's names compile and mean the same turns, up, right, down and left")
    func domainLayerNames() {
        let rotations: [RotationDegree] = [.degree0, .degree90, .degree180, .degree270]
        #expect(rotations == [.upright, .clockwise90, .clockwise180, .clockwise270])
        #expect(rotations.map(\.imageOrientation) == [.up, .right, .down, .left])
        let given: RotationDegree? = .degree0
        #expect(given == .upright)
    }
}
