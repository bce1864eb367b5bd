import Domain
import Testing

@Suite("Card numbers whose mask was read out of shape, and their readings looked at again")
struct MaskedCardNumberRereadingTests {
    @Test(
        "Out of shape: a mask and four digits or more, and no card number found",
        arguments: [
            ("4468-42**-****_-90164", true), ("79065-41**-***%*-5115", true), ("443-40**-****-1181", true),
            ("4468-42**-****-0164", false), ("94166149********", false), ("12,500", false), ("***-52", false),
            ("8987—32%%—%%%%—4943", false), ("7557-42**-****_4713", true),
        ])
    func outOfShape(word: String, expected: Bool) {
        #expect(MaskedCardNumber.isOutOfShape(word) == expected)
    }

    @Test(
        "Taken: the shape read alone (an underscore for its dash), its digits the first reading's within one",
        arguments: [
            ("4468-42**-****_0164", "4468-42**-****_-90164", "4468-42**-****-0164"),
            ("5 9710-23**-****_7577", "9710-23차.****-7577", "9710-23**-****-7577"),
            ("2443-40**-****-1181", "443-40**-****-1181", "2443-40**-****-1181"),
        ])
    func taken(reread: String, original: String, expected: String) {
        #expect(MaskedCardNumber.reshaped(reread, insteadOf: original) == expected)
    }

    @Test(
        "Not taken: no shape read, or other digits",
        arguments: [
            ("7905-4] sees et #5115", "79065-41**-***%*-5115"), ("2443-40\" *-** **-118)", "443-40**-****-1181"),
            ("1234-56**-****-7890", "4468-42**-****_-90164"),
        ])
    func notTaken(reread: String, original: String) {
        #expect(MaskedCardNumber.reshaped(reread, insteadOf: original) == nil)
    }
}
