import LocaleData
import WidgetI18nSupport

/// A message that is not valid ICU MessageFormat: what is wrong, and where.
package struct MessageParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    package typealias Code = ErrorCode<MessageParseError>

    /// What is wrong with the message, with its details.
    package enum Kind: Hashable, Sendable {
        /// A `{` without its `}`.
        case unclosedBrace
        /// `{}` or `{,`: an argument needs a name.
        case expectedArgumentName
        /// Something else where `,` or `}` must follow.
        case expectedCommaOrBrace
        /// `{n, spellout}`: not number, date, time, plural, selectordinal or select.
        case unknownArgumentType(String)
        /// A plural, selectordinal or select without an `other` case.
        case missingOtherClause(String)
        /// `offset:` not followed by a whole number.
        case invalidOffset
        /// The same selector twice.
        case duplicateSelector(String)
        /// A plural selector that is neither `=N` nor a CLDR category.
        case invalidSelector(String)
        /// A selector not followed by `{message}`.
        case expectedCaseMessage(String)
        /// A plural or select with no cases.
        case expectedCases(String)
        /// `{n, number, ::compact-shrot}`: a skeleton token or letter the formatter does not know.
        case invalidSkeleton(token: String, reason: String)
        /// `{d, time, h:mm vv}`: a time-zone field of a length ICU formats as nothing (`vv`, `OOO`, `VVVVV`).
        case unknownZoneField(String)
        /// `<b>` without `</b>`.
        case unclosedTag(String)
        /// `</i>` where `</b>` was due, or a closing tag nothing opened.
        case mismatchedTag(expected: String?, found: String)
        /// Plurals, selects and tags nested deeper than the parser accepts (`limit` levels).
        case tooDeep(limit: Int)
        /// A plural or select with more cases than the parser accepts (`limit`).
        case tooManyCases(limit: Int)
    }

    /// What is wrong with the message.
    package let kind: Kind
    /// Where in the message the problem is.
    package let location: SourceLocation

    /// What kind of problem it is, to compare.
    package var code: Code {
        switch kind {
        case .unclosedBrace: .unclosedBrace
        case .expectedArgumentName: .expectedArgumentName
        case .expectedCommaOrBrace: .expectedCommaOrBrace
        case .unknownArgumentType: .unknownArgumentType
        case .missingOtherClause: .missingOtherClause
        case .invalidOffset: .invalidOffset
        case .duplicateSelector: .duplicateSelector
        case .invalidSelector: .invalidSelector
        case .expectedCaseMessage: .expectedCaseMessage
        case .expectedCases: .expectedCases
        case .invalidSkeleton: .invalidSkeleton
        case .unknownZoneField: .unknownZoneField
        case .unclosedTag: .unclosedTag
        case .mismatchedTag: .mismatchedTag
        case .tooDeep: .tooDeep
        case .tooManyCases: .tooManyCases
        }
    }

    package var description: String {
        let what: String
        switch kind {
        case .unclosedBrace: what = "Unclosed '{': expected '}'"
        case .expectedArgumentName: what = "Expected an argument name after '{'"
        case .expectedCommaOrBrace: what = "Expected ',' or '}' in argument"
        case .unknownArgumentType(let type):
            what = "Unknown argument type '\(type)': expected number, date, time, plural, selectordinal or select"
        case .missingOtherClause(let type): what = "Missing 'other' clause in \(type)"
        case .invalidOffset: what = "Invalid offset: expected 'offset:' and a whole number"
        case .duplicateSelector(let selector): what = "Duplicate selector '\(selector)'"
        case .invalidSelector(let selector):
            what = "Invalid plural selector '\(selector)': expected =N, zero, one, two, few, many or other"
        case .expectedCaseMessage(let selector): what = "Expected '{' and a message after selector '\(selector)'"
        case .expectedCases(let type): what = "Expected cases in \(type), such as 'other {…}'"
        case .invalidSkeleton(let token, let reason):
            what = "Invalid skeleton token '\(QuotedExcerpt.of(token))': \(reason)"
        case .unknownZoneField(let field):
            what =
                "Unknown time zone field '\(field)': expected z to zzzz, Z to ZZZZZ, O or OOOO, v or vvvv, V to VVVV, "
                + "X to XXXXX, or x to xxxxx"
        case .unclosedTag(let name): what = "Unclosed tag <\(name)>: expected </\(name)>"
        case .mismatchedTag(let expected, let found):
            what =
                expected.map { "Mismatched closing tag </\(found)>: expected </\($0)>" }
                ?? "Closing tag </\(found)> without an opening tag"
        case .tooDeep(let limit):
            what = "Nested deeper than \(limit) levels of plural, select and tags"
        case .tooManyCases(let limit):
            what = "More than \(limit) cases in one plural or select"
        }
        return "\(what) at \(location)"
    }
}

extension ErrorCode where Domain == MessageParseError {
    /// A `{` without its `}`.
    package static var unclosedBrace: Self { Self("unclosedBrace") }
    /// An argument without a name.
    package static var expectedArgumentName: Self { Self("expectedArgumentName") }
    /// Something else where `,` or `}` must follow.
    package static var expectedCommaOrBrace: Self { Self("expectedCommaOrBrace") }
    /// An argument type other than number, date, time, plural, selectordinal or select.
    package static var unknownArgumentType: Self { Self("unknownArgumentType") }
    /// A plural, selectordinal or select without `other`.
    package static var missingOtherClause: Self { Self("missingOtherClause") }
    /// `offset:` without a whole number.
    package static var invalidOffset: Self { Self("invalidOffset") }
    /// The same selector twice.
    package static var duplicateSelector: Self { Self("duplicateSelector") }
    /// A plural selector that is neither `=N` nor a CLDR category.
    package static var invalidSelector: Self { Self("invalidSelector") }
    /// A selector not followed by `{message}`.
    package static var expectedCaseMessage: Self { Self("expectedCaseMessage") }
    /// A plural or select with no cases.
    package static var expectedCases: Self { Self("expectedCases") }
    /// A skeleton token or letter the formatter does not know.
    package static var invalidSkeleton: Self { Self("invalidSkeleton") }
    /// A time-zone field of a length ICU formats as nothing.
    package static var unknownZoneField: Self { Self("unknownZoneField") }
    /// A tag without its closing tag.
    package static var unclosedTag: Self { Self("unclosedTag") }
    /// A closing tag that does not close the open one.
    package static var mismatchedTag: Self { Self("mismatchedTag") }
    /// A plural or select with more cases than the parser accepts.
    package static var tooManyCases: Self { Self("tooManyCases") }
    /// Nested deeper than the parser accepts.
    package static var tooDeep: Self { Self("tooDeep") }
}
