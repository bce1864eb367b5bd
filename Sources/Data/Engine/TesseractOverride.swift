internal import CTesseract
internal import CTesseractOverrides
import Foundation

/// A step of Tesseract's that `CTesseractOverrides` leaves out on the threads that ask, by
/// taking the place of the library function that does it (the dynamic linker resolves
/// libtesseract's call to the package's; on any other thread it passes the call on).
///
/// Engines read exactly as they would with the step (`TesseractOverrideTests`).
///
/// Where they apply: a 64-bit Linux with ELF, and a libtesseract 5.3.x computing in `float`
/// for those that read its private layouts (verified on Debian 12's 5.3.0), on x86-64 with
/// AVX2 or AVX-512 VNNI for the vectorised ones. Elsewhere Tesseract runs unchanged, and the
/// trace line (`SWIFTOCR_TRACE=1`) names each override that does not apply and why
/// (`overrides-off=matrixProducts:no-avx512-vnni`). `SWIFTOCR_OVERRIDES=0` turns them all off
/// in the process, `TesseractOCRRepository(usesTesseractOverrides: false)` for one
/// repository's engines, and building with `-Xcc -DSWIFTOCR_NO_OVERRIDES` leaves them out.
struct TesseractOverride: Sendable {
    /// The override's name in traces.
    let name: String
    /// What it needs beyond being built for the platform.
    private let needs: Need
    /// Begins the override on this thread; whether it did (it may not apply to the library loaded).
    private let begin: @Sendable () -> Bool
    private let end: @Sendable () -> Void
    private let changed: @Sendable () -> Int

    /// What an override needs to apply.
    enum Need: Sendable {
        /// Only to take the place of a library function.
        case interposition
        /// To read libtesseract's private layouts (5.3.x).
        case tesseractLayout
        /// The layouts and the processor's AVX2.
        case avx2
        /// The layouts and the processor's AVX-512 VNNI.
        case avx512VNNI
    }

    private init(
        _ name: String, needs: Need, begin: @escaping @Sendable () -> Bool, end: @escaping @Sendable () -> Void,
        changed: @escaping @Sendable () -> Int
    ) {
        self.name = name
        self.needs = needs
        self.begin = begin
        self.end = end
        self.changed = changed
    }

    /// Whether `SWIFTOCR_OVERRIDES=0` turned every override off in this process.
    static let switchedOffByEnvironment = ProcessInfo.processInfo.environment["SWIFTOCR_OVERRIDES"] == "0"

