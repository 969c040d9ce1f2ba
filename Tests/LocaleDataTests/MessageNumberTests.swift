import LocaleData
import Testing

@Suite struct MessageNumberTests {
    @Test(arguments: [
        ("3", "3"), ("-2.50", "-2.50"), ("+7", "7"), ("1.0", "1.0"), ("0.5", "0.5"), (".5", "0.5"),
        ("1e3", "1000"), ("1.5e3", "1500"), ("1.25e-2", "0.0125"), ("2.50e1", "25.0"), ("007", "7"),
        ("0", "0"), ("-0.0", "-0.0"),
    ])
    func keepsTheDecimalSpelling(_ input: String, _ expected: String) throws {
        #expect(try #require(MessageNumber(input)).text == expected)
    }

    @Test(arguments: ["", "-", "abc", "1,5", "1.2.3", "nan", "inf", "1e", "1e99999", "3 apples", "0x10"])
    func rejectsNonNumbers(_ input: String) {
        #expect(MessageNumber(input) == nil)
    }
}
