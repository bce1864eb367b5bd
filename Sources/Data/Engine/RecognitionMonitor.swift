internal import CTesseract

/// Owns one Tesseract monitor (`ETEXT_DESC`, made by `TessMonitorCreate`) wired to a
/// `RecognitionControl` through its cancel and progress callbacks.
///
/// The callbacks are plain C functions: they find the control through the monitor's
/// `cancel_this` pointer (`TessMonitorSetCancelThis`), which holds it unretained; the
/// monitor never outlives the control because it keeps a strong reference to it.
final class RecognitionMonitor {
    let handle: OpaquePointer
    /// The control its callbacks answer to.
    let control: RecognitionControl
    private let progressRange: ClosedRange<Double>

    /// Creates a monitor whose Tesseract progress (0...100) maps into `progressRange`.
    init(control: RecognitionControl, progressRange: ClosedRange<Double> = 0...1) {
        self.control = control
        self.progressRange = progressRange
        handle = TessMonitorCreate()
        TessMonitorSetCancelThis(handle, Unmanaged.passUnretained(self).toOpaque())
        TessMonitorSetCancelFunc(
            handle,
            { context, _ in
                guard let context else { return false }
                return Unmanaged<RecognitionMonitor>.fromOpaque(context).takeUnretainedValue().control.shouldStop
            })
        TessMonitorSetProgressFunc(
            handle,
            { monitor, _, _, _, _ in
                guard let monitor, let context = TessMonitorGetCancelThis(monitor) else { return false }
                let this = Unmanaged<RecognitionMonitor>.fromOpaque(context).takeUnretainedValue()
                this.reportEngineProgress(Int(TessMonitorGetProgress(monitor)))
                return true
            })
    }

    deinit {
        TessMonitorDelete(handle)
    }

    private func reportEngineProgress(_ percent: Int) {
        let fraction = Double(min(max(percent, 0), 100)) / 100
        control.report(progressRange.lowerBound + fraction * (progressRange.upperBound - progressRange.lowerBound))
    }
}
