import Domain
import OCRCommandLine
import Testing

@Suite("Argument parsing (in process)")
struct CommandParserTests {
    struct ValidCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var expected: Command
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static func scan(_ configure: (inout ScanOptions) -> Void) -> Command {
        var options = ScanOptions()
        configure(&options)
        return .scan(options)
    }

    static let validCases: [ValidCase] = [
        ValidCase(arguments: ["--help"], expected: .help(nil)),
        ValidCase(arguments: ["-h"], expected: .help(nil)),
        ValidCase(arguments: ["help", "scan"], expected: .help(.scan)),
        ValidCase(arguments: ["scan", "--help"], expected: .help(.scan)),
        ValidCase(arguments: ["langs", "-h"], expected: .help(.langs)),
        ValidCase(arguments: ["--version"], expected: .version),
        ValidCase(arguments: ["scan", "a.png"], expected: scan { $0.inputs = ["a.png"] }),
        ValidCase(
            arguments: ["scan", "a.png", "--detector"],
            expected: scan {
                $0.inputs = ["a.png"]
                $0.usesTextDetector = true
            }),
        ValidCase(
            arguments: ["scan", "a.png", "--no-barcodes", "--format", "markdown"],
            expected: scan {
                $0.inputs = ["a.png"]
                $0.readsBarcodes = false
                $0.format = .markdown
            }),
        ValidCase(
            arguments: ["scan", "a.png", "b.jpg", "--lang", "kor", "--min-confidence", "0.7", "--rotation", "270", "--format", "json"],
            expected: scan {
                $0.inputs = ["a.png", "b.jpg"]
                $0.languages = ["kor"]
                $0.minimumConfidence = 0.7
                $0.rotation = .clockwise270
                $0.format = .json
            }),
        ValidCase(
            arguments: ["scan", "-l", "eng+kor", "--format=tsv", "--segmentation=sparse", "--tessdata", "/data", "-"],
            expected: scan {
                $0.inputs = ["-"]
                $0.languages = ["eng", "kor"]
                $0.format = .tsv
                $0.pageSegmentation = .sparseText
                $0.dataDirectory = "/data"
            }),
        ValidCase(arguments: ["scan", "--", "-odd-name.png"], expected: scan { $0.inputs = ["-odd-name.png"] }),
        ValidCase(
            arguments: ["scan", "dir", "-r", "--jobs", "3", "-q", "--format", "jsonl"],
            expected: scan {
                $0.inputs = ["dir"]
                $0.recursive = true
                $0.jobs = 3
                $0.quiet = true
                $0.format = .jsonl
            }),
        ValidCase(
            arguments: ["scan", "a.png", "--rotation", "90", "--rotation", "auto", "--level", "fast"],
            expected: scan {
                $0.inputs = ["a.png"]
                $0.recognitionLevel = .fast
            }),
        ValidCase(
            arguments: ["scan", "r.jpg", "--min-text-height", "0.02", "--region", "0,0.5,1,0.5", "--extract", "receipt", "--format", "json"],
            expected: scan {
                $0.inputs = ["r.jpg"]
                $0.minimumTextHeight = 0.02
                $0.region = NormalizedRect(x: 0, y: 0.5, width: 1, height: 0.5)
                $0.extraction = .receipt
                $0.format = .json
            }),
        ValidCase(
            arguments: ["scan", "a.png", "--raw"],
            expected: scan {
                $0.inputs = ["a.png"]
                $0.raw = true
            }),
        ValidCase(
            arguments: ["scan", "-qr", "dir"],
            expected: scan {
                $0.inputs = ["dir"]
                $0.quiet = true
                $0.recursive = true
            }),
        ValidCase(
            arguments: ["scan", "-rqj", "2", "dir"],
            expected: scan {
                $0.inputs = ["dir"]
                $0.quiet = true
                $0.recursive = true
                $0.jobs = 2
            }),
        ValidCase(
            arguments: ["scan", "a.png", "--time-limit", "0.000001"],
            expected: scan {
                $0.inputs = ["a.png"]
                $0.timeLimit = .nanoseconds(1000)
            }),
        ValidCase(
            arguments: ["scan", "a.png", "--time-limit", "2.5"],
            expected: scan {
                $0.inputs = ["a.png"]
                $0.timeLimit = .milliseconds(2500)
            }),
        ValidCase(
            arguments: ["scan", "a.png", "--time-limit=0"],
            expected: scan {
                $0.inputs = ["a.png"]
                $0.timeLimit = nil
            }),
        ValidCase(
            arguments: ["langs", "--tessdata=/x"],
            expected: .langs(
                {
                    var o = LangsOptions()
                    o.dataDirectory = "/x"
                    return o
                }())),
    ]

    @Test("Valid command lines", arguments: validCases)
    func valid(testCase: ValidCase) throws {
        #expect(try CommandParser.parse(testCase.arguments) == testCase.expected)
    }

