import I18nCore
import LocaleData
import Testing

/// Every public error carries an opaque code a caller compares, and keeps its cause: a new kind of failure is a new
/// code, never a new enum case that breaks a caller's `switch`. Imported without `@testable` or package access: what
/// an app sees.
@Suite struct ErrorCodeTests {
    @Test func bundleErrorsSayWhatKindTheyAre() {
        #expect(#expect(throws: MessageBundleError.self) { try MessageBundle(json: "[1]") }?.code == .notAnObject)
        #expect(#expect(throws: MessageBundleError.self) { try MessageBundle(json: "{\"a\":}") }?.code == .syntax)
        #expect(
            #expect(throws: MessageBundleError.self) { try MessageBundle(jsonBytes: [0x7B, 0x22, 0xFF]) }?.code
                == .invalidUTF8)
        let deep = String(repeating: "{\"a\":", count: 80) + "1" + String(repeating: "}", count: 80)
        #expect(#expect(throws: MessageBundleError.self) { try MessageBundle(json: deep) }?.code == .tooDeep)
    }

    @Test func formattingErrorsKeepTheirCause() throws {
        let formatter = ICUMessageFormatter()
        let parse = #expect(throws: MessageFormatError.self) {
            try formatter.formatStrictly("{n, plural, one {x}}", locale: .english, arguments: [:])
        }
        #expect(parse?.code == .parse)
        #expect(parse?.parseError?.code == .missingOtherClause)
        #expect(parse?.formatProblem == nil)
        let format = #expect(throws: MessageFormatError.self) {
            try formatter.formatStrictly("Hi {name}", locale: .english, arguments: [:])
        }
        #expect(format?.code == .format)
        #expect(format?.formatProblem?.code == .missingArgument)
        #expect(format?.code.description == "format")
    }

    @Test func localeTagErrorsSayWhatKindTheyAre() {
        #expect(#expect(throws: LocaleTagError.self) { try LocaleTag("") }?.code == .empty)
        #expect(#expect(throws: LocaleTagError.self) { try LocaleTag("e1") }?.code == .invalidLanguage)
        #expect(#expect(throws: LocaleTagError.self) { try LocaleTag("en-a") }?.code == .invalidSubtag)
    }
}
