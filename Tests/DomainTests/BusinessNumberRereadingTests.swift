import Domain
import Testing

@Suite("Business registration numbers read wrong, and their readings looked at again")
struct BusinessNumberRereadingTests {
    @Test(
        "Doubtful: a number in the registration number's shape (one group a digit off) that fails its check digit",
        arguments: [
            ("632-08-49689", false, 0..<12), ("사업자:224-33-43278", false, 4..<16), ("§36-37-00183", false, 1..<12),
            ("927-117-33068", false, 0..<13),
        ] as [(String, Bool, Range<Int>)])
    func doubtful(word: String, labelled: Bool, run: Range<Int>) {
        #expect(BusinessRegistrationNumber.doubtfulRun(in: word, labelled: labelled) == run)
    }

    @Test(
        "Doubtful only under a label: nine to eleven digits in other groups",
        arguments: ["355.0-94-84372", "6320849689", "63208-49689"])
    func doubtfulUnderLabel(word: String) {
        #expect(BusinessRegistrationNumber.doubtfulRun(in: word, labelled: true) != nil)
        #expect(BusinessRegistrationNumber.doubtfulRun(in: word, labelled: false) == nil)
    }

    @Test("Even under a label, a run opening with 0 is a phone number: a registration number opens with its tax office's code")
    func phoneUnderLabel() {
        #expect(BusinessRegistrationNumber.doubtfulRun(in: "02-3242-44211", labelled: true) == nil)
        #expect(BusinessRegistrationNumber.doubtfulRun(in: "031-23-45678", labelled: false) == nil)
    }

    @Test(
        "Not doubtful: valid numbers, phone numbers, dates, amounts, card numbers",
        arguments: [
            "632-98-49689", "536-37-00183", "02-324-2442", "070-9432-2593", "2025-11-06", "12,500", "1611-88**-****-4010", "20857164",
            "031-234-5678",
        ])
    func notDoubtful(word: String) {
        #expect(BusinessRegistrationNumber.doubtfulRun(in: word, labelled: false) == nil)
    }

    @Test(
        "Labels: the registration number's, misread ones not",
        arguments: [("사업자번호 632", true), ("사업자 등록 번호", true), ("대표 이영희", false), ("사입자번호", false)])
    func labels(line: String, labelled: Bool) {
        #expect(BusinessRegistrationNumber.isLabelled(line) == labelled)
    }

    @Test(
        "A reading looked at again is taken when its check digit holds and it is near the first",
        arguments: [
            ("632-98-49689", "632-08-49689", "632-98-49689"), ("154-33-43278", "224-33-43278", nil),
            ("254-33-43278", "224-33-43278", "254-33-43278"), ("5 536-37-00183", "36-37-00183", "536-37-00183"),
            ("6329849689", "632-08-49689", "632-98-49689"),
            // Valid but another number: three digits away.
            ("220-81-62517", "221-86-62417", nil),
            // Still failing, the same reading, or two numbers read.
            ("632-08-49689", "632-08-49689", nil), ("632-98-49689 220-81-62517", "632-08-49689", nil), ("", "632-08-49689", nil),
        ] as [(String, String, String?)])
    func confirmed(reread: String, original: String, expected: String?) {
        #expect(BusinessRegistrationNumber.confirmedReading(reread, insteadOf: original) == expected)
    }
}