    struct InvalidCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var subcommand: Subcommand?
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let invalidCases: [InvalidCase] = [
        InvalidCase(arguments: [], message: "Missing subcommand; use 'ocr scan <image>', 'ocr extract receipt <text>' or 'ocr langs'"),
        InvalidCase(arguments: ["read"], message: "Unknown subcommand 'read'"),
        InvalidCase(arguments: ["--verbose"], message: "Unknown option '--verbose'"),
        InvalidCase(arguments: ["scan"], message: "Missing expected argument '<image> ...'", subcommand: .scan),
        InvalidCase(arguments: ["scan", "a.png", "--foo"], message: "Unknown option '--foo'", subcommand: .scan),
        InvalidCase(arguments: ["scan", "a.png", "--lang"], message: "Missing value for '--lang <lang>'", subcommand: .scan),
        InvalidCase(
            arguments: ["scan", "a.png", "--lang", "kor+"],
            message: "The value 'kor+' is invalid for '--lang <lang>'; use codes joined by '+', like kor+eng, or auto", subcommand: .scan),
        InvalidCase(
            arguments: ["scan", "a.png", "--candidates", "11"],
            message: "The value '11' is invalid for '--candidates <count>'; use a whole number from 1 to 10", subcommand: .scan),
        InvalidCase(arguments: ["scan", "a.png", "--annotate"], message: "Missing value for '--annotate <png>'", subcommand: .scan),
        InvalidCase(
            arguments: ["scan", "a.png", "--min-confidence", "1.5"],
            message: "The value '1.5' is invalid for '--min-confidence <min-confidence>'; use a number from 0 to 1", subcommand: .scan),
        InvalidCase(
            arguments: ["scan", "a.png", "--rotation", "45"],
            message: "The value '45' is invalid for '--rotation <rotation>'; use auto, 0, 90, 180 or 270", subcommand: .scan),
        InvalidCase(
            arguments: ["scan", "a.png", "--level", "best"],
            message: "The value 'best' is invalid for '--level <level>'; use fast or accurate", subcommand: .scan),
        InvalidCase(
            arguments: ["scan", "a.png", "--format", "xml"],
            message: "The value 'xml' is invalid for '--format <format>'; use text, json, jsonl, tsv, markdown, hocr, alto or pdf", subcommand: .scan),
        InvalidCase(
            arguments: ["scan", "a.png", "--rotation", "--format", "json"],
            message: "Missing value for '--rotation <rotation>'", subcommand: .scan),
        InvalidCase(arguments: ["langs", "extra"], message: "Unexpected argument 'extra'", subcommand: .langs),
        InvalidCase(
            arguments: ["scan", "a.png", "--jobs", "0"],
            message: "The value '0' is invalid for '--jobs <jobs>'; use a whole number from 1 to 256", subcommand: .scan),
        InvalidCase(
            arguments: ["scan", "a.png", "--region", "0.5,0,0.6,1"],
            message:
                "The value '0.5,0,0.6,1' is invalid for '--region <x,y,width,height>'; use four fractions of the image, origin bottom-left, like 0,0.5,1,0.5 for the top half",
            subcommand: .scan),
        InvalidCase(
            arguments: ["scan", "a.png", "--region", "0,0,1"],
            message:
                "The value '0,0,1' is invalid for '--region <x,y,width,height>'; use four fractions of the image, origin bottom-left, like 0,0.5,1,0.5 for the top half",
            subcommand: .scan),
        InvalidCase(
            arguments: ["scan", "a.png", "--min-text-height", "2"],
            message: "The value '2' is invalid for '--min-text-height <fraction>'; use a fraction of the image height from 0 to 1, like 0.02",
            subcommand: .scan),
        InvalidCase(
            arguments: ["scan", "a.png", "--raw", "--min-confidence", "0.7"],
            message: "'--raw' switches every rule off, so it cannot be combined with '--min-confidence'", subcommand: .scan),
        InvalidCase(
            arguments: ["scan", "a.png", "--time-limit", "-1"],
            message: "The value '-1' is invalid for '--time-limit <seconds>'; use seconds from 0 (no limit) to 86400", subcommand: .scan),
        InvalidCase(
            arguments: ["scan", "a.png", "--jobs", "-1"],
            message: "The value '-1' is invalid for '--jobs <jobs>'; use a whole number from 1 to 256", subcommand: .scan),
        InvalidCase(arguments: ["scan", "a.png", "-qx"], message: "Unknown option '-x'", subcommand: .scan),
        InvalidCase(
            arguments: ["scan", "a.png", "--time-limit", "soon"],
            message: "The value 'soon' is invalid for '--time-limit <seconds>'; use seconds from 0 (no limit) to 86400", subcommand: .scan),
        InvalidCase(
            arguments: ["scan", "a.png", "--extract", "invoice"],
            message: "The value 'invoice' is invalid for '--extract <kind>'; use receipt", subcommand: .scan),
        InvalidCase(
            arguments: ["scan", "a.png", "--extract", "receipt", "--format", "tsv"],
            message: "'--extract' prints fields, which '--format tsv' cannot hold; use text, json or jsonl", subcommand: .scan),
    ]

    @Test("Invalid command lines name the problem", arguments: invalidCases)
    func invalid(testCase: InvalidCase) {
        #expect(throws: UsageError(testCase.message, subcommand: testCase.subcommand)) {
            try CommandParser.parse(testCase.arguments)
        }
    }
}
