import Domain

/// What `ocr scan --format jsonl` prints for one image, on one line:
/// `{"file":…,"index":…,"seconds":…,"result":{…}}` or `{…,"error":…,"exitCode":…}`;
/// `index` is the input's position (`InputPosition`), with `page` and `pages` for a page of
/// an input of several.
struct BatchRecord: Encodable {
    var file: String
    var index: Int
    var page: Int?
    var pages: Int?
    var seconds: Double
    var result: ScanReport?
    var error: String?
    var exitCode: Int32?

    init(item: OCRBatchItem, position: InputPosition?, extraction: Extraction?) {
        file = item.name
        index = position?.input ?? item.index
        page = position?.page
        pages = position?.pages
        seconds = (item.duration.inSeconds * 1000).rounded() / 1000
        switch item.outcome {
        case .success(let value):
            result = ScanReport(file: item.name, result: value, extraction: extraction)
        case .failure(let failure):
            error = String(describing: failure)
            exitCode = ExitCode(for: failure).rawValue
        }
    }
}
