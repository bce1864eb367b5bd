/// Help and usage text, in swift-argument-parser's layout.
enum HelpText {
    static let version = "0.1.0"

    static func usage(for subcommand: Subcommand?) -> String {
        switch subcommand {
        case nil: "ocr <subcommand>"
        case .scan?:
            "ocr scan <image> ... [--files-from <file>] [--lang <lang>] [--min-confidence <min-confidence>] [--min-text-height <fraction>] [--region <x,y,width,height>] [--raw] [--extract <kind>] [--rotation <rotation>] [--level <level>] [--segmentation <segmentation>] [--format <format>] [--output <file>] [--annotate <png>] [--custom-words <file>] [--no-language-correction] [--detector] [--no-barcodes] [--candidates <count>] [--jobs <jobs>] [--recursive] [--follow-links] [--read-text-pages] [--quiet] [--time-limit <seconds>] [--tessdata <tessdata>]"
        case .langs?: "ocr langs [--tessdata <tessdata>]"
        case .extract?: "ocr extract <kind> <text> ... [--format <format>]"
        }
    }

    static func help(for subcommand: Subcommand?) -> String {
        switch subcommand {
        case nil: topLevel
        case .scan?: scan
        case .langs?: langs
        case .extract?: extract
        }
    }

    private static let topLevel = """
        OVERVIEW: Read text in images on this device with Tesseract: Korean first, any \
        Tesseract language after.

        USAGE: \(usage(for: nil))

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          scan                    Recognise the text in images.
          langs                   List the installed languages and where they were found.
          extract                 Read a receipt's fields from text already recognised.

          See 'ocr help <subcommand>' for detailed help.

        """

    private static let scan = """
        OVERVIEW: Recognise the text in images.

        Results go to standard output, diagnostics to standard error. A failing image is \
        reported and the others are still read. Exit status: 0 when every image was read, \
        64 for a usage error, 65 when an input cannot be read or is not an image, 69 when \
        language data is missing, 1 for other failures.

        USAGE: \(usage(for: .scan))

        ARGUMENTS:
          <image>                 Images to read: PNG, JPEG, TIFF, BMP, GIF or WebP files, PDFs
                                  (every page, rendered as shown with poppler's tools), or
                                  directories of them. '-' reads standard input.

        OPTIONS:
          --files-from <file>     Read the image paths from <file>, one per line ('-': standard
                                  input), as they arrive, with engines kept warm; each result
                                  is printed as soon as it is done (with --format jsonl, one
                                  line per image, with its path, its input's index in the list,
                                  a PDF page's page and pages, and any error). The map step of
                                  Spark's RDD.pipe or GNU Parallel (Docs/Scaling.md).
          -l, --lang <lang>       Tesseract languages joined by '+', most important first;
                                  'auto' picks them per image from the script detected.
                                  (default: kor+eng)
          --min-confidence <min-confidence>
                                  Lines the engine is less sure of than this (0 to 1) are
                                  not printed. (default: 0.5)
          --min-text-height <fraction>
                                  Lines shorter than this fraction of the image height are
                                  not printed, like Apple Vision's minimumTextHeight.
                                  (default: 0)
          --region <x,y,width,height>
                                  Read only this region, cut out before reading: fractions
                                  of the image, origin bottom-left (0,0.5,1,0.5 is the top half).
          --raw                   Switch every recognition rule off (confidence filter,
                                  clean-up, garbage-line removal, digit repair): print
                                  every line as the engine read it.
          --extract <kind>        Read structured fields from the lines: 'receipt' (Korean
                                  store receipts: merchant, registration number, date and
                                  time, items, VAT, total, payment, card, approval). Printed as a summary in
                                  text, under "receipt" in JSON. (values: receipt)
          --rotation <rotation>   How far the stored image must be turned clockwise to stand
                                  upright; 'auto' honours the JPEG EXIF orientation and
                                  detects the page orientation. (values: auto, 0, 90, 180,
                                  270; default: auto)
          --level <level>         'accurate' prepares the image fully and checks its readings;
                                  'fast' reads once with light preparation (kor+eng: the
                                  English model reads only the words the Korean model
                                  doubts). (values: fast, accurate; default: accurate)
          --segmentation <segmentation>
                                  How the page is split into lines: 'auto' reads one block
                                  and falls back to layout analysis when that looks wrong.
                                  (values: auto, layout, column, block, line, sparse;
                                  default: auto)
          --format <format>       The output format; jsonl prints one JSON object per image as
                                  soon as it is done; markdown prints the document view
                                  (headings, paragraphs, lists, tables); hocr and alto
                                  write one document with a page per image; pdf writes a
                                  searchable PDF to --output. (values: text, json, jsonl,
                                  tsv, markdown, hocr, alto, pdf; default: text)
          -o, --output <file>     The file --format pdf writes. It replaces an existing
                                  PDF only once complete; an input or a file of another
                                  kind is never replaced.
          --custom-words <file>   Words to prefer, one per line (product and shop names,
                                  jargon): a reading close to one is drawn to it.
          --no-language-correction
                                  Read without the languages' dictionaries (codes, serial
                                  numbers, names a dictionary would "correct").
          --detector              Also find lines with the trained text detector
                                  (PP-OCRv5 through ONNX Runtime, installed by
                                  Scripts/setup.sh): more read on photos, slower.
          --no-barcodes           Do not look for barcodes and QR codes (read with zbar
                                  when it is installed).
          --candidates <count>    Readings per line, best first, in JSON's candidates
                                  (1 to 10; above 1 each line is read once more).
                                  (default: 1)
          --annotate <png>        Write the image, stood upright as it was read, with each
                                  line's box drawn (green: confidence ≥ 0.9, orange: ≥ 0.5,
                                  red: below) to <png>. One image path only.
          -j, --jobs <jobs>       Images read at once, each on its own engine; at most one
                                  per core (more wait their turn). (default: the number of
                                  cores)
          -r, --recursive         Read directories at every level, not only their top.
          --read-text-pages       Read PDF pages whose text layer already holds their text as
                                  images too (by default they are noted and left out).
          -L, --follow-links      With --recursive, follow links to directories too (each
                                  directory is still read once; without it, links to
                                  directories are noted and not followed).
          --time-limit <seconds>  Stop reading an image that keeps its engine busy longer than
                                  this, and report it as failed; 0 for no limit.
                                  (default: 60)
          -q, --quiet             Do not draw the progress bar on standard error (it is drawn
                                  only when standard error is a terminal).
          --tessdata <tessdata>   A directory of .traineddata files to use instead of
                                  TESSDATA_PREFIX and the standard locations.
          -h, --help              Show help information.

        """

    private static let extract = """
        OVERVIEW: Read a receipt's fields from text already recognised (by this tool with         --raw, or any other engine): one printed line per line of each file.

        Exit status: 0 when every file was read, 64 for a usage error, 65 when a file cannot         be read or is not UTF-8 text.

        USAGE: \(usage(for: .extract))

        ARGUMENTS:
          <kind>                  What to extract. (values: receipt)
          <text>                  UTF-8 text files, one recognised line per line; '-' reads
                                  standard input.

        OPTIONS:
          --format <format>       A summary per file, or one JSON object per file (an array
                                  for several) with the fields under "receipt".
                                  (values: text, json; default: text)
          -h, --help              Show help information.

        """

    private static let langs = """
        OVERVIEW: List the installed languages and where they were found.

        USAGE: \(usage(for: .langs))

        OPTIONS:
          --tessdata <tessdata>   A directory of .traineddata files to use instead of
                                  TESSDATA_PREFIX and the standard locations.
          -h, --help              Show help information.

        """
}
