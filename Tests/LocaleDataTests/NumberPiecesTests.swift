import Testing

@testable import LocaleData

/// A formatted number's pieces come from the formatter as it writes them: they join to its text in every locale,
/// notation and unit, and a unit's name or a compact form is never taken for a currency.
@Suite struct NumberPiecesTests {
    static let locales = ["en", "de", "fr", "ar", "fa", "hi", "ja", "sw", "es", "ru", "pl", "tr", "he", "bn", "de-CH"]
    static let numbers = ["0", "-1", "1234.5", "0.25", "10000000", "-987654.321", "1000", "999.9", "1", "-0.005"]
    static let skeletons = [
        "", "percent", "permille", "currency/EUR", "currency/EUR unit-width-full-name", "currency/USD sign-accounting",
        "currency/JPY compact-short", "currency/CHF unit-width-iso-code", "measure-unit/length-kilometer",
        "measure-unit/length-kilometer unit-width-full-name", "measure-unit/duration-hour unit-width-narrow",
        "compact-short", "compact-long", "scientific", "engineering/sign-always", "numbering-system/arab",
        "group-off .00", "sign-always", "sign-except-zero percent", "scientific/+ee/sign-always",
    ]

    @Test(arguments: locales)
    func piecesJoinToTheFormattedText(_ locale: String) throws {
        let formats = LocaleProfile.profile(for: try #require(LocaleTag(parsing: locale))).numberFormats
        for text in Self.numbers {
            let number = try #require(MessageNumber(text))
            for skeletonText in Self.skeletons {
                let skeleton = try NumberSkeleton(parsing: skeletonText)
                let pieces = formats.pieces(number, skeleton)
                #expect(pieces.text == formats.format(number, skeleton), "\(locale) \(text) \(skeletonText)")
                // Digits are only in the integer, fraction and exponent pieces.
                for piece in pieces.pieces
                where piece.text.unicodeScalars.contains(where: { $0.properties.numericType == .decimal }) {
                    #expect(
                        // (Persian's exponent separator is ×۱۰^, digits and all.)
                        [.integer, .fraction, .exponentInteger, .exponentSeparator, .currency, .unit, .compact]
                            .contains(
                                piece.kind),
                        "\(locale) \(text) \(skeletonText): \(piece)")
                }
            }
        }
    }

    /// Each case: locale, number, skeleton, and the pieces as `kind=text` separated by `|`.
    static let cases: [(String, String, String, String)] = [
        ("en", "1234", "compact-short", "integer=1|decimal=.|fraction=2|compact=K"),
        ("en", "1200000", "compact-long", "integer=1|decimal=.|fraction=2|literal= |compact=million"),
        ("en", "12", "measure-unit/length-kilometer", "integer=12|literal= |unit=km"),
        ("en", "9.5", "currency/EUR", "currency=€|integer=9|decimal=.|fraction=50"),
        ("en", "-5", "percent", "minusSign=-|integer=5|percentSign=%"),
        ("en", "1234", "scientific", "integer=1|decimal=.|fraction=234|exponentSeparator=E|exponentInteger=3"),
        ("de", "1234567.5", "", "integer=1|group=.|integer=234|group=.|integer=567|decimal=,|fraction=5"),
        ("en", "2", "currency/EUR unit-width-full-name", "integer=2|decimal=.|fraction=00|literal= |currency=euros"),
    ]

    @Test(arguments: cases)
    func piecesAreWhatTheFormatterWrote(_ locale: String, _ number: String, _ skeleton: String, _ expected: String)
        throws
    {
        let formats = LocaleProfile.profile(for: try #require(LocaleTag(parsing: locale))).numberFormats
        let pieces = formats.pieces(try #require(MessageNumber(number)), try NumberSkeleton(parsing: skeleton))
        #expect(pieces.pieces.map { "\($0.kind.rawValue)=\($0.text)" }.joined(separator: "|") == expected)
    }
}
