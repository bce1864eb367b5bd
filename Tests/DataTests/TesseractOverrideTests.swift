import CTesseract
import Domain
import Foundation
import OCRTestSupport
import Testing

@testable import Data

@Suite(
    "Tesseract's wasted steps left out: the ambiguity table only the legacy engine reads, compressed line images, English rereadings of Hangul, the LSTM's calls and unvectorised loops"
)
struct TesseractOverrideTests {
    private let locator = LanguageDataLocator(explicitDirectory: nil)

    private func components(of language: String) throws -> LanguageDataFile.Components {
        let directory = try locator.directory(for: [language])
        return try LanguageDataFile.check(LanguageDataLocator.dataFile(for: language, in: directory))
    }

    @Test("Debian's kor and eng are read by the LSTM alone; osd by the legacy engine")
    func installedModels() throws {
        #expect(try components(of: "kor").readsWithLSTMOnly)
        #expect(try components(of: "eng").readsWithLSTMOnly)
        #expect(try !components(of: "osd").readsWithLSTMOnly)
    }

    @Test(
        "Only an LSTM model without the legacy engine's reads with the LSTM alone",
        arguments: [
            ([0, 17, 18, 19, 20, 21, 22, 23], true),  // tessdata_fast / _best
            ([0, 1, 2, 3, 4, 5, 6, 7, 17, 21, 22, 23], false),  // tessdata: legacy and LSTM, read combined
            ([1, 3, 4, 5, 23], false),  // osd: legacy only
            ([1, 17, 21], true),  // a unicharset alone is no legacy engine
        ])
    func components(present: [Int], lstmOnly: Bool) {
        #expect(LanguageDataFile.Components(present: Set(present)).readsWithLSTMOnly == lstmOnly)
    }

    @Test("A header's present entries are those whose offset is not -1")
    func headerEntries() {
        var header = Data([3, 0, 0, 0])
        for offset: Int64 in [28, -1, 100] { withUnsafeBytes(of: offset.littleEndian) { header.append(contentsOf: $0) } }
        #expect(LanguageDataFile.problem(inHeader: header, fileSize: 200) == nil)
        #expect(LanguageDataFile.Components(inHeader: header).present == [0, 2])
    }

    @Test(
        "An eng engine starts without parsing the table; an osd engine parses it as Tesseract does",
        .enabled(if: TesseractOverride.universalAmbiguities.isAvailable, "the override does not apply in this process"))
    func skippedWhereUnused() throws {
        let directory = try locator.directory(for: ["eng", "osd"])
        let before = TesseractOverride.universalAmbiguities.changedCount
        _ = try TesseractEngine(setup: EngineSetup(languages: ["eng"]), dataDirectory: directory)
        #expect(TesseractOverride.universalAmbiguities.changedCount == before + 1, "Tesseract's own LoadUniversal was called, not the package's")
        _ = try TesseractEngine(setup: EngineSetup(languages: ["osd"]), dataDirectory: directory)
        _ = try TesseractEngine(setup: EngineSetup(languages: ["eng"]), dataDirectory: directory, loadsUnusedAmbiguities: true)
        #expect(TesseractOverride.universalAmbiguities.changedCount == before + 1)
    }

    @Test("Without the table kor+eng reads the same lines, words, confidences and boxes", arguments: ["mixed.png", "english.png"])
    func sameReading(fixture: String) throws {
        let directory = try locator.directory(for: ["kor", "eng"])
        let setup = EngineSetup(languages: ["kor", "eng"])
        let without = try read(fixture, with: TesseractEngine(setup: setup, dataDirectory: directory))
        let with = try read(fixture, with: TesseractEngine(setup: setup, dataDirectory: directory, loadsUnusedAmbiguities: true))
        #expect(!without.isEmpty)
        #expect(without.map(\.line) == with.map(\.line))
        #expect(without.map(\.preparedBox) == with.map(\.preparedBox))
    }

    @Test(
        "Line images stored uncompressed read the same lines, words, confidences and boxes",
        .enabled(if: TesseractOverride.storedLineImages.isAvailable, "the override does not apply in this process"),
        arguments: ["mixed.png", "receipt.png"])
    func storedLineImages(fixture: String) throws {
        let directory = try locator.directory(for: ["kor", "eng"])
        let engine = try TesseractEngine(setup: EngineSetup(languages: ["kor", "eng"]), dataDirectory: directory)
        let before = TesseractOverride.storedLineImages.changedCount
        let stored = try read(fixture, with: engine)
        let lines = stored.count
        #expect(TesseractOverride.storedLineImages.changedCount >= before + lines, "Leptonica's own pixWriteMem was called, not the package's")
        engine.storesLineImages = false
        let counted = TesseractOverride.storedLineImages.changedCount
        let compressed = try read(fixture, with: engine)
        #expect(TesseractOverride.storedLineImages.changedCount == counted)
        #expect(lines > 1)
        #expect(stored.map(\.line) == compressed.map(\.line))
        #expect(stored.map(\.preparedBox) == compressed.map(\.preparedBox))
    }

