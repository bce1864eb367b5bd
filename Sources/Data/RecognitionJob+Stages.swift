import Domain

extension RecognitionJob {
    /// The steps after the page is read, in the order they run (each a `LineReview`):
    ///
    /// 1. `DoubtfulLineReview` — lines under the minimum confidence shown in other ways
    ///    (`.accurate`);
    /// 2. `UnreadLineReview` — lines the layout found that no reading covers (`.accurate`);
    /// 3. the second opinions (`secondOpinions`) whose languages and level apply;
    /// 4. `UnsureWordReview` — unsure words of a mixed reading read by the Korean model;
    /// 5. `NumberReview` — numbers read unsurely, read alone (`.accurate`);
    /// 6. `PictureWordsReview` — words inside pictures kept only when sure;
    /// 7. `LineCandidates` — other readings of each line, when `candidateCount` asks.
    func lineReviews(
        crew: EngineCrew, setup: EngineSetup, languages: [String], textHeight: Double?, bodyTextHeight: Double?
    ) -> [any LineReview] {
        let level = options.recognitionLevel
        var reviews: [any LineReview] = []
        if level == .accurate {
            // Lines still under the minimum confidence — dropped by the standard rules, barely
            // read for field extraction — are shown in other ways.
            reviews.append(
                DoubtfulLineReview(
                    crew: crew, setup: setup, control: control, otherViewsBelow: options.minimumConfidence, bodyTextHeight: bodyTextHeight))
            reviews.append(UnreadLineReview(crew: crew, setup: setup, control: control, textHeight: textHeight))
        }
        for kind in Self.secondOpinions where kind.applies(languages: languages, level: level) {
            reviews.append(kind.init(crew: crew, control: control, minimumLineConfidence: filterThreshold))
        }
        if UnsureWordReview.applies(languages: languages, level: level) {
            reviews.append(
                UnsureWordReview(
                    crew: crew, control: control, minimumLineConfidence: filterThreshold,
                    minimumWordConfidence: options.resolvedRules.dropsWordsBelow))
        }
        if level == .accurate {
            reviews.append(NumberReview(crew: crew, setup: setup, control: control, minimumLineConfidence: filterThreshold))
        }
        reviews.append(PictureWordsReview())
        if options.candidateCount > 1 {
            let engines = crew.engines
            let models = LineCandidates.models(for: languages).map { model in { engines.optionalEngine(for: model) } }
            reviews.append(
                LineCandidates(engines: models, control: control, count: min(options.candidateCount, RecognitionOptions.maximumCandidateCount)))
        }
        return reviews
    }
}
