import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A profiling aid: with `SWIFTOCR_TRACE=1`, each recognition writes one line to standard
/// error with the CPU time its thread spent in each stage (thread CPU time, so other load
/// on the machine does not inflate it):
/// `swiftocr-trace decode=0.004 prepare=0.011 read=0.183 orientation=0.000 review=0.021 korean=0.064`,
/// followed by the page passes read and their mean confidences (`passes=0:0.62,90:0.91`).
/// With `SWIFTOCR_TRACE=wall` the stages are timed by the clock instead (`clock=wall` opens
/// the line): what the job waited for, a helper's work on the spare core included — set
/// beside the CPU times, it shows which stages the two cores share and which hold the job up.
///
/// Measurements nest: a stage measured inside another is counted in its own label only.
/// Used on one engine worker's queue, within one recognition.
final class StageTrace {
    static let isEnabled = ["1", "wall"].contains(ProcessInfo.processInfo.environment["SWIFTOCR_TRACE"])
    /// Whether stages are timed by the clock (`SWIFTOCR_TRACE=wall`) rather than by the thread's CPU time.
    static let timesByClock = ProcessInfo.processInfo.environment["SWIFTOCR_TRACE"] == "wall"

    private var stages: [(String, Double)] = []
    /// The recognition passes read, in order: what was read and its mean confidence.
    private var passes: [String] = []
    /// Measurements of the image (see `note`).
    private var notes: [String] = []
    /// For each measurement in progress, the time its nested measurements took.
    private var nestedSeconds: [Double] = []

    /// Runs `body`, adding its time (thread CPU or clock, less nested measurements) to `label` when tracing.
    func measure<T>(_ label: String, _ body: () throws -> T) rethrows -> T {
        guard Self.isEnabled else { return try body() }
        let start = Self.stageTime()
        nestedSeconds.append(0)
        defer {
            let total = Self.stageTime() - start
            add(label, total - nestedSeconds.removeLast())
            if !nestedSeconds.isEmpty { nestedSeconds[nestedSeconds.count - 1] += total }
        }
        return try body()
    }

    /// Adds `seconds` measured on another thread to `label`.
    func record(_ label: String, seconds: Double) {
        guard Self.isEnabled else { return }
        add(label, seconds)
    }

    private func add(_ label: String, _ seconds: Double) {
        if let index = stages.firstIndex(where: { $0.0 == label }) {
            stages[index].1 += seconds
        } else {
            stages.append((label, seconds))
        }
    }

    /// Notes one recognition pass (`90`, `0-stretched`, `0-layout`) and its reading's mean
    /// confidence, reported as `passes=0:0.62,90:0.91`.
    func notePass(_ label: String, meanConfidence: Double) {
        guard Self.isEnabled else { return }
        passes.append("\(label):\(String(format: "%.2f", meanConfidence))")
    }

    /// Notes a measurement of the image (`light=0.72`), reported before the passes.
    func note(_ label: String, _ value: Double) {
        guard Self.isEnabled else { return }
        notes.append("\(label)=\(String(format: "%.2f", value))")
    }

    /// Notes a word about the recognition (`skipped=numbers+unsure`), reported with the measurements.
    func noteText(_ label: String, _ value: String) {
        guard Self.isEnabled else { return }
        notes.append("\(label)=\(value)")
    }

    /// The overrides that did not apply to the recognition, with why (`TesseractOverride.unavailable`).
    private var overridesOff: [String] = []

    /// Notes which of Tesseract's steps the package did not take, and why (all of them
    /// when `usesOverrides` is false), reported as `overrides-off=name:why,…`.
    func noteOverrides(usesOverrides: Bool) {
        guard Self.isEnabled else { return }
        overridesOff = usesOverrides ? TesseractOverride.unavailable : TesseractOverride.all.map { "\($0.name):usesTesseractOverrides=false" }
    }

    /// Writes the line, when tracing.
    func report() {
        guard Self.isEnabled else { return }
        var fields = Self.timesByClock ? "clock=wall " : ""
        fields += stages.map { "\($0.0)=\(String(format: "%.3f", $0.1))" }.joined(separator: " ")
        for note in notes { fields += " " + note }
        if !passes.isEmpty { fields += " passes=" + passes.joined(separator: ",") }
        if !overridesOff.isEmpty { fields += " overrides-off=" + overridesOff.joined(separator: ",") }
        FileHandle.standardError.write(Data("swiftocr-trace \(fields)\n".utf8))
    }

    /// The time stages are measured in: the clock's with `SWIFTOCR_TRACE=wall`, else the thread's CPU time.
    static func stageTime() -> Double {
        seconds(on: timesByClock ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID)
    }

    static func threadCPUTime() -> Double {
        seconds(on: CLOCK_THREAD_CPUTIME_ID)
    }

    private static func seconds(on clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
