import Dispatch
import Domain

/// The text detector run on a thread of its own while the page is prepared and read, its
/// lines waited for when the reading needs them (a handshake: the semaphore is signalled
/// once, when they are there). The runtime and the model load on that thread too (about a
/// tenth of a second in every process), while the picture is decoded.
final class BackgroundDetection: @unchecked Sendable {
    // Written on the detection's thread before `found` is signalled, read after.
    private var detector: Result<TextDetector, TextDetectorFiles.Missing>?
    private var result: Result<[DetectedLine], any Error> = .success([])
    private let loaded = DispatchSemaphore(value: 0)
    private let found = DispatchSemaphore(value: 0)
    private let picture = DispatchSemaphore(value: 0)
    private var image: LeptonicaImage?
    // Touched on the job's thread only.
    private var lookedAt = false

    /// Starts loading the detector (`TextDetector.shared`) at once.
    init() {
        DispatchQueue.global(qos: .userInitiated).async {
            let detector = TextDetector.shared
            self.detector = detector
            self.loaded.signal()
            self.picture.wait()
            if case .success(let detector) = detector, let image = self.image {
                self.result = Result { try detector.lines(in: image) }
            }
            self.image = nil
            self.found.signal()
        }
    }

    /// The detector, or why it cannot run (waits for it to load).
    var loadedDetector: Result<TextDetector, TextDetectorFiles.Missing> {
        loaded.wait()
        loaded.signal()
        return detector ?? .failure(.unusable("not loaded"))
    }

    /// Looks for the lines of `image` (a copy of it: the copy is the detection thread's
    /// alone); `nil` looks at nothing. Only the first call counts: a job calls it with `nil`
    /// when it ends, so the thread never waits for a picture that will not come.
    func look(at image: LeptonicaImage?) throws(OCRError) {
        guard !lookedAt else { return }
        lookedAt = true
        defer { picture.signal() }
        self.image = try image?.copy()
    }

    /// The lines found, once found (none when nothing was looked at).
    func lines() throws -> [DetectedLine] {
        found.wait()
        found.signal()
        return try result.get()
    }
}
