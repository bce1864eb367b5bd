import Domain
import Foundation

/// Parses `ocr`'s arguments (without the program name) into a `Command`.
///
/// Hand-written (no package outside the toolchain can be fetched), following
/// swift-argument-parser's conventions: `--name value` or `--name=value`, combined short
/// flags (`-qr`), `--` ends options, `-` is standard input, and errors name the option and
/// the bad value (a negative number is a value, so `--jobs -1` says what is wrong with it).
public enum CommandParser {
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else {
            throw UsageError("Missing subcommand; use 'ocr scan <image>', 'ocr extract receipt <text>' or 'ocr langs'")
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help":
            return .help(nil)
        case "--version":
            return .version
        case "help":
            guard let topic = rest.first else { return .help(nil) }
            guard let subcommand = Subcommand(rawValue: topic) else {
                throw UsageError("Unknown subcommand '\(topic)'")
            }
            return .help(subcommand)
        case Subcommand.scan.rawValue:
            return try parseScan(rest)
        case Subcommand.langs.rawValue:
            return try parseLangs(rest)
        case Subcommand.extract.rawValue:
            return try parseExtract(rest)
        default:
            if first.hasPrefix("-") { throw UsageError("Unknown option '\(first)'") }
            throw UsageError("Unknown subcommand '\(first)'")
        }
    }

    private static func parseScan(_ arguments: [String]) throws(UsageError) -> Command {
        var options = ScanOptions()
        var reader = ArgumentReader(arguments, subcommand: .scan)
        var ruleOptions: [String] = []  // the rule settings given, which --raw contradicts
        while let argument = try reader.next() {
            switch argument {
            case .positional(let input):
                options.inputs.append(input)
            case .option("-h", _), .option("--help", _):
                return .help(.scan)
            case .option("-l", _), .option("--lang", _):
                let value = try reader.value(for: argument, label: "<lang>")
                if value == "auto" {  // the script detected on each image picks its languages
                    options.automaticallyDetectsLanguage = true
                    continue
                }
                do {
                    options.languages = try RecognitionOptions.languages(from: value)
                    try RecognitionOptions.validate(languages: options.languages)
                } catch .unusableLanguage(_, let reason) {
                    throw reader.invalid(value, for: "--lang <lang>", because: reason)
                } catch {
                    throw reader.invalid(value, for: "--lang <lang>", because: "use codes joined by '+', like kor+eng, or auto")
                }
            case .option("--min-confidence", _):
                options.minimumConfidence = try reader.number(
                    for: argument, option: "--min-confidence <min-confidence>", in: Float(0)...1, hint: "use a number from 0 to 1")
                ruleOptions.append("--min-confidence")
            case .option("--min-text-height", _):
                options.minimumTextHeight = try reader.number(
                    for: argument, option: "--min-text-height <fraction>", in: 0.0...1,
                    hint: "use a fraction of the image height from 0 to 1, like 0.02")
                ruleOptions.append("--min-text-height")
            case .option("--region", _):
                let value = try reader.value(for: argument, label: "<x,y,width,height>")
                guard let region = Self.region(from: value) else {
                    throw reader.invalid(
                        value, for: "--region <x,y,width,height>",
                        because: "use four fractions of the image, origin bottom-left, like 0,0.5,1,0.5 for the top half")
                }
                options.region = region  // cut out before reading: not a rule, so --raw keeps it
            case .option("--raw", _):
                options.raw = true
            case .option("--extract", _):
                options.extraction = try reader.choice(Extraction.self, for: argument, option: "--extract <kind>", hint: "use receipt")
            case .option("--rotation", _):
                let value = try reader.value(for: argument, label: "<rotation>")
                if value == "auto" {
                    options.rotation = nil
                } else if let degrees = Int(value), let rotation = RotationDegree(rawValue: degrees) {
                    options.rotation = rotation
                } else {
                    throw reader.invalid(value, for: "--rotation <rotation>", because: "use auto, 0, 90, 180 or 270")
                }
            case .option("--level", _):
                options.recognitionLevel = try reader.choice(
                    RecognitionLevel.self, for: argument, option: "--level <level>", hint: "use fast or accurate")
            case .option("--segmentation", _):
                let value = try reader.value(for: argument, label: "<segmentation>")
                guard let mode = PageSegmentation(commandLineName: value) else {
                    let names = PageSegmentation.commandLineNames.map(\.name).joined(separator: ", ")
                    throw reader.invalid(value, for: "--segmentation <segmentation>", because: "use one of \(names)")
                }
                options.pageSegmentation = mode
            case .option("--format", _):
                options.format = try reader.choice(
                    OutputFormat.self, for: argument, option: "--format <format>", hint: "use text, json, jsonl, tsv, markdown, hocr, alto or pdf")
            case .option("--custom-words", _):
                let path = try reader.value(for: argument, label: "<file>")
                options.customWords = try Self.customWords(from: path, reader: reader)
            case .option("--candidates", _):
                options.candidateCount = try reader.number(
                    for: argument, option: "--candidates <count>", in: 1...RecognitionOptions.maximumCandidateCount,
                    hint: "use a whole number from 1 to \(RecognitionOptions.maximumCandidateCount)")
            case .option("--no-language-correction", _):
                options.usesLanguageCorrection = false
            case .option("--detector", _):
                options.usesTextDetector = true
            case .option("--no-barcodes", _):
                options.readsBarcodes = false
            case .option("-o", _), .option("--output", _):
                options.outputPath = try reader.path(for: argument, option: "--output <file>")
            case .option("--annotate", _):
                options.annotationPath = try reader.path(for: argument, option: "--annotate <png>")
            case .option("-r", _), .option("--recursive", _):
                options.recursive = true
            case .option("-L", _), .option("--follow-links", _):
                options.followsLinks = true
            case .option("--read-text-pages", _):
                options.readsTextPages = true
            case .option("--files-from", _):
                options.filesFrom = try reader.path(for: argument, option: "--files-from <file>")
            case .option("-q", _), .option("--quiet", _):
                options.quiet = true
            case .option("-j", _), .option("--jobs", _):
                options.jobs = try reader.number(
                    for: argument, option: "--jobs <jobs>", in: 1...256, hint: "use a whole number from 1 to 256")
            case .option("--tessdata", _):
                options.dataDirectory = try reader.value(for: argument, label: "<tessdata>")
            case .option("--time-limit", _):
                let seconds = try reader.number(
                    for: argument, option: "--time-limit <seconds>", in: 0.0...86_400, hint: "use seconds from 0 (no limit) to 86400")
                options.timeLimit = seconds == 0 ? nil : .nanoseconds(Int64((seconds * 1e9).rounded(.up)))
            case .option(let name, _):
                throw UsageError("Unknown option '\(name)'", subcommand: .scan)
            }
        }
        guard !options.inputs.isEmpty || options.filesFrom != nil else {
            throw UsageError("Missing expected argument '<image> ...'", subcommand: .scan)
        }
        if options.inputs.count(where: { $0 == "-" }) + (options.filesFrom == "-" ? 1 : 0) > 1 {
            throw UsageError("'-' (standard input) can be read only once; give it once", subcommand: .scan)
        }
        if options.filesFrom != nil {
            if !options.inputs.isEmpty {
                throw UsageError("'--files-from' reads every path from its file; give no image paths beside it", subcommand: .scan)
            }
            if options.format == .pdf || options.annotationPath != nil {
                throw UsageError("'--files-from' prints results as they come; '--format pdf' and '--annotate' need image paths", subcommand: .scan)
            }
        }
        if options.raw, let contradicted = ruleOptions.first {
            throw UsageError("'--raw' switches every rule off, so it cannot be combined with '\(contradicted)'", subcommand: .scan)
        }
        if options.format == .pdf, options.outputPath == nil {
            throw UsageError("'--format pdf' writes a file: give it with --output FILE.pdf", subcommand: .scan)
        }
        if options.outputPath != nil, options.format != .pdf {
            throw UsageError("'--output' names the file of '--format pdf'; other formats print to standard output", subcommand: .scan)
        }
        if options.extraction != nil, [.tsv, .markdown, .hocr, .alto, .pdf].contains(options.format) {
            throw UsageError(
                "'--extract' prints fields, which '--format \(options.format.rawValue)' cannot hold; use text, json or jsonl", subcommand: .scan)
        }
        if options.annotationPath != nil, options.inputs.count != 1 || options.inputs[0] == "-" || options.recursive {
            throw UsageError("'--annotate' draws one image file: give exactly one image path", subcommand: .scan)
        }
        return .scan(options)
    }

    /// The largest words file `--custom-words` reads: far more than the 50,000 words of up
    /// to 64 characters an engine keeps.
    static let largestWordsFile = 4 << 20

    /// The words of `--custom-words FILE`, one per line, read only when the file is small
    /// enough to be a word list.
    private static func customWords(from path: String, reader: ArgumentReader) throws(UsageError) -> [String] {
        let option = "--custom-words <file>"
        guard !path.isEmpty else { throw reader.invalid(path, for: option, because: "give a file name") }
        let data: Data
        do {
            data = try BoundedReader.file(atPath: path, name: path, limit: largestWordsFile, holding: "word list")
        } catch {
            let reason = if case .unreadableFile(_, let reason) = error { reason } else { "\(error)" }
            throw reader.invalid(path, for: option, because: "\(reason); give a UTF-8 text file, one word per line")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw reader.invalid(path, for: option, because: "it is not UTF-8 text; give a UTF-8 text file, one word per line")
        }
        return text.split(whereSeparator: \.isNewline).map(String.init)
    }

    /// `x,y,width,height`, four fractions of the image with the region inside it.
    private static func region(from value: String) -> NormalizedRect? {
        let numbers = value.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2], let height = numbers[3],
            [x, y, width, height].allSatisfy({ (0...1).contains($0) }), width > 0, height > 0,
            x + width <= 1.000_001, y + height <= 1.000_001
        else { return nil }
        return NormalizedRect(x: x, y: y, width: width, height: height)
    }

    private static func parseExtract(_ arguments: [String]) throws(UsageError) -> Command {
        var options = ExtractOptions()
        var reader = ArgumentReader(arguments, subcommand: .extract)
        var kind: String?
        while let argument = try reader.next() {
            switch argument {
            case .positional(let value):
                if kind == nil { kind = value } else { options.inputs.append(value) }
            case .option("-h", _), .option("--help", _):
                return .help(.extract)
            case .option("--format", _):
                let value = try reader.value(for: argument, label: "<format>")
                guard let format = OutputFormat(rawValue: value), format == .text || format == .json else {
                    throw reader.invalid(value, for: "--format <format>", because: "use text or json")
                }
                options.format = format
            case .option(let name, _):
                throw UsageError("Unknown option '\(name)'", subcommand: .extract)
            }
        }
        guard let kind else { throw UsageError("Missing expected argument '<kind>'; use receipt", subcommand: .extract) }
        guard let extraction = Extraction(rawValue: kind) else {
            throw UsageError("Unknown kind '\(kind)'; use receipt", subcommand: .extract)
        }
        options.kind = extraction
        guard !options.inputs.isEmpty else { throw UsageError("Missing expected argument '<text> ...'", subcommand: .extract) }
        if options.inputs.count(where: { $0 == "-" }) > 1 {
            throw UsageError("'-' (standard input) can be read only once; give it once", subcommand: .extract)
        }
        return .extract(options)
    }

    private static func parseLangs(_ arguments: [String]) throws(UsageError) -> Command {
        var options = LangsOptions()
        var reader = ArgumentReader(arguments, subcommand: .langs)
        while let argument = try reader.next() {
            switch argument {
            case .positional(let extra):
                throw UsageError("Unexpected argument '\(extra)'", subcommand: .langs)
            case .option("-h", _), .option("--help", _):
                return .help(.langs)
            case .option("--tessdata", _):
                options.dataDirectory = try reader.value(for: argument, label: "<tessdata>")
            case .option(let name, _):
                throw UsageError("Unknown option '\(name)'", subcommand: .langs)
            }
        }
        return .langs(options)
    }
}

