import Testing

@testable import Domain

@Suite("Words printed half in Latin letters, half in Hangul, read from both models' readings")
struct MixedScriptWordTests {
    /// A reading as `text[minX-maxX:confidence%]` per character, as Tesseract read a word alone.
    static func symbols(_ recorded: String) -> [MixedScriptWord.Symbol] {
        recorded.split(separator: " ").map { part in
            let text = String(part.prefix { $0 != "[" })
            let numbers = part.drop { $0 != "[" }.dropFirst().dropLast().split(whereSeparator: { "-:".contains($0) }).map { Double($0)! }
            return MixedScriptWord.Symbol(text: text, minX: numbers[0], maxX: numbers[1], confidence: Float(numbers[2] / 100))
        }
    }

    static func word(_ text: String, _ confidence: Float) -> RecognizedWord {
        RecognizedWord(text: text, boundingBox: NormalizedRect(x: 0.1, y: 0.5, width: 0.2, height: 0.05), confidence: confidence)
    }

    // Recorded from the real development images and generated receipts: each word read alone
    // (`tesseract --psm 8 -c hocr_char_boxes=1`) with `kor`, then with `eng`.
    @Test(
        "The word is one model's reading up to a point and the other's after it",
        arguments: [
            // A card slip's `EDC매출표`: the Korean model reads the letters as digits.
            (
                "606매출표", ".[0-8:92] 6[9-20:99] 0[19-29:99] 0[30-40:96] 매[43-61:99] 출[65-88:99] 표[87-103:99]",
                "‘[9-10:85] E[9-20:97] D[19-29:97] C[30-40:99] U[42-52:95] H[53-103:93] 3[68-75:89] H[91-98:95] E[97-108:90]", "EDC매출표"
            ),
            // A report's `kosis에`: the English model reads the particle as letters.
            (
                "kosisd", "6[1-19:79] 0[21-31:98] 5[35-44:98] 1[46-51:99] 5[54-84:97] 에[67-90:99]",
                "k[1-19:99] o[21-31:99] s[35-44:99] i[46-51:99] s[54-63:99] o[67-80:91] l[75-82:91] ][80-84:91]", "kosis에"
            ),
            ("EDAS", "6[8-19:86] 0[22-39:98] 4[40-83:93] 를[60-90:99]", "E[8-19:99] D[22-39:99] A[40-57:99] S[60-83:99]", "EDA를"),
            // A slide's `M항공사와`: the Korean model's first box spans the word.
            (
                "/항공사와", "항[4-131:88] 공[60-88:99] 사[87-115:99] 와[115-135:100]",
                "M[4-25:100] e[29-52:94] t[43-57:98] a[55-70:91] a[80-96:97] t[97-105:99] o[106-131:86]", "M항공사와"
            ),
            // A taxi receipt's `카카오T`: the line's reading lost the `T`; the Korean model alone reads it `고`.
            ("카카오", "카[6-25:99] 카[32-47:99] 오[54-68:99] 고[74-82:97]", "A[6-25:87] F[28-47:93] Q[49-68:87] T[69-82:99]", "카카오T"),
            ("카카오", "카[9-34:99] 카[41-50:99] 오[56-72:99] ㅠ[76-86:98]", "Q[9-72:89] T[71-86:99]", "카카오T"),
            // A photographed taxi receipt's `카카오T`: the Korean model's last box runs on to the
            // word's end, over the `T` (its boxes overlap one another too).
            ("카카오", "카[6-48:99] 카[33-57:99] 오[49-84:90]", "W[6-28:93] A[6-48:91] L[49-69:97] T[69-84:99]", "카카오T"),
        ])
    func mends(read: String, korean: String, english: String, expected: String) throws {
        let mended = try #require(MixedScriptWord.mended(Self.word(read, 0.5), korean: Self.symbols(korean), english: Self.symbols(english)))
        #expect(mended.string == expected)
    }

