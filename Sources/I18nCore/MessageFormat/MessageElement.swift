import LocaleData

/// A position in a message's source: the offset in Unicode scalars, and the 1-based line and column.
package struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The number of Unicode scalars before the position, from the start of the message.
    package let offset: Int
    /// The 1-based line number.
    package let line: Int
    /// The 1-based column, counted in Unicode scalars from the start of the line.
    package let column: Int

    /// A location with the given scalar offset, line and column.
    /// - Parameters:
    ///   - offset: the number of Unicode scalars before the location.
    ///   - line: the line number, from 1.
    ///   - column: the column number, from 1.
    package init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    package var description: String { "\(line):\(column)" }
}

/// A parsed ICU message: the typed syntax tree `MessageParser` produces.
package enum MessageElement: Hashable, Sendable {
    /// Text shown as is (apostrophe quoting already resolved).
    case literal(String)
    /// `{name}`
    case argument(name: String, location: SourceLocation)
    /// `{name, number}`, `{name, number, integer}`, `{name, number, ::skeleton}`
    case number(name: String, style: NumberStyle, location: SourceLocation)
    /// `{name, date, short}` and `{name, time, …}`
    case dateTime(name: String, isTime: Bool, style: DateTimeStyle, location: SourceLocation)
    /// `{name, plural, …}` and `{name, selectordinal, …}`
    case plural(PluralElement)
    /// `{name, select, …}`
    case select(SelectElement)
    /// `#` inside a plural: the plural's number minus its offset, formatted.
    case pound(location: SourceLocation)
    /// `<name>…</name>` or `<name/>`, with the opening tag's attributes (`<a href="…">`)
    case tag(name: String, attributes: [TagAttribute], children: [MessageElement], location: SourceLocation)
}

/// An attribute of a rich-text tag: `href="https://example.com"`.
package struct TagAttribute: Hashable, Sendable {
    /// The attribute's name (`href`).
    package var name: String
    /// Its value as written between the quotes.
    package var value: String

    /// The attribute `name="value"`.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// The style of a `number` argument.
package enum NumberStyle: Hashable, Sendable {
    /// `{n, number}`: the locale's decimal format.
    case decimal
    /// `{n, number, integer}`: the locale's decimal format with no fraction digits.
    case integer
    /// `{n, number, percent}`: the locale's percent format (`0.25` shows as 25%).
    case percent
    /// `{n, number, currency}`: the locale's currency format, in the currency of the locale's region.
    case currency
    /// An ICU number skeleton, after `::` (`percent .00`, `currency/EUR`, …).
    case skeleton(String)
    /// An ICU decimal pattern (`#,##0.00`).
    case pattern(String)
}

/// `{name, plural, offset:1 =0 {…} one {…} other {…}}`
package struct PluralElement: Hashable, Sendable {
    /// What a plural case matches: an exact number or a plural category.
    package enum Selector: Hashable, Sendable {
        /// `=N`
        case exact(MessageNumber)
        /// `zero`, `one`, `two`, `few`, `many` or `other`, as the locale's plural rules pick it.
        case category(PluralCategory)
    }

    /// The name of the number argument the plural selects on.
    package let name: String
    /// Whether this is a `selectordinal` (1st, 2nd, …) rather than a `plural`.
    package let isOrdinal: Bool
    /// The `offset:` value, subtracted from the number before category selection and `#`; 0 when absent.
    package let offset: Int
    /// The cases in source order, each with its selector and message.
    package let cases: [(selector: Selector, message: [MessageElement])]
    /// Where the plural's opening `{` is in the message.
    package let location: SourceLocation

    /// A plural built in code rather than parsed (the String Catalog importer's), to be written out with
    /// `MessageElement.source(of:)`.
    /// - Parameters:
    ///   - name: the number argument the plural selects on.
    ///   - isOrdinal: `true` for a `selectordinal`.
    ///   - offset: the `offset:` value; 0 for none.
    ///   - cases: the cases in order, `other` among them.
    ///   - location: where the plural is said to start.
    package init(
        name: String, isOrdinal: Bool, offset: Int, cases: [(selector: Selector, message: [MessageElement])],
        location: SourceLocation
    ) {
        self.name = name
        self.isOrdinal = isOrdinal
        self.offset = offset
        self.cases = cases
        self.location = location
    }

    package static func == (lhs: PluralElement, rhs: PluralElement) -> Bool {
        lhs.name == rhs.name && lhs.isOrdinal == rhs.isOrdinal && lhs.offset == rhs.offset
            && lhs.location == rhs.location
            && lhs.cases.map(\.selector) == rhs.cases.map(\.selector)
            && lhs.cases.map(\.message) == rhs.cases.map(\.message)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(location)
    }
}

/// `{name, select, a {…} other {…}}`
package struct SelectElement: Hashable, Sendable {
    /// The name of the argument the select compares with its keys.
    package let name: String
    /// The cases in source order, each with its key (`other` among them) and message.
    package let cases: [(key: String, message: [MessageElement])]
    /// Where the select's opening `{` is in the message.
    package let location: SourceLocation

    package static func == (lhs: SelectElement, rhs: SelectElement) -> Bool {
        lhs.name == rhs.name && lhs.location == rhs.location && lhs.cases.map(\.key) == rhs.cases.map(\.key)
            && lhs.cases.map(\.message) == rhs.cases.map(\.message)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(location)
    }
}

extension MessageElement {
    /// The names of the arguments a message uses, in order of first use.
    /// - Parameter elements: the parsed message.
    package static func argumentNames(in elements: [MessageElement]) -> [String] {
        var names: [String] = []
        func visit(_ elements: [MessageElement]) {
            for element in elements {
                switch element {
                case .literal, .pound: break
                case .argument(let name, _), .number(let name, _, _), .dateTime(let name, _, _, _):
                    if !names.contains(name) { names.append(name) }
                case .plural(let plural):
                    if !names.contains(plural.name) { names.append(plural.name) }
                    for pluralCase in plural.cases { visit(pluralCase.message) }
                case .select(let select):
                    if !names.contains(select.name) { names.append(select.name) }
                    for selectCase in select.cases { visit(selectCase.message) }
                case .tag(_, _, let children, _):
                    visit(children)
                }
            }
        }
        visit(elements)
        return names
    }
}
