import I18nCore
import LocaleData
import Testing

@testable import StringCatalog

/// An import writes only ICU messages that parse back to what it read.
@Suite struct ImportCheckTests {
    private let location = SourceLocation(offset: 0, line: 1, column: 1)

    @Test func aMessageThatParsesBackIsWritten() {
        #expect(CatalogImport.message(of: [.literal("Tap <b>here</b> {x}")]) == "Tap '<b>here</b> {x}'")
        #expect(
            CatalogImport.message(of: [.literal("a "), .literal(""), .argument(name: "arg1", location: location)])
                == "a {arg1}")
    }

    /// A `#` outside a plural is written `#`, which parses back as text: refused, not written.
    @Test func aMessageThatParsesBackAsSomethingElseIsRefused() {
        #expect(CatalogImport.message(of: [.pound(location: location)]) == nil)
    }
}