    @Test(
        "A merge that would replace the word rather than mend it, or whose parts overlap, is not taken",
        arguments: [
            // `AJ파크`: the English model reads `J파` as `p`; `Ap크` keeps too little of `시파크`.
            ("시파크", "][7-76:79] 파[36-59:99] 크[58-77:99]", "A[7-23:99] p[22-54:98] a[55-76:84]"),
            // `MONEY는`: the English model's `Y` spans the particle; `MON는` is two characters short.
            ("MONEYE", "떠[0-30:86] 는[31-54:86]", "M[0-12:90] O[13-21:100] N[13-30:100] E[28-36:100] Y[31-54:96]"),
            // `IBK비씨카드` read as nonsense by both.
            (
                "10비씨카드", "7[17-60:89] 6[60-81:93] 빈[95-133:98] 쌀[140-168:47] 카[170-234:91] 드[234-254:98] .[257-275:95]",
                "p[17-34:91] e[17-81:96] n[86-275:88] o[206-254:91] e[253-274:92]"
            ),
        ])
    func keeps(read: String, korean: String, english: String) {
        #expect(MixedScriptWord.mended(Self.word(read, 0.5), korean: Self.symbols(korean), english: Self.symbols(english)) == nil)
    }

    // Recorded from generated receipts: the English model reading the whole word misreads
    // the letters beside Hangul (`BC카드` as `BoFFE`, `AJ파크` as `Apa`); the letters before the
    // Korean reading's sure syllables, read alone, come back right.
    @Test(
        "Letters the Korean reading did not read surely before its sure syllables are the word's Latin head, read alone",
        arguments: [
            (
                "60카드", "ㅁ[6-18:91] 0[18-26:96] ㅇ[26-38:90] 카[42-64:99] 드[69-89:99]", 40.0,
                "B[6-20:99] C[24-38:99]", "BC카드"
            ),
            ("시파크", "스[5-21:60] ][20-29:97] 파[35-52:99] 크[57-74:99]", 32.0, "A[5-21:99] J[20-30:98]", "AJ파크"),
            // A real card slip's `EDC매출표`, a speck before it read as marks by both models.
            (
                "606매출표", ".[0-8:92] 6[9-20:99] 0[19-29:99] 0[30-40:96] 매[43-61:99] 출[65-88:99] 표[87-103:99]", 41.5,
                "‘[0-8:85] E[9-20:97] D[19-29:97] C[30-40:99]", "EDC매출표"
            ),
        ])
    func mendsHead(read: String, korean: String, headEnd: Double, english: String, expected: String) throws {
        let symbols = Self.symbols(korean)
        #expect(MixedScriptWord.headEnd(in: symbols) == headEnd)
        let mended = try #require(MixedScriptWord.mended(Self.word(read, 0.6), korean: symbols, englishHead: Self.symbols(english)))
        #expect(mended.string == expected)
    }

    @Test(
        "A word with no head, a head with a syllable read surely, or fewer than two sure syllables after it, has no head to read",
        arguments: [
            "카[42-64:99] 드[69-89:99]", "쇼[7-24:93] ][24-34:98] 파[39-59:99] 크[63-83:99]", "ㅁ[6-18:91] 0[18-26:96] 카[42-64:99]",
            "7[0-10:95] 일[12-30:70] 이[32-50:60]",
        ])
    func noHead(korean: String) {
        #expect(MixedScriptWord.headEnd(in: Self.symbols(korean)) == nil)
    }

    @Test("A head is capitals alone: a digit read for it stays a digit, lowercase letters are a misreading, a lone capital stands for no digit")
    func digitHead() {
        // A pharmacy's `365열린약국` with a speck before it, read `wx365` by the English model.
        let pharmacy = Self.symbols("5[4-26:91] 3[43-53:98] 6[56-67:98] 5[69-80:98] 열[85-103:96] 린[112-129:98] 약[140-158:99] 국[166-184:99]")
        let english = Self.symbols("w[4-13:92] x[17-26:96] 3[43-53:99] 6[56-67:99] 5[69-80:98]")
        #expect(MixedScriptWord.mended(Self.word("365열린약국", 0.8), korean: pharmacy, englishHead: english) == nil)
        // A real receipt photo's `하나로마트`, its first syllables blurred.
        let mart = Self.symbols("/[0-12:60] ㅇ[12-20:70] 니[22-40:95] 로[42-60:96] 마[62-80:97] 트[82-100:97]")
        #expect(MixedScriptWord.mended(Self.word("니니로마트", 0.6), korean: mart, englishHead: Self.symbols("o[0-10:90] m[10-20:90]")) == nil)
        let capitals = MixedScriptWord.mended(Self.word("니니로마트", 0.6), korean: mart, englishHead: Self.symbols("O[0-10:99] M[10-20:99]"))
        #expect(capitals?.string == "OM니로마트")
        let korean = Self.symbols("7[0-10:95] 일[12-30:97] 이[32-50:97] 내[52-70:97]")
        #expect(MixedScriptWord.mended(Self.word("7일이내", 0.6), korean: korean, englishHead: Self.symbols("7[0-10:95]")) == nil)
        #expect(MixedScriptWord.mended(Self.word("7일이내", 0.6), korean: korean, englishHead: Self.symbols("T[0-10:95]")) == nil)
    }

