import LocaleData

/// Formatted text with its message's markup beside it rather than in it: what an attributed string is built from.
/// The markup is the message's own (`<b>`, `{#b}`); an argument's text is text, whatever it holds.
package struct MarkedText: Hashable, Sendable {
    /// The text to show, as `format` returns it.
    package var text: String
    /// The markup, in order of `offset`.
    package var marks: [Mark]
    /// What the formatter met, as `format` reports it.
    package var problems: [FormatProblem]

    /// A tag's opening, closing or standalone form, where it stands in the text.
    package struct Mark: Hashable, Sendable {
        /// Which form of the tag it is.
        package enum Kind: String, Hashable, Sendable {
            case open, close, standalone
        }
        /// Where the mark stands: an offset into `text`'s UTF-8, at a character boundary.
        package var offset: Int
        package var kind: Kind
        /// The tag's name (`b`, `a`).
        package var name: String
        /// The opening or standalone tag's attributes or options (`href`), by name.
        package var attributes: [String: String] = [:]

        /// A mark of `kind` for tag `name` at UTF-8 `offset`.
        package init(offset: Int, kind: Kind, name: String, attributes: [String: String] = [:]) {
            self.offset = offset
            self.kind = kind
            self.name = name
            self.attributes = attributes
        }
    }

    /// Text with its marks and problems.
    package init(text: String, marks: [Mark], problems: [FormatProblem]) {
        self.text = text
        self.marks = marks
        self.problems = problems
    }
}

/// A formatter that can keep its output's markup apart from its text (``MarkedText``); one that cannot is shown as
/// plain text where an attributed string is asked for.
package protocol MarkupFormatting: MessageFormatting {
    /// Formats `message` as `format` does, with the message's markup beside the text.
    func formatMarked(_ message: String, locale: LocaleTag, arguments: MessageArguments) -> MarkedText
}
