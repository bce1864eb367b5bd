extension OCRRepository {
    /// Reads many images, at most `maximumConcurrency` at a time, and streams each outcome
    /// as soon as it is ready. A failing image yields its error and the batch goes on;
    /// ending the iteration early (or cancelling the consuming task) cancels the rest.
    ///
    /// ```swift
    /// let sources = paths.map { ImageSource.file(atPath: $0) }
    /// for await item in repository.recognizeText(in: sources, maximumConcurrency: 2) {
    ///     print(item.index, item.name, (try? item.outcome.get().text) ?? "failed")
    /// }
    /// ```
    /// - Parameters:
    ///   - sources: The images, loaded when their turn comes.
    ///   - rotation: As for one image; `nil` detects each image's orientation.
    ///   - options: Applied to every image.
    ///   - maximumConcurrency: Images in flight at once (at least 1, at most the number of
    ///     sources); more than the repository's engines only makes the extra ones wait.
    public func recognizeText(
        in sources: [ImageSource],
        rotation: RotationDegree? = nil,
        options: RecognitionOptions = RecognitionOptions(),
        maximumConcurrency: Int
    ) -> AsyncStream<OCRBatchItem> {
        let (stream, continuation) = AsyncStream.makeStream(of: OCRBatchItem.self)
        let limit = max(1, maximumConcurrency)
        let work = Task {
            await withTaskGroup(of: OCRBatchItem.self) { group in
                var next = 0
                func startNext() {
                    guard next < sources.count else { return }
                    let index = next
                    let source = sources[index]
                    next += 1
                    group.addTask {
                        let clock = ContinuousClock()
                        let start = clock.now
                        let outcome: Result<OCRResult, any Error>
                        do {
                            try Task.checkCancellation()
                            let data = try source.load()
                            outcome = .success(try await recognizeText(in: data, rotation: rotation, options: options, progress: nil))
                        } catch {
                            outcome = .failure(error)
                        }
                        return OCRBatchItem(index: index, name: source.name, outcome: outcome, duration: clock.now - start)
                    }
                }
                for _ in 0..<min(limit, sources.count) { startNext() }
                for await item in group {
                    continuation.yield(item)
                    startNext()
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in work.cancel() }
        return stream
    }
}
