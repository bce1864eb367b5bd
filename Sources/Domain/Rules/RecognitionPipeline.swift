/// Recognition rules applied in order to every result.
///
/// The repository applies `RecognitionOptions.rules` (by default `standard(...)`) before it
/// returns a result, and so does `ocr scan` (`--raw` switches every rule off).
///
/// ```swift
/// var options = RecognitionOptions()
/// options.rules = .standard(minimumTextHeight: 0.02).appending(MyRule())
/// ```
public struct RecognitionPipeline: Sendable {
    /// The rules, first applied first.
    public var rules: [any RecognitionRule]

    /// Creates a pipeline of `rules`, applied in the given order.
    public init(_ rules: [any RecognitionRule]) {
        self.rules = rules
    }

    /// No rules: every line the engine found, as the engine wrote it.
    public static let raw = RecognitionPipeline([])

    /// The default pipeline, in this order:
    /// 1. `NoisyPageFilter(minimumConfidence)`: on a page read mostly as noise, words
    ///    under 0.6 go;
    /// 2. `ConfidenceFilter(minimumConfidence)`;
    /// 3. `WordConfidenceFilter`: words under 0.4 (or under `minimumConfidence`, if lower) go;
    /// 4. `MinimumTextHeightFilter(minimumTextHeight)`, when it is above 0;
    /// 5. `RegionOfInterestFilter(regionOfInterest)`, when a region is given;
    /// 6. `FullWidthNormalization()` (`１２,５００` → `12,500`);
    /// 7. `TextCleanup()` (NFC, single spaces, no empty lines);
    /// 8. `GarbageLineFilter()`;
    /// 9. `LoneCharacterFilter()`: a line of one character read under 0.8 goes;
    /// 10. `DigitConfusionRepair()`.
    public static func standard(
        minimumConfidence: Float = ConfidenceFilter.defaultMinimumConfidence,
        minimumTextHeight: Double = 0,
        regionOfInterest: NormalizedRect? = nil
    ) -> RecognitionPipeline {
        var rules: [any RecognitionRule] = [
            NoisyPageFilter(minimumConfidence: minimumConfidence), ConfidenceFilter(minimumConfidence: minimumConfidence),
            WordConfidenceFilter(minimumConfidence: min(minimumConfidence, WordConfidenceFilter.defaultMinimumConfidence)),
        ]
        if minimumTextHeight > 0 { rules.append(MinimumTextHeightFilter(minimumTextHeight: minimumTextHeight)) }
        if let regionOfInterest { rules.append(RegionOfInterestFilter(region: regionOfInterest)) }
        rules +=
            [FullWidthNormalization(), TextCleanup(), GarbageLineFilter(), LoneCharacterFilter(), DigitConfusionRepair()] as [any RecognitionRule]
        return RecognitionPipeline(rules)
    }

    /// The rules for reading fields out of the lines (`ReceiptExtractor`, `ocr scan --extract`):
    /// the standard pipeline without its confidence filters. A value the engine read with
    /// little confidence (a masked card number, a faint total) is kept and reported with that
    /// confidence, since every field's confidence is bounded by the words it was read from,
    /// rather than dropped before the extractor can weigh it against the other fields.
    public static func fieldExtraction(minimumTextHeight: Double = 0, regionOfInterest: NormalizedRect? = nil) -> RecognitionPipeline {
        var rules: [any RecognitionRule] = []
        if minimumTextHeight > 0 { rules.append(MinimumTextHeightFilter(minimumTextHeight: minimumTextHeight)) }
        if let regionOfInterest { rules.append(RegionOfInterestFilter(region: regionOfInterest)) }
        rules += [FullWidthNormalization(), TextCleanup(), GarbageLineFilter(), DigitConfusionRepair()] as [any RecognitionRule]
        return RecognitionPipeline(rules)
    }

    /// This pipeline with `rule` run after the others.
    public func appending(_ rule: any RecognitionRule) -> RecognitionPipeline {
        RecognitionPipeline(rules + [rule])
    }

    /// The line confidence under which these rules drop a line: the highest
    /// `ConfidenceFilter` minimum among them; 0 when none drops lines by confidence
    /// (`raw`, `fieldExtraction`).
    public var dropsLinesBelow: Float {
        rules.compactMap { ($0 as? ConfidenceFilter)?.minimumConfidence }.max() ?? 0
    }

    /// The word confidence under which these rules drop a word: the highest
    /// `WordConfidenceFilter` minimum among them; 0 when none drops words (`raw`,
    /// `fieldExtraction`).
    public var dropsWordsBelow: Float {
        rules.compactMap { ($0 as? WordConfidenceFilter)?.minimumConfidence }.max() ?? 0
    }

    /// The rules' names, in order.
    public var names: [String] { rules.map(\.name) }

    /// `result` after every rule, in order.
    public func apply(to result: OCRResult) -> OCRResult {
        rules.reduce(result) { partial, rule in rule.apply(to: partial) }
    }
}
