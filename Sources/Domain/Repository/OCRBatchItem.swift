/// The outcome for one image of a batch.
public struct OCRBatchItem: Sendable {
    /// The image's position in the batch's input (results arrive as they finish, so use
    /// this to match them to inputs).
    public let index: Int
    /// The image's name (`ImageSource.name`).
    public let name: String
    /// The result, or the error for this image alone (`OCRError`, `CancellationError`).
    public let outcome: Result<OCRResult, any Error>
    /// How long this image took, loading included.
    public let duration: Duration

    public init(index: Int, name: String, outcome: Result<OCRResult, any Error>, duration: Duration) {
        self.index = index
        self.name = name
        self.outcome = outcome
        self.duration = duration
    }
}
