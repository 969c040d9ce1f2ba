import I18nCore
import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Rich text: a message's tags as the attributes SwiftUI's `Text` draws.
extension WidgetTranslator {
    /// `message` resolved and formatted as ``translate(_:)`` does, its rich text kept as attributes, for SwiftUI's
    /// `Text(_: AttributedString)`:
    ///
    /// - `<b>` and `<strong>` (MessageFormat 2: `{#b}…{/b}`, `{#strong}`) are strongly emphasized, `<i>` and `<em>`
    ///   emphasized: Foundation's `inlinePresentationIntent`, which `Text` draws bold and italic;
    /// - `<a href="…">` (`{#a href=|…|}`) is a `link` when its URL's scheme is in `linkSchemes`; any other `href`
    ///   (`javascript:`, a relative path) leaves its content as plain text;
    /// - any other tag, and a standalone one (`<br/>`), is dropped and its content kept, as in the plain text;
    /// - markup that does not balance (MessageFormat 2 allows it): an open tag without its close holds to the end
    ///   of the text, a close without its open is ignored. An ICU message whose tags do not balance does not parse,
    ///   and shows as written, as its plain text does.
    ///
    /// The markup is the message's own: an argument's text is text, `<b>` in a name included.
    /// - Parameters:
    ///   - message: the key, arguments, default text and locale to resolve.
    ///   - linkSchemes: the URL schemes a link may have, lowercase: `http` and `https` by default; add the app's own
    ///     (`["http", "https", "acme"]`) for links into the app.
    public func attributedString(_ message: LocalizedMessage, linkSchemes: Set<String> = ["http", "https"])
        -> AttributedString
    {
        attributedTranslation(message, linkSchemes: linkSchemes).text
    }

    /// `message` as ``attributedString(_:linkSchemes:)`` returns it, with the problems the formatters met.
    package func attributedTranslation(_ message: LocalizedMessage, linkSchemes: Set<String>) -> (
        text: AttributedString, problems: [FormatProblem]
    ) {
        var problems: [FormatProblem] = []
        let arguments = messageArguments(message, depth: 0, problems: &problems)
        let formatted = formatResolved(
            message.key, arguments: arguments, defaultText: message.defaultText, locale: message.locale, marked: true
        ).formatted
        return (RichText.attributed(formatted, linkSchemes: linkSchemes), formatted.problems + problems)
    }
}

/// Builds an `AttributedString` from formatted text and its marks.
enum RichText {
    static func attributed(_ marked: MarkedText, linkSchemes: Set<String>) -> AttributedString {
        guard !marked.marks.isEmpty else { return AttributedString(marked.text) }
        var result = AttributedString()
        var open: [MarkedText.Mark] = []
        let text = marked.text
        var start = text.startIndex
        for mark in marked.marks {
            let end = text.utf8.index(text.startIndex, offsetBy: mark.offset)
            if start < end {
                result.append(AttributedString(String(text[start..<end]), attributes: attributes(open, linkSchemes)))
            }
            start = end
            switch mark.kind {
            case .open: open.append(mark)
            case .close:
                if let index = open.lastIndex(where: { $0.name == mark.name }) { open.remove(at: index) }
            case .standalone: break
            }
        }
        if start < text.endIndex {
            result.append(AttributedString(String(text[start...]), attributes: attributes(open, linkSchemes)))
        }
        return result
    }

    /// The attributes of text inside the `open` tags, outermost first.
    private static func attributes(_ open: [MarkedText.Mark], _ linkSchemes: Set<String>) -> AttributeContainer {
        var container = AttributeContainer()
        var intent: InlinePresentationIntent = []
        for mark in open {
            switch mark.name.lowercased() {
            case "b", "strong": intent.insert(.stronglyEmphasized)
            case "i", "em": intent.insert(.emphasized)
            case "a":
                if let href = mark.attributes["href"], let url = URL(string: href),
                    let scheme = url.scheme?.lowercased(), linkSchemes.contains(scheme)
                {
                    container.link = url
                }
            default: break
            }
        }
        if !intent.isEmpty { container[InlineIntentAttribute.self] = intent }
        return container
    }
}

#if canImport(Darwin)
    /// Foundation's `inlinePresentationIntent`, which SwiftUI's `Text` draws (iOS 15):
    /// https://developer.apple.com/documentation/foundation/attributescopes/foundationattributes/inlinepresentationintent
    package typealias InlineIntentAttribute = AttributeScopes.FoundationAttributes.InlinePresentationIntentAttribute
#else
    /// Linux's Foundation has no `InlinePresentationIntent`: the same attribute, as Apple names and values it, so
    /// that what a widget gets is what the tests see.
    /// https://developer.apple.com/documentation/foundation/inlinepresentationintent
    package enum InlineIntentAttribute: CodableAttributedStringKey {
        package typealias Value = InlinePresentationIntent
        package static let name = "NSInlinePresentationIntent"
    }

    /// Apple's `InlinePresentationIntent`, the two options this package sets, with Apple's raw values
    /// (`emphasized` 1, `stronglyEmphasized` 2).
    package struct InlinePresentationIntent: OptionSet, Codable, Hashable, Sendable {
        package let rawValue: UInt
        package init(rawValue: UInt) { self.rawValue = rawValue }
        package static let emphasized = Self(rawValue: 1 << 0)
        package static let stronglyEmphasized = Self(rawValue: 1 << 1)
    }
#endif