    @Test(
        "Latin letters before Hangul: a noun of three syllables or more (two after capitals), or a particle; after Hangul: a name of two or more; no lone lowercase letter",
        arguments: [
            ("EDC", "매출표", true, true), ("EDA", "를", true, true), ("T", "카카오", false, true), ("A", "제외", true, false),
            ("G", "산안", true, false), ("No", "오", false, false), ("u", "금왜", false, false), ("Ap", "크", true, false),
            ("B", "가", true, false), ("e", "항공사와", true, false), ("BC", "카드", true, true), ("AJ", "파크", true, true),
            ("Bo", "카드", true, false),
        ])
    func plausibleWords(latin: String, hangul: String, latinFirst: Bool, plausible: Bool) {
        #expect(MixedScriptWord.isPlausible(latin: latin, hangul: hangul, latinFirst: latinFirst) == plausible)
    }

    @Test("A merge keeps every syllable the word was read with")
    func keepsSyllables() {
        #expect(MixedScriptWord.kept(of: "16신용승인", in: "IC신용승인") == 4)
        #expect(MixedScriptWord.kept(of: "단가", in: "at가") == nil)
        #expect(MixedScriptWord.kept(of: "카카오T", in: "카카T") == nil)
        #expect(MixedScriptWord.kept(of: "7일이내이며", in: "TR이내이며") == nil)
        #expect(MixedScriptWord.kept(of: "니로마트", in: "니로nre") == nil)
    }

    @Test("A lone capital before a noun stands for no digit the word was read with")
    func loneCapital() {
        #expect(MixedScriptWord.isPlausible(latin: "M", hangul: "항공사와", latinFirst: true))
        #expect(!MixedScriptWord.isPlausible(latin: "T", hangul: "일이내이며", latinFirst: true, wordStartsWithDigit: true))
    }

    @Test(
        "Suspect words, read unsurely: Hangul beside letters or digits (not a number and its unit), Latin alone, Hangul very unsurely",
        arguments: [
            ("16신용승인", Float(0.8), true), ("606매출표", 0.72, true), ("4/<지연을", 0.7, true), ("kosisd", 0.42, true),
            ("카카오", 0.4, true), ("신용승인", 0.7, false), ("16신용승인", 0.95, false), ("Netflix", 0.95, false), ("12,000", 0.5, false),
            ("A", 0.3, false), ("5,980원", 0.76, false), ("1년에", 0.8, false),
        ])
    func suspects(text: String, confidence: Float, suspect: Bool) {
        let word = Self.word(text, confidence)
        let line = RecognizedLine(text: "데이터 포털 \(text)", boundingBox: word.boundingBox, confidence: 0.8, words: [word])
        #expect(MixedScriptWord.isSuspect(word, in: line) == suspect)
    }

    @Test(
        "Hangul words of three syllables or more, read unsurely but not suspect, are looked at for a Latin head only; suspect words whole",
        arguments: [
            ("시파크", Float(0.64), MixedScriptWord.Look.head), ("신용승인", 0.69, .head), ("신용승인", 0.75, nil), ("황태", 0.6, nil),
            ("카카오", 0.4, .whole), ("16신용승인", 0.6, .whole), ("3개월", 0.6, nil),
        ] as [(String, Float, MixedScriptWord.Look?)])
    func latinHeads(text: String, confidence: Float, look: MixedScriptWord.Look?) {
        let word = Self.word(text, confidence)
        let line = RecognizedLine(text: "데이터 포털 \(text)", boundingBox: word.boundingBox, confidence: 0.8, words: [word])
        #expect(MixedScriptWord.look(at: word, in: line) == look)
    }

    @Test("A Latin word on a line of English is read as English")
    func englishLine() {
        let word = Self.word("PowerPoint", 0.8)
        #expect(!MixedScriptWord.isSuspect(word, in: RecognizedLine(text: "Saebyeol's PowerPoint", boundingBox: word.boundingBox, confidence: 0.8)))
    }
}