    /// `body`, with the step left out of what it makes Tesseract do on this thread.
    func during<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let begun = !Self.switchedOffByEnvironment && begin()
        defer { if begun { end() } }
        return try body()
    }

    /// `body`, with each of `overrides` in force.
    static func during<Result>(_ overrides: [TesseractOverride], _ body: () -> Result) -> Result {
        let begun = switchedOffByEnvironment ? [] : overrides.filter { $0.begin() }
        defer { for override in begun.reversed() { override.end() } }
        return body()
    }

    /// Why the override does not apply in this process, or `nil` when it does.
    var unavailability: String? {
        if Self.switchedOffByEnvironment { return "SWIFTOCR_OVERRIDES=0" }
        guard tesseract_overrides_built() != 0 else { return "not-built-for-this-platform" }
        if needs == .avx2 || needs == .avx512VNNI, tesseract_overrides_vector_built() == 0 { return "x86-64-only" }
        if begin() {
            end()
            return nil
        }
        switch needs {
        case .avx2 where !Self.vectorInstructionsAvailable: return "no-avx2"
        case .avx512VNNI where !Self.dotProductInstructionsAvailable: return "no-avx512-vnni"
        default: return "libtesseract-\(Self.libraryVersion)-unverified(5.3.0)"
        }
    }

    /// Whether the vectorised overrides are built into this package (x86-64 Linux).
    static var vectorOverridesBuilt: Bool { tesseract_overrides_vector_built() != 0 }

    /// Whether the override applies in this process (`unavailability` is `nil`).
    var isAvailable: Bool { unavailability == nil }

    /// Every override, in the order engines use them.
    static var all: [TesseractOverride] {
        [universalAmbiguities, storedLineImages, paragraphs, koreanWords, strideIndex, networkSteps, matrixProducts, lstmLayers]
    }

    /// The overrides that do not apply in this process, with why, for the trace
    /// (`strideIndex:libtesseract-5.5.0-unverified(5.3.0)`); asked once.
    static let unavailable: [String] = all.compactMap { override in override.unavailability.map { "\(override.name):\($0)" } }

    /// The version of the libtesseract loaded (`TessVersion`).
    private static var libraryVersion: String { String(cString: TessVersion()) }

    /// How many calls the override changed on this thread (stays 0 where Tesseract's call
    /// cannot be taken over: its step is then done as before).
    var changedCount: Int { changed() }

    /// Tesseract's built-in table of character ambiguities (`universalambigs.h`), parsed by
    /// `UnicharAmbigs::LoadUniversal` at every language load, whatever the engine mode,
    /// though only the legacy engine reads it: about two thirds of the start of an engine
    /// holding a Latin model (`eng` 0.10 → 0.02 s, `kor+eng` 0.14 → 0.05 s on this machine's
    /// `tesseract` command), and an `ocr scan` starts up to six such engines. Left out while
    /// an engine whose languages read with the LSTM alone starts (`TesseractEngine.init`).
    static let universalAmbiguities = TesseractOverride(
        "universalAmbiguities", needs: .interposition,
        begin: { tesseract_overrides_skip_ambiguities_begin() != 0 }, end: { tesseract_overrides_skip_ambiguities_end() },
        changed: { tesseract_overrides_skipped_ambiguity_tables() })

    /// The compression of the line images Tesseract's LSTM keeps while it reads: it writes
    /// every line image into memory as a PNG (`ImageData::SetPixInternal`, through
    /// Leptonica's `pixWriteMem`) and decodes it again at once, and zlib's deflate and
    /// inflate held 4% of the CPU of a reading. Left out (PNGs stored at zlib level 0, the
    /// same pixels back) while an engine of ours recognises (`TesseractEngine.recognizing`).
    static let storedLineImages = TesseractOverride(
        "storedLineImages", needs: .interposition,
        begin: { tesseract_overrides_store_line_images_begin() != 0 }, end: { tesseract_overrides_store_line_images_end() },
        changed: { tesseract_overrides_stored_line_images() })

    /// Tesseract's paragraph detection after every recognition (`TessBaseAPI::DetectParagraphs`),
    /// which nothing here reads, and which costs the square of a page's blocks: a snack box
    /// photo read in sparse mode spent most of its minutes there. Left out while an engine of
    /// ours recognises (`TesseractEngine.recognizing`): each block is one paragraph, and the
    /// lines, words and boxes read are the same.
    static let paragraphs = TesseractOverride(
        "paragraphs", needs: .interposition,
        begin: { tesseract_overrides_skip_paragraphs_begin() != 0 }, end: { tesseract_overrides_skip_paragraphs_end() },
        changed: { tesseract_overrides_skipped_paragraph_detections() })

    /// The other models' second reading of a group of words in which the Korean model left a
    /// word of Hangul under Tesseract's stopper certainty (`Dict::AcceptableResult`), though
    /// they cannot read Hangul: 40% of a `kor+eng` reading's CPU on a Korean report page.
    /// Such a word (Hangul syllables with marks both models read alike, nothing else) read
    /// more surely than `koreanWordFloor` is accepted while an engine holding a Korean model
    /// and others recognises (`TesseractEngine.recognizing`); words with digits or Latin
    /// letters, and those under the floor, are still read by every model. Only where the
    /// libtesseract loaded is 5.3.x (the word is read through its private layout).
    static let koreanWords = TesseractOverride(
        "koreanWords", needs: .tesseractLayout,
        begin: { tesseract_overrides_accept_korean_words_begin(Float(koreanWordFloor)) != 0 },
        end: { tesseract_overrides_accept_korean_words_end() },
        changed: { tesseract_overrides_accepted_korean_words() })

    /// The certainty (Tesseract's scaled word certainty, 7 × its least sure character's)
    /// above which a Korean word the stopper rejects is kept without the other models; the
    /// stopper's own is -2.5. Under -10 a character of the word was read as no syllable with
    /// any confidence, and may be a misread Latin letter, digit or mark: the other models'
    /// reading then feeds the Korean second opinion, which has a word read wrongly reread
    /// with `kor` alone. With the floor the 23 real images read the same (1 image 0.002
    /// better, 1 0.001 worse); with none, a cafeteria menu read 0.119 → 0.228 and a report
    /// 0.018 → 0.020 (Docs/Benchmarks.md).
    static let koreanWordFloor = -10.0

    /// The calls Tesseract's LSTM makes between the small steps of its index over a line's
    /// positions (`StrideMap::Index`: `AddOffset` calling `SetTFromIndices` and `IsValid`,
    /// which calls `MaxIndexOfDim` three times, each through the library's PLT), 14% of a
    /// reading's CPU. Each step is done in the package with the steps it calls inlined, while
    /// an engine of ours recognises (`TesseractEngine.recognizing`): the same indices, so the
    /// same reading. Only where the libtesseract loaded is 5.3.x (the index is read through its
    /// private layout).
    static let strideIndex = TesseractOverride(
        "strideIndex", needs: .tesseractLayout,
        begin: { tesseract_overrides_inline_stride_index_begin() != 0 }, end: { tesseract_overrides_inline_stride_index_end() },
        changed: { tesseract_overrides_inlined_stride_index_steps() })

    /// Three steps Tesseract's LSTM takes for every line, slow in Debian's build: writing a
    /// time step (`NetworkIO::WriteTimeStepPart`: activations scaled to 8 bits one at a
    /// time behind a branch, 6-7% of a reading's CPU, left unvectorised), the first layer
    /// (`Convolve::Forward`: three calls per pixel and neighbour) and the second
    /// (`Maxpool::Forward`: two calls per position covered). Done in the package as
    /// Tesseract does them, the first in a loop the compiler vectorises, the others without
    /// the calls (with the same random numbers for places outside the image; where each
    /// greatest came from, which only learning reads, left unnoted), while an engine of ours recognises (`TesseractEngine.recognizing`): the same values,
    /// so the same reading. Only where the libtesseract loaded is 5.3.x (the values are
    /// reached through its private layouts).
    static let networkSteps = TesseractOverride(
        "networkSteps", needs: .tesseractLayout,
        begin: { tesseract_overrides_vectorise_network_steps_begin() != 0 },
        end: { tesseract_overrides_vectorise_network_steps_end() },
        changed: { tesseract_overrides_vectorised_network_steps() })

    /// The LSTM's products of 8-bit weights and inputs (`WeightMatrix::MatrixDotVector`), the
    /// bulk of a reading's arithmetic (14% of its CPU), which Debian's libtesseract does with
    /// AVX2 at best, five instructions for each 32 weights. Where the processor has AVX-512
    /// with VNNI, done in the package with its dot-product instruction (`vpdpbusd`), 64 weights
    /// at a time, while an engine of ours recognises (`TesseractEngine.recognizing`): the same
    /// integer sums scaled by the same float operations, so the same values and the same
    /// reading. Only where the libtesseract loaded is 5.3.x (the weights are reached through
    /// its private layout) and the processor has the instructions (`dotProductInstructionsAvailable`).
    static let matrixProducts = TesseractOverride(
        "matrixProducts", needs: .avx512VNNI,
        begin: { tesseract_overrides_use_dot_product_instructions_begin() != 0 },
        end: { tesseract_overrides_use_dot_product_instructions_end() },
        changed: { tesseract_overrides_dot_product_instruction_products() })

    /// The products of `weights` (`outputs` by `inputs` and a bias each, shaped as
    /// libtesseract shapes them for AVX2) with `values`, scaled by `scales`, as
    /// `matrixProducts` does them (`library` false: nil without the instructions) or as the
    /// library's own AVX2 function does (`library` true: nil without it).
    static func product(
        outputs: Int, inputs: Int, weights: [Int8], scales: [Float], values: [Int8], library: Bool
    ) -> [Float]? {
        var out = [Float](repeating: 0, count: (outputs + 7) / 8 * 8)
        let done = out.withUnsafeMutableBufferPointer { out in
            library
                ? tesseract_overrides_library_product(Int32(outputs), Int32(inputs), weights, scales, values, out.baseAddress)
                : tesseract_overrides_dot_product_instruction_product(Int32(outputs), Int32(inputs), weights, scales, values, out.baseAddress)
        }
        return done != 0 ? out : nil
    }

    /// Whether this processor has the instructions `matrixProducts` uses.
    static var dotProductInstructionsAvailable: Bool { tesseract_overrides_dot_product_instructions_available() != 0 }

    /// The LSTM layers' elementwise work (`LSTM::Forward`): for each position of a line, the
    /// values of its four gates put through table-interpolated tanh and logistic functions one
    /// at a time behind branches in Debian's build, 14% of a reading's CPU beside the matrix
    /// products. A one-dimensional layer in 8-bit mode that never learns (Tesseract's own
    /// models) is run in the package as lstm.cpp runs it, the functions eight values at a time
    /// by the same interpolation, while an engine of ours recognises
    /// (`TesseractEngine.recognizing`): the same values, so the same reading. Only where the
    /// libtesseract loaded is 5.3.x (the layer is reached through its private layout) and the
    /// processor has AVX2.
    static let lstmLayers = TesseractOverride(
        "lstmLayers", needs: .avx2,
        begin: { tesseract_overrides_vectorise_lstm_begin() != 0 }, end: { tesseract_overrides_vectorise_lstm_end() },
        changed: { tesseract_overrides_vectorised_lstm_layers() })

    /// Whether this processor has the instructions `lstmLayers` uses.
    static var vectorInstructionsAvailable: Bool { tesseract_overrides_avx2_available() != 0 }

    /// A gate function of an LSTM: tanh, or the logistic function.
    enum GateFunction: Sendable, CaseIterable {
        case tanh, logistic
    }

    /// `values` put through `function` as `lstmLayers` does it, or nil where it cannot (no AVX2).
    static func vectorised(_ function: GateFunction, of values: [Float]) -> [Float]? {
        var result = values
        let done = result.withUnsafeMutableBufferPointer {
            tesseract_overrides_vectorised_gate_function($0.baseAddress, Int32($0.count), function == .tanh ? 1 : 0)
        }
        return done != 0 ? result : nil
    }

    /// `values` put through `function` by libtesseract's own code, or nil where it is not found.
    static func library(_ function: GateFunction, of values: [Float]) -> [Float]? {
        var result = values
        let done = result.withUnsafeMutableBufferPointer {
            tesseract_overrides_library_gate_function($0.baseAddress, Int32($0.count), function == .tanh ? 1 : 0)
        }
        return done != 0 ? result : nil
    }
}
