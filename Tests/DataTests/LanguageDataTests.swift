import Data
import Domain
import Foundation
import OCRTestSupport
import Testing

@Suite("Language data: search, missing languages")
struct LanguageDataTests {
    @Test("A missing language is an error at creation naming the language, directories and package")
    func missingLanguage() throws {
        let error = try #require(throws: OCRError.self) { try TesseractOCRRepository(languages: ["kor", "xyz"]) }
        guard case .languageDataMissing(let language, let directories, let package) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(language == "xyz")
        #expect(package == "tesseract-ocr-xyz")
        #expect(directories.contains("/usr/share/tesseract-ocr/5/tessdata"))
    }

    @Test("An explicit data directory is the only one searched")
    func explicitDirectory() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-tessdata-\(UUID())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: OCRError.languageDataMissing(language: "kor", searchedDirectories: [empty.path], debianPackage: "tesseract-ocr-kor")) {
            try TesseractOCRRepository(languages: ["kor"], dataDirectory: empty.path)
        }
    }

    @Test("A language missing only from a later call's options is reported by that call")
    func missingLanguageInOptions() async throws {
        var options = RecognitionOptions.suite
        options.languages = ["eng", "qqq"]
        await #expect(throws: OCRError.self) {
            try await SharedRepository.get().recognizeText(in: Fixture("mixed.png").data(), options: options)
        }
    }

    @Test("Missing language data is the error reported even when the image is bad too (the engine starts while it decodes)")
    func missingLanguageBeforeBadImage() async throws {
        var options = RecognitionOptions.suite
        options.languages = ["kor", "qqq"]
        let error = await #expect(throws: OCRError.self) {
            try await SharedRepository.get().recognizeText(in: Data("not an image".utf8), options: options)
        }
        guard case .languageDataMissing(let language, _, _) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(language == "qqq")
    }

    @Test(
        "Malformed language lists are rejected before any search", arguments: [[String](), ["kor", ""], ["../kor"], ["kor+eng"], ["kor", "eng+"]])
    func invalidLanguages(languages: [String]) {
        #expect(throws: OCRError.self) { try TesseractOCRRepository(languages: languages) }
    }

    @Test("TESSDATA_PREFIX is searched before the standard directories, with and without /tessdata")
    func environmentOrder() {
        let locator = LanguageDataLocator(environment: ["TESSDATA_PREFIX": "/opt/ocr"])
        #expect(Array(locator.searchDirectories.prefix(3)) == ["/opt/ocr", "/opt/ocr/tessdata", "/usr/share/tesseract-ocr/5/tessdata"])
        #expect(LanguageDataLocator(explicitDirectory: "/x", environment: ["TESSDATA_PREFIX": "/opt/ocr"]).searchDirectories == ["/x"])
    }

    @Test("A script model is found where Debian installs it (tessdata/, not tessdata/script/), by either name")
    func scriptModel() async throws {
        let locator = LanguageDataLocator(environment: [:])
        #expect(locator.installedLanguages().contains { $0.code == "Hangul" })  // tesseract-ocr-script-hang (Scripts/setup.sh)
        #expect(throws: Never.self) { try locator.directory(for: ["script/Hangul"]) }
        var options = RecognitionOptions.suite
        options.languages = ["script/Hangul"]
        let result = try await SharedRepository.get().recognizeText(in: Fixture("three-lines.png").data(), rotation: .upright, options: options)
        #expect(result.lines.count == 3)
    }

    @Test("Installed languages include kor, eng and osd from the Debian packages")
    func installedLanguages() {
        let codes = LanguageDataLocator(environment: [:]).installedLanguages().map(\.code)
        #expect(Set(["kor", "eng", "osd"]).isSubset(of: codes))
    }

    @Test(
        "Debian package names follow Debian's spelling",
        arguments: [("kor", "tesseract-ocr-kor"), ("chi_sim", "tesseract-ocr-chi-sim"), ("script/Hangul", "tesseract-ocr-script-hang")])
    func debianPackages(language: String, package: String) {
        #expect(LanguageDataLocator.debianPackage(for: language) == package)
    }

    @Test("A repository's default languages apply to single calls and batches alike")
    func defaultLanguages() async throws {
        let english = try TesseractOCRRepository(languages: ["eng"])
        let single = try await english.recognizeText(in: Fixture("mixed.png").data(), options: .suite)
        var batch: OCRResult?
        for await item in english.recognizeText(in: [.file(atPath: Fixture("mixed.png").path)], options: .suite, maximumConcurrency: 1) {
            batch = try item.outcome.get()
        }
        // English alone cannot read Hangul: no Korean word survives, the English ones do.
        for result in [single, try #require(batch)] {
            #expect(result.text.contains("Leptonica"))
            #expect(!result.text.contains("엔진"))
        }
    }

    @Test("English-only recognition uses its own engine and still reads the English line")
    func otherLanguages() async throws {
        var options = RecognitionOptions.suite
        options.languages = ["eng"]
        let result = try await SharedRepository.get().recognizeText(in: Fixture("mixed.png").data(), options: options)
        #expect(result.text.contains("Tesseract 5.3"))
    }
}
