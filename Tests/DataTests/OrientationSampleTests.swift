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
        let fast = EngineSetup(languages: ["kor", "eng"], options: RecognitionOptions(recognitionLevel: .fast))
        #expect(fast.turnedSample.languages == ["kor"])
        #expect(fast.turnedSample.split == nil)
    }
}
