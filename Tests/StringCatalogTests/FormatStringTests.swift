import Testing

@testable import StringCatalog

@Suite struct FormatStringTests {
    private func tokens(_ text: String, inSubstitution: Bool = false) throws -> FormatStringReader.Result {
        try FormatStringReader.read(text, inSubstitution: inSubstitution, at: CatalogPath.root.member("value"))
    }

    @Test func readsTheSpecifiersCatalogsUse() throws {
        #expect(
            try tokens("%@ has %lld of %2$lf, %.2f%% %#@files@ %3$#@dirs@ %d %ld %u")
                == .tokens([
                    .argument(position: nil, .object), .text(" has "), .argument(position: nil, .integer),
                    .text(" of "), .argument(position: 2, .double(precision: nil)), .text(", "),
                    .argument(position: nil, .double(precision: 2)), .text("% "),
                    .substitution(position: nil, name: "files"), .text(" "), .substitution(position: 3, name: "dirs"),
                    .text(" "), .argument(position: nil, .integer), .text(" "), .argument(position: nil, .integer),
                    .text(" "), .argument(position: nil, .integer),
                ]))
        #expect(try tokens("%arg files", inSubstitution: true) == .tokens([.substitutedNumber, .text(" files")]))
    }

    @Test func wellFormedButInexpressible() throws {
        #expect(
            try tokens("%x") == .unsupported(.init(specifier: "%x", reason: "'%x' has no ICU MessageFormat equivalent"))
        )
        #expect(
            try tokens("%5d")
                == .unsupported(
                    .init(specifier: "%5d", reason: "flags and widths have no ICU MessageFormat equivalent")))
    }

    @Test(arguments: [
        (
            "ends with %",
            "value: malformed format specifier '%' at character 11: a specifier needs a conversion such as @, d or f"
        ),
        ("%2$k Dateien", "value: malformed format specifier '%2$k' at character 1: 'k' is not a conversion"),
        (
            "%1$@ then %2$",
            "value: malformed format specifier '%2$' at character 11: a specifier needs a conversion such as @, d or f"
        ),
        ("%0$@", "value: malformed format specifier '%0$' at character 1: positions start at 1"),
        (
            "%#@files",
            "value: malformed format specifier '%#@files' at character 1: '%#@' needs a name and a closing '@'"
        ),
        ("%#@@", "value: malformed format specifier '%#@@' at character 1: '%#@' needs a name before its closing '@'"),
        ("%y", "value: malformed format specifier '%y' at character 1: 'y' is not a conversion"),
    ])
    func malformedSpecifiersNameThePlace(_ text: String, _ message: String) {
        let error = #expect(throws: CatalogError.self) { try tokens(text) }
        #expect(error?.description == message)
    }

    @Test func textWithAPercentSignHasNoArguments() throws {
        #expect(!FormatStringReader.hasArguments("Save 20% today", inSubstitution: false))
        #expect(!FormatStringReader.hasArguments("100% sure", inSubstitution: false))
        #expect(FormatStringReader.hasArguments("%lld taps", inSubstitution: false))
        #expect(FormatStringReader.hasArguments("%1$@ hat %2$k Dateien", inSubstitution: false))
        #expect(
            try tokens("%2$ D")
                == .unsupported(
                    .init(specifier: "%2$ D", reason: "flags and widths have no ICU MessageFormat equivalent")))
    }
}
