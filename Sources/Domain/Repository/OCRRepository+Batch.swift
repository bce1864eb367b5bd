extension OCRRepository {
    /// Reads many images, at most `maximumConcurrency` at a time, and streams each outcome
    /// as soon as it is ready. A failing image yields its error and the batch goes on.
    /// Every source gets exactly one item: stopped (`OCRBatch.cancel()`, or the iterating
    /// task cancelled), the batch reports each image not yet done as cancelled
    /// (`CancellationError`); ending the iteration early (`break`) stops the work.
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
    ///   - progress: Called with an image's index and the fraction of it done (0...1), from
    ///     the engine's thread, while it is read.
    public func recognizeText(
        in sources: [ImageSource],
        rotation: RotationDegree? = nil,
        options: RecognitionOptions = RecognitionOptions(),
        maximumConcurrency: Int,
        progress: (@Sendable (_ index: Int, _ fraction: Double) -> Void)? = nil
    ) -> OCRBatch {
        // The sources arrive all at once, in order: indices are their places in `sources`.
        let (arriving, input) = AsyncStream.makeStream(of: ImageSource.self)
        for source in sources { input.yield(source) }
        input.finish()
        let limit = min(max(1, maximumConcurrency), max(1, sources.count))
        return batch(arriving, rotation: rotation, options: options, maximumConcurrency: limit, listed: sources, progress: progress)
    }

    /// Reads images as they arrive — paths read from standard input, a queue — at most
    /// `maximumConcurrency` at a time, and streams each outcome as soon as it is ready (a
    /// worker for line-oriented engines: Spark's `RDD.pipe`, GNU Parallel). `index` counts
    /// the sources in the order they arrived; the batch ends when `sources` has ended and
    /// every image is done. Stopped (`OCRBatch.cancel()`, or the iterating task cancelled),
    /// it reports each image that had arrived and was not done as cancelled.
    ///
    /// ```swift
    /// let (paths, input) = AsyncStream.makeStream(of: ImageSource.self)
    /// for await item in repository.recognizeText(arriving: paths, maximumConcurrency: 2) { … }
    /// ```
    public func recognizeText(
        arriving sources: AsyncStream<ImageSource>,
        rotation: RotationDegree? = nil,
        options: RecognitionOptions = RecognitionOptions(),
        maximumConcurrency: Int,
        progress: (@Sendable (_ index: Int, _ fraction: Double) -> Void)? = nil
    ) -> OCRBatch {
        batch(sources, rotation: rotation, options: options, maximumConcurrency: max(1, maximumConcurrency), listed: [], progress: progress)
    }

    /// The batch over `sources`; when it is stopped, the `listed` sources it never took
    /// (those of a batch given all at once) are reported cancelled too.
    private func batch(
        _ sources: AsyncStream<ImageSource>, rotation: RotationDegree?, options: RecognitionOptions, maximumConcurrency limit: Int,
        listed: [ImageSource], progress: (@Sendable (Int, Double) -> Void)?
    ) -> OCRBatch {
        let channel = BatchChannel()
        let work = Task {
            // The next source is awaited in a task of the group too, so an image that is done
            // is streamed at once, whether or not another source has arrived meanwhile.
            let taken = await withTaskGroup(of: ArrivingEvent.self) { group in
                var next = 0
                var inFlight = 0
                var pulling = false
                var ended = false
                func pull() {
                    pulling = true
                    group.addTask {
                        var arrived = sources.makeAsyncIterator()  // one pull at a time: a single consumer
                        return .arrived(await arrived.next())
                    }
                }
                pull()
                while let event = await group.next() {
                    switch event {
                    case .arrived(let source?):
                        pulling = false
                        let index = next
                        next += 1
                        inFlight += 1
                        let reporting = progress.map { report in { @Sendable fraction in report(index, fraction) } }
                        group.addTask {
                            .done(await Self.read(source, index: index, with: self, rotation: rotation, options: options, progress: reporting))
                        }
                    case .arrived(nil):
                        pulling = false
                        ended = true
                    case .done(let item):
                        inFlight -= 1
                        channel.push(item)
                    }
                    if !ended, !pulling, inFlight < limit, !Task.isCancelled { pull() }
                    if (ended || Task.isCancelled) && inFlight == 0 && !pulling { break }
                }
                return next
            }
            for index in listed.indices.dropFirst(taken) {
                channel.push(OCRBatchItem(index: index, name: listed[index].name, outcome: .failure(CancellationError()), duration: .zero))
            }
            channel.finish()
        }
        channel.start(work)
        return OCRBatch(channel: channel)
    }

    /// One source of a batch read, as an item (its error for it alone).
    private static func read(
        _ source: ImageSource, index: Int, with repository: Self, rotation: RotationDegree?, options: RecognitionOptions,
        progress: (@Sendable (Double) -> Void)?
    ) async -> OCRBatchItem {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome: Result<OCRResult, any Error>
        do {
            try Task.checkCancellation()
            let data = try source.load()
            outcome = .success(try await repository.recognizeText(in: data, rotation: rotation, options: options, progress: progress))
        } catch {
            outcome = .failure(error)
        }
        return OCRBatchItem(index: index, name: source.name, outcome: outcome, duration: clock.now - start)
    }
}

/// What a task of an arriving batch gives: the next source (`nil`: no more), or an image done.
private enum ArrivingEvent: Sendable {
    case arrived(ImageSource?)
    case done(OCRBatchItem)
}
