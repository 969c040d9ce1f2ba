/// A position in a message's source: the offset in Unicode scalars, and the 1-based line and column.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public let offset: Int
    public let line: Int
    public let column: Int

    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// A parsed ICU message: the typed syntax tree `MessageParser` produces.
public indirect enum MessageElement: Hashable, Sendable {
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
    /// `<name>…</name>` or `<name/>`
    case tag(name: String, children: [MessageElement], location: SourceLocation)
}

/// The style of a `number` argument.
public enum NumberStyle: Hashable, Sendable {
    case decimal
    case integer
    case percent
    case currency
    /// An ICU number skeleton, after `::` (`percent .00`, `currency/EUR`, …).
    case skeleton(String)
    /// An ICU decimal pattern (`#,##0.00`).
    case pattern(String)
}

/// The style of a `date` or `time` argument.
public enum DateTimeStyle: Hashable, Sendable {
    case short, medium, long, full
    /// A date skeleton, after `::` (`yMMMd`).
    case skeleton(String)
    /// A date pattern (`yyyy-MM-dd`).
    case pattern(String)
}

/// `{name, plural, offset:1 =0 {…} one {…} other {…}}`
public struct PluralElement: Hashable, Sendable {
    public enum Selector: Hashable, Sendable {
        /// `=N`
        case exact(MessageNumber)
        case category(PluralCategory)
    }

    public let name: String
    public let isOrdinal: Bool
    public let offset: Int
    public let cases: [(selector: Selector, message: [MessageElement])]
    public let location: SourceLocation

    public static func == (lhs: PluralElement, rhs: PluralElement) -> Bool {
        lhs.name == rhs.name && lhs.isOrdinal == rhs.isOrdinal && lhs.offset == rhs.offset
            && lhs.location == rhs.location
            && lhs.cases.map(\.selector) == rhs.cases.map(\.selector)
            && lhs.cases.map(\.message) == rhs.cases.map(\.message)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(location)
    }
}

/// `{name, select, a {…} other {…}}`
public struct SelectElement: Hashable, Sendable {
    public let name: String
    public let cases: [(key: String, message: [MessageElement])]
    public let location: SourceLocation

    public static func == (lhs: SelectElement, rhs: SelectElement) -> Bool {
        lhs.name == rhs.name && lhs.location == rhs.location && lhs.cases.map(\.key) == rhs.cases.map(\.key)
            && lhs.cases.map(\.message) == rhs.cases.map(\.message)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(location)
    }
}

extension MessageElement {
    /// The names of the arguments a message uses, in order of first use.
    public static func argumentNames(in elements: [MessageElement]) -> [String] {
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
                case .tag(_, let children, _):
                    visit(children)
                }
            }
        }
        visit(elements)
        return names
    }
}
