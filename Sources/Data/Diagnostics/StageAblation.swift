import Foundation

/// A measuring aid: with `SWIFTOCR_SKIP=numbers,unsure`, the named steps after the reading
/// (`LineReview.stage`, as `SWIFTOCR_TRACE` names them) are left out, so what each one is
/// worth can be measured on a set of images (`Benchmarks/ablation.py`). Never set in use;
/// a traced recognition says which steps it left out (`skipped=numbers+unsure`).
enum StageAblation {
    static let skipped: Set<String> = Set(
        (ProcessInfo.processInfo.environment["SWIFTOCR_SKIP"] ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty })
}
