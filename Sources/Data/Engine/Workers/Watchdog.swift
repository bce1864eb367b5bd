import Dispatch

/// Watches a running job's control ten times a second; once its cancellation or time
/// limit has gone unheeded for `RecognitionControl.grace`, reports the error to give up with.
final class Watchdog {
    private let timer: DispatchSourceTimer

    init(control: RecognitionControl, giveUp: @escaping @Sendable (any Error) -> Void) {
        timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100), leeway: .milliseconds(20))
        timer.setEventHandler { [timer] in
            guard let error = control.overrun() else { return }
            timer.cancel()
            giveUp(error)
        }
        timer.resume()
    }

    func stop() { timer.cancel() }
}
