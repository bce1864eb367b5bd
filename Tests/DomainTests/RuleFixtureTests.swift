import Domain
import OCRTestSupport
import Testing

@Suite("Rule fixtures in TestImages/rules")
struct RuleFixtureTests {
    @Test("There are rule fixtures to run")
    func fixturesExist() {
        #expect(RuleFixture.all().count >= 3)
    }

    @Test("Each rule fixture's rules turn its input into its expected lines", arguments: RuleFixture.all())
    func fixture(_ fixture: RuleFixture) throws {
        let output = try fixture.pipeline().apply(to: fixture.input())
        #expect(output.lines.map(\.text) == (try fixture.expectedLines()))
    }
}
