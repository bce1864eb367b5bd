import Foundation
import OCRTestSupport
import Testing

/// The README's library example is the file `Examples/Consumer` compiles (in CI), so the
/// first code a newcomer copies builds.
@Suite("Documentation examples")
struct DocumentationTests {
    static let repository = Fixture.directory.deletingLastPathComponent()

    @Test("The README's ten lines are Examples/Consumer/Sources/ReadmeExample/main.swift, verbatim")
    func readmeExampleIsCompiled() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## The library in ten lines").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        let example = try String(
            contentsOf: Self.repository.appendingPathComponent("Examples/Consumer/Sources/ReadmeExample/main.swift"), encoding: .utf8)
        let code = example.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("//") }.joined(separator: "\n")
        #expect(code == block)
    }
}