    @Test(
        "Without paragraph detection the same lines, words, confidences and boxes are read",
        .enabled(if: TesseractOverride.paragraphs.isAvailable, "the override does not apply in this process"),
        arguments: [(PSM_SINGLE_BLOCK, "receipt.png"), (PSM_AUTO, "page.png"), (PSM_SPARSE_TEXT, "mixed.png")])
    func paragraphsLeftOut(mode: TessPageSegMode, fixture: String) throws {
        let directory = try locator.directory(for: ["kor", "eng"])
        let engine = try TesseractEngine(setup: EngineSetup(languages: ["kor", "eng"]), dataDirectory: directory)
        let before = TesseractOverride.paragraphs.changedCount
        let skipped = try read(fixture, with: engine, mode: mode)
        #expect(TesseractOverride.paragraphs.changedCount == before + 1, "Tesseract's own DetectParagraphs was called, not the package's")
        engine.skipsParagraphs = false
        let detected = try read(fixture, with: engine, mode: mode)
        #expect(TesseractOverride.paragraphs.changedCount == before + 1)
        #expect(skipped.count > 1)
        #expect(skipped.map(\.line) == detected.map(\.line))
        #expect(skipped.map(\.preparedBox) == detected.map(\.preparedBox))
        #expect(skipped.map(\.characters) == detected.map(\.characters))
    }

    @Test(
        "Engines holding a Korean model and others keep Korean words without the others' retry",
        arguments: [(["kor", "eng"], true), (["eng", "kor"], true), (["kor"], false), (["eng"], false)])
    func acceptsKoreanWords(languages: [String], accepts: Bool) throws {
        let directory = try locator.directory(for: languages)
        #expect(try TesseractEngine(setup: EngineSetup(languages: languages), dataDirectory: directory).acceptsKoreanWords == accepts)
    }

