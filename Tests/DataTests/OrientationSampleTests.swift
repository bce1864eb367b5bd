import Domain
import OCRTestSupport
import Testing

@testable import Data

@Suite("Orientation samples: lines read half a turn round with a page's Korean model alone")
struct OrientationSampleTests {
    @Test(
        "A page read with a Korean model first and others is sampled with the Korean model alone; any other as it is read",
        arguments: [
            (["kor", "eng"], ["kor"]), (["script/Hangul", "eng"], ["script/Hangul"]), (["eng", "kor"], ["eng", "kor"]),
            (["kor"], ["kor"]), (["eng"], ["eng"]),
        ])
    func sampledWith(languages: [String], sampled: [String]) {
        let setup = EngineSetup(languages: languages, customWords: ["성수점"], usesLanguageCorrection: false)
        #expect(setup.turnedSample.languages == sampled)
        #expect(setup.turnedSample.customWords == setup.customWords)
        #expect(setup.turnedSample.usesLanguageCorrection == setup.usesLanguageCorrection)
    }

    @Test("At the fast level the sample is read by the Korean model's own engine, not split again")
    func fastLevel() {
        let fast = EngineSetup(languages: ["kor", "eng"], options: RecognitionOptions(recognitionLevel: .fast, timeLimit: SuiteLimits.timeLimit))
        #expect(fast.turnedSample.languages == ["kor"])
        #expect(fast.turnedSample.split == nil)
    }

    @Test("The quarter turns a doubtful page is read at: a trusted proposal alone; an unsure one first, then the other")
    func quartersToTry() {
        #expect(PageReader.quartersToTry(proposal: .clockwise270, trusted: true, unsureUpright: false) == [.clockwise270])
        #expect(PageReader.quartersToTry(proposal: .clockwise270, trusted: false, unsureUpright: false) == [.clockwise270, .clockwise90])
        #expect(PageReader.quartersToTry(proposal: .clockwise90, trusted: false, unsureUpright: true) == [.clockwise90, .clockwise270])
        // Nothing proposed: both. Upright proposed: both only when unsure of a page read as nothing.
        #expect(PageReader.quartersToTry(proposal: nil, trusted: false, unsureUpright: false) == [.clockwise90, .clockwise270])
        #expect(PageReader.quartersToTry(proposal: .upright, trusted: false, unsureUpright: true) == [.clockwise90, .clockwise270])
        #expect(PageReader.quartersToTry(proposal: .upright, trusted: false, unsureUpright: false).isEmpty)
        #expect(PageReader.quartersToTry(proposal: .upright, trusted: true, unsureUpright: true).isEmpty)
    }
}