/// Splits arguments into options (with an optional `=value`) and positional arguments.
struct ArgumentReader {
    enum Argument: Equatable {
        case option(String, inlineValue: String?)
        case positional(String)
    }

    private var remaining: ArraySlice<String>
    private var optionsEnded = false
    let subcommand: Subcommand

    init(_ arguments: [String], subcommand: Subcommand) {
        self.remaining = arguments[...]
        self.subcommand = subcommand
    }

    mutating func next() throws(UsageError) -> Argument? {
        guard let argument = remaining.popFirst() else { return nil }
        if optionsEnded || argument == "-" || !argument.hasPrefix("-") { return .positional(argument) }
        if argument == "--" {
            optionsEnded = true
            return try next()
        }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            return .option(String(argument[..<equals]), inlineValue: String(argument[argument.index(after: equals)...]))
        }
        if !argument.hasPrefix("--"), argument.count > 2, argument.dropFirst().allSatisfy(\.isLetter) {
            // Combined short flags: `-qr` is `-q -r` (a flag that takes a value takes the next argument).
            remaining.insert(contentsOf: argument.dropFirst(2).map { "-\($0)" }, at: remaining.startIndex)
            return .option(String(argument.prefix(2)), inlineValue: nil)
        }
        return .option(argument, inlineValue: nil)
    }

    /// The value of an option: its `=value`, or the next argument (an argument starting
    /// with `-` is a value when a digit or `.` follows it: `-1`, `-0,-0,1,1`).
    mutating func value(for argument: Argument, label: String) throws(UsageError) -> String {
        guard case .option(let name, let inlineValue) = argument else { return "" }
        if let inlineValue { return inlineValue }
        guard let next = remaining.first, next == "-" || !next.hasPrefix("-") || Self.startsAsNumber(next.dropFirst()) else {
            throw UsageError("Missing value for '\(name) \(label)'", subcommand: subcommand)
        }
        remaining.removeFirst()
        return next
    }

    private static func startsAsNumber(_ text: Substring) -> Bool {
        guard let first = text.first else { return false }
        return first.isASCII && (first.isNumber || first == ".")
    }

    /// The option's value as a file path, which cannot be empty.
    mutating func path(for argument: Argument, option: String) throws(UsageError) -> String {
        let value = try value(for: argument, label: String(option.split(separator: " ").last ?? ""))
        guard !value.isEmpty else { throw invalid(value, for: option, because: "give a file name") }
        return value
    }

    /// The option's value as a number in `range`; `option` (`--jobs <jobs>`) names it in the error.
    mutating func number<Number: LosslessStringConvertible & Comparable>(
        for argument: Argument, option: String, in range: ClosedRange<Number>, hint: String
    ) throws(UsageError) -> Number {
        let label = String(option.split(separator: " ").last ?? "")
        let value = try value(for: argument, label: label)
        guard let number = Number(value), range.contains(number) else { throw invalid(value, for: option, because: hint) }
        return number
    }

    /// The option's value as one of `Choice`'s raw values; `option` (`--level <level>`)
    /// names it in the error.
    mutating func choice<Choice: RawRepresentable>(
        _ type: Choice.Type, for argument: Argument, option: String, hint: String
    ) throws(UsageError) -> Choice where Choice.RawValue == String {
        let value = try value(for: argument, label: String(option.split(separator: " ").last ?? ""))
        guard let choice = Choice(rawValue: value) else { throw invalid(value, for: option, because: hint) }
        return choice
    }

    func invalid(_ value: String, for option: String, because hint: String) -> UsageError {
        UsageError("The value '\(value)' is invalid for '\(option)'; \(hint)", subcommand: subcommand)
    }
}