    @Test(
        "Doubted Korean words are kept, read as well; words with Latin letters or digits are read by both models as before",
        .enabled(if: TesseractOverride.koreanWords.isAvailable, "the override does not apply to this libtesseract or platform"),
        arguments: [("photo.jpg", 0.05), ("receipt-faded.png", 0.05), ("mixed.png", 0.08)])
    func koreanWords(fixture: String, budget: Double) throws {
        let directory = try locator.directory(for: ["kor", "eng"])
        let engine = try TesseractEngine(setup: EngineSetup(languages: ["kor", "eng"]), dataDirectory: directory)
        let before = TesseractOverride.koreanWords.changedCount
        let kept = try read(fixture, with: engine)
        let accepted = TesseractOverride.koreanWords.changedCount - before
        engine.acceptsKoreanWords = false
        let retried = try read(fixture, with: engine)
        #expect(TesseractOverride.koreanWords.changedCount == before + accepted)
        #expect(accepted > 0, "Tesseract's own AcceptableResult was called, not the package's")
        let expected = try Fixture(fixture).expectedText()
        let text = kept.map(\.line.text).joined(separator: "\n")
        #expect(CharacterErrorRate.between(text, expected) <= budget, "\(text)")
        let latinOrDigits = { (lines: [PreparedLine]) in
            lines.flatMap(\.line.words).map(\.text).filter { $0.contains { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        }
        #expect(latinOrDigits(kept) == latinOrDigits(retried))
    }

    /// A step of Tesseract's LSTM the package does in its place.
    enum LSTMStep: CaseIterable, Sendable {
        /// `StrideMap::Index`'s steps, without calls between them.
        case strideIndex
        /// `NetworkIO::WriteTimeStepPart`, vectorised; `Convolve::Forward` and `Maxpool::Forward`
        /// without their calls.
        case networkSteps
        /// `WeightMatrix::MatrixDotVector` with the processor's dot-product instructions.
        case matrixProducts
        /// `LSTM::Forward` and `FullyConnected::ForwardTimeStep` with their gate functions vectorised.
        case lstmLayers

        var override: TesseractOverride {
            switch self {
            case .strideIndex: TesseractOverride.strideIndex
            case .networkSteps: TesseractOverride.networkSteps
            case .matrixProducts: TesseractOverride.matrixProducts
            case .lstmLayers: TesseractOverride.lstmLayers
            }
        }

        /// Whether the package can take the step in this process (platform, library,
        /// processor, `SWIFTOCR_OVERRIDES`).
        var applies: Bool { override.isAvailable }

        /// Has `engine` leave the step to Tesseract.
        func leave(to engine: TesseractEngine) {
            switch self {
            case .strideIndex: engine.inlinesStrideIndex = false
            case .networkSteps: engine.vectorisesNetworkSteps = false
            case .matrixProducts: engine.usesDotProductInstructions = false
            case .lstmLayers: engine.vectorisesLSTMLayers = false
            }
        }
    }

    @Test(
        "The LSTM's steps done in the package (index steps and the first two layers without calls, time steps vectorised, matrix products with dot-product instructions, LSTM and fully connected layers' functions vectorised) read the same lines, words, characters, confidences and boxes",
        arguments: LSTMStep.allCases, ["mixed.png", "receipt.png", "photo.jpg"])
    func lstmStep(_ step: LSTMStep, fixture: String) throws {
        let directory = try locator.directory(for: ["kor", "eng"])
        let engine = try TesseractEngine(setup: EngineSetup(languages: ["kor", "eng"]), dataDirectory: directory)
        let before = step.override.changedCount
        let done = try read(fixture, with: engine)
        if step.applies {
            #expect(step.override.changedCount > before, "Tesseract's own function was called, not the package's")
        } else {
            #expect(step.override.changedCount == before, "the step was taken without the instructions it needs")
        }
        step.leave(to: engine)
        let counted = step.override.changedCount
        let left = try read(fixture, with: engine)
        #expect(step.override.changedCount == counted)
        #expect(done.count > 1)
        #expect(done.map(\.line) == left.map(\.line))
        #expect(done.map(\.characters) == left.map(\.characters))
        #expect(done.map(\.preparedBox) == left.map(\.preparedBox))
    }

    @Test(
        "The LSTM's gate functions, eight values at a time, equal libtesseract's own bit for bit, from tiny values to NaN",
        .enabled(if: TesseractOverride.vectorOverridesBuilt, "the vectorised overrides are built for x86-64 Linux only"),
        arguments: TesseractOverride.GateFunction.allCases)
    func gateFunction(_ function: TesseractOverride.GateFunction) throws {
        // Every magnitude from 2^-20 to 2^40 on a fine grid, both signs, and the edges: zeros,
        // the table's end (16), values whose scaled size passes 32 and 63 bits, NaN, infinity.
        var values: [Float] = [0, -0.0, 16, -16, 15.996, -15.996, 0x1p23, 0x1p24, -0x1p24, 0x1p55, 1e30, -1e30, .nan, .infinity, -.infinity]
        var magnitude: Float = 0x1p-20
        while magnitude < 0x1p40 {
            values += [magnitude, -magnitude]
            magnitude *= 1 + 0x1p-11
        }
        let expected = try #require(TesseractOverride.library(function, of: values))
        guard TesseractOverride.vectorInstructionsAvailable else { return }
        let vectorised = try #require(TesseractOverride.vectorised(function, of: values))
        #expect(values.count > 100_000)
        let differing = zip(values, zip(expected, vectorised)).filter { $0.1.0.bitPattern != $0.1.1.bitPattern }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { "\($0.0): \($0.1.0) vs \($0.1.1)" })")
    }

    @Test(
        "The 8-bit matrix products with dot-product instructions equal libtesseract's AVX2 products bit for bit, for every set of outputs",
        .enabled(if: TesseractOverride.vectorOverridesBuilt, "the vectorised overrides are built for x86-64 Linux only"),
        arguments: [(8, 1), (16, 3), (24, 5), (40, 17), (56, 96), (64, 33), (72, 100), (111, 4), (512, 608), (1000, 96)])
    func matrixProduct(outputs: Int, inputs: Int) throws {
        var random = SystemRandomNumberGenerator()
        let roundedInputs = (inputs + 3) / 4 * 4
        let roundedOutputs = (outputs + 7) / 8 * 8
        // Weights and values over the whole range Tesseract quantises to (±127), as shaped.
        let weights = (0..<(roundedInputs + 1) * roundedOutputs).map { _ in Int8.random(in: -127...127, using: &random) }
        let scales = (0..<roundedOutputs).map { _ in Float.random(in: 0...0.01, using: &random) }
        let values = (0..<roundedInputs + 32).map { _ in Int8.random(in: -127...127, using: &random) }
        let expected = try #require(
            TesseractOverride.product(outputs: outputs, inputs: inputs, weights: weights, scales: scales, values: values, library: true))
        guard TesseractOverride.dotProductInstructionsAvailable else { return }
        let product = try #require(
            TesseractOverride.product(outputs: outputs, inputs: inputs, weights: weights, scales: scales, values: values, library: false))
        #expect(product.map(\.bitPattern) == expected.map(\.bitPattern))
        #expect(expected.contains { $0 != 0 })
    }

    /// `fixture` read as one block by `engine` on this thread.
    private func read(_ fixture: String, with engine: TesseractEngine, mode: TessPageSegMode = PSM_SINGLE_BLOCK) throws -> [PreparedLine] {
        let image = try Fixture(fixture).grayscaleImage()
        let prepared = PreparedImage(image: image, frame: PreparedFrame(identityOf: image.size))
        return try #require(try engine.look(at: prepared, mode, control: RecognitionControl(progress: nil)))
    }
}
