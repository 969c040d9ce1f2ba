import LocaleData
import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// ICU MessageFormat, as better-i18n, next-intl and formatjs use it: arguments, `number`, `date` and `time`,
/// `plural` (with `offset:`, `=N` and `#`), `selectordinal`, `select`, apostrophe quoting and rich-text tags,
/// with CLDR plural rules for every locale.
///
/// `format` is the widget-facing API: it never throws and never traps. A missing argument stays visible as
/// `{name}`, a message that does not parse is shown as written, and each problem is reported in
/// `FormattedMessage.problems`. `formatStrictly` throws instead. Parsed messages are cached process-wide.
///
/// Numbers (`number`, `integer`, `percent`, `currency`, `#`, ICU number skeletons: compact, units,
/// currencies, precision, sign, grouping), dates and times (`short` to `full`, date skeletons such as `::jm` or
/// `::MMMEd`) are formatted in pure Swift from the CLDR data of `LocaleData` (`CLDRData.release`), as
/// ICU4C of that release prints them, in the IANA time zone `timeZone`.
///
///     let formatter = ICUMessageFormatter()
///     formatter.format("{count, plural, one {# day} other {# days}} since {event}",
///                      locale: try LocaleTag("ru"), arguments: ["count": 3, "event": "старта"]).text
public struct ICUMessageFormatter: MessageFormatting, MarkupFormatting {
    /// The time zone of `date` and `time` arguments; the process's (`ZoneInfo.current`) when `nil`, looked up
    /// only when a message has a date, which keeps a widget's first render cheap.
    package var timeZone: ZoneInfo?

    /// A formatter that shows dates and times in `timeZone`, or in the process's time zone when it is `nil`.
    /// - Parameter timeZone: the zone for dates and times; the process's time zone when `nil`, the default.
    public init(timeZone: ZoneInfo? = nil) {
        self.timeZone = timeZone
    }

    public func format(_ message: String, locale: LocaleTag, arguments: MessageArguments) -> FormattedMessage {
        format(message, locale: locale, arguments: arguments, renderTag: nil)
    }

    /// Formats `message`, handing each rich-text tag's name and formatted content to `renderTag` (plain text
    /// keeps the content and drops the tag).
    /// - Parameters:
    ///   - message: the message text in ICU MessageFormat.
    ///   - locale: the locale whose plural rules and number formats apply.
    ///   - arguments: the values of the message's arguments, by name.
    ///   - renderTag: what replaces a tag, given its name and formatted content; when `nil`, the content alone.
    public func format(
        _ message: String, locale: LocaleTag, arguments: MessageArguments,
        renderTag: ((_ name: String, _ content: String) -> String)?
    ) -> FormattedMessage {
        // A message without syntax characters is its own output: no parse, no cache lookup.
        if !message.utf8.contains(where: {
            $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "<")
        }) {
            return FormattedMessage(text: message)
        }
        switch MessageCache.shared.parse(message) {
        case .error(let error):
            return FormattedMessage(text: message, problems: [FormatProblem(.syntax(error.description))])
        case .elements(let elements):
            var renderer = Renderer(
                locale: locale, arguments: arguments, timeZone: timeZone, renderTag: renderTag)
            renderer.output.reserveCapacity(message.utf8.count + 16)
            renderer.render(elements, plural: nil)
            return FormattedMessage(text: renderer.output, problems: renderer.problems)
        }
    }

    /// Parses `message` into the process-wide cache, as its first `format` does, without formatting it; whether it
    /// parses. What the benchmark times against ICU4C's `umsg_open`, which parses without formatting.
    @_spi(WidgetI18nSupport) public static func parse(_ message: String) -> Bool {
        if case .elements = MessageCache.shared.parse(message) { return true }
        return false
    }

    /// Formats `message` as `format` does, with its rich-text tags as marks beside the text: `<b>`, `<a href="…">`.
    /// - Parameters:
    ///   - message: the message text in ICU MessageFormat.
    ///   - locale: the locale whose plural rules and number formats apply.
    ///   - arguments: the values of the message's arguments, by name.
    package func formatMarked(_ message: String, locale: LocaleTag, arguments: MessageArguments) -> MarkedText {
        guard message.utf8.contains(UInt8(ascii: "<")) else {
            let formatted = format(message, locale: locale, arguments: arguments)
            return MarkedText(text: formatted.text, marks: [], problems: formatted.problems)
        }
        switch MessageCache.shared.parse(message) {
        case .error(let error):
            return MarkedText(text: message, marks: [], problems: [FormatProblem(.syntax(error.description))])
        case .elements(let elements):
            var renderer = Renderer(locale: locale, arguments: arguments, timeZone: timeZone, renderTag: nil)
            renderer.marks = []
            renderer.render(elements, plural: nil)
            return MarkedText(text: renderer.output, marks: renderer.marks ?? [], problems: renderer.problems)
        }
    }

    /// Formats `message` or throws at the first problem: a parse error, a missing or mistyped argument.
    /// - Parameters:
    ///   - message: the message text in ICU MessageFormat.
    ///   - locale: the locale whose plural rules and number formats apply.
    ///   - arguments: the values of the message's arguments, by name.
    package func formatStrictly(_ message: String, locale: LocaleTag, arguments: MessageArguments)
        throws(MessageFormatError) -> String
    {
        switch MessageCache.shared.parse(message) {
        case .error(let error): throw .parse(error)
        case .elements(let elements):
            var renderer = Renderer(
                locale: locale, arguments: arguments, timeZone: timeZone, renderTag: nil)
            renderer.render(elements, plural: nil)
            if let problem = renderer.problems.first { throw .format(problem) }
            return renderer.output
        }
    }

    /// The parsed form of `message`, from the process-wide cache.
    package static func parse(_ message: String) -> Result<[MessageElement], MessageParseError> {
        MessageCache.shared.parse(message).result
    }
}

/// Walks the syntax tree once, appending to `output`.
private struct Renderer {
    let locale: LocaleTag
    let arguments: MessageArguments
    let timeZone: ZoneInfo?
    let renderTag: ((String, String) -> String)?
    var output = ""
    var problems: [FormatProblem] = []
    /// The tags met, where they stand in `output`, when the caller collects them (`formatMarked`); `nil` otherwise.
    var marks: [MarkedText.Mark]?
    private var cachedProfile: LocaleProfile?

    private mutating func profile() -> LocaleProfile {
        if let cachedProfile { return cachedProfile }
        let profile = LocaleProfile.profile(for: locale)
        cachedProfile = profile
        return profile
    }

    init(
        locale: LocaleTag, arguments: MessageArguments, timeZone: ZoneInfo?,
        renderTag: ((String, String) -> String)?
    ) {
        self.locale = locale
        self.arguments = arguments
        self.timeZone = timeZone
        self.renderTag = renderTag
    }

    /// `plural` is the innermost plural's number after its offset, for `#`.
    mutating func render(_ elements: [MessageElement], plural: MessageNumber?) {
        for element in elements {
            switch element {
            case .literal(let text):
                output += text
            case .argument(let name, _):
                guard let value = argument(name) else { continue }
                switch value {
                case .string(let text): output += text
                case .number(let number): output += formatNumber(number, style: .decimal)
                case .date:
                    // The same range check as `{d, date}`: a date from outside never reaches a calendar unchecked.
                    guard let date = self.date(value, name: name) else { continue }
                    output += formatDate(date, name: name, isTime: false, style: nil)
                }
            case .number(let name, let style, _):
                guard let value = argument(name) else { continue }
                guard let number = self.number(value, name: name) else { continue }
                output += formatNumber(number, style: style)
            case .dateTime(let name, let isTime, let style, _):
                guard let value = argument(name) else { continue }
                guard let date = self.date(value, name: name) else { continue }
                output += formatDate(date, name: name, isTime: isTime, style: style)
            case .plural(let element):
                renderPlural(element)
            case .select(let element):
                guard let value = argument(element.name) else { continue }
                let key: String
                switch value {
                case .string(let text): key = text
                case .number(let number): key = number.text
                case .date: key = "other"
                }
                let chosen = element.cases.first { $0.key == key } ?? element.cases.first { $0.key == "other" }!
                render(chosen.message, plural: plural)
            case .pound:
                if let plural {
                    output += profile().formatPound(plural)
                } else {
                    output += "#"
                }
            case .tag(let name, let attributes, let children, _):
                if marks != nil {
                    var attributesByName: [String: String] = [:]
                    for attribute in attributes { attributesByName[attribute.name] = attribute.value }
                    marks?.append(
                        .init(
                            offset: output.utf8.count, kind: children.isEmpty ? .standalone : .open, name: name,
                            attributes: attributesByName))
                    render(children, plural: plural)
                    if !children.isEmpty { marks?.append(.init(offset: output.utf8.count, kind: .close, name: name)) }
                    continue
                }
                guard let renderTag else {
                    render(children, plural: plural)
                    continue
                }
                var inner = Renderer(locale: locale, arguments: arguments, timeZone: timeZone, renderTag: renderTag)
                inner.render(children, plural: plural)
                problems += inner.problems
                output += renderTag(name, inner.output)
            }
        }
    }

    private mutating func renderPlural(_ element: PluralElement) {
        guard let value = argument(element.name) else { return }
        guard let number = number(value, name: element.name) else { return }
        // Explicit values match the argument as given (`=1` is not `1.0004`); the category and `#` take the
        // number as ICU formats it.
        var shifted = element.offset == 0 ? number : number.offset(by: -element.offset)
        if shifted.visibleFractionDigits > 0 { shifted = profile().pluralNumber(shifted) }
        var chosen: [MessageElement]?
        for (selector, message) in element.cases {
            if case .exact(let exact) = selector, exact.value == number.value {
                chosen = message
                break
            }
        }
        if chosen == nil {
            let profile = profile()
            let category = (element.isOrdinal ? profile.ordinal : profile.cardinal)(PluralOperands(shifted))
            chosen =
                element.cases.first { $0.selector == .category(category) }?.message
                ?? element.cases.first { $0.selector == .category(.other) }!.message
        }
        render(chosen!, plural: shifted)
    }

    /// `{name}`, where an argument is missing or unusable: appended in three pieces, as an interpolation builds a
    /// string of its own first.
    private mutating func writePlaceholder(_ name: String) {
        output += "{"
        output += name
        output += "}"
    }

    /// The argument, or `nil` after writing `{name}` and reporting it missing.
    private mutating func argument(_ name: String) -> MessageArgument? {
        if let value = arguments[name] { return value }
        writePlaceholder(name)
        problems.append(FormatProblem(.missingArgument(name)))
        return nil
    }

    private mutating func number(_ value: MessageArgument, name: String) -> MessageNumber? {
        switch value {
        case .number(let number): return number
        case .string(let text):
            if let number = MessageNumber(text) { return number }
        case .date(let date):
            return MessageNumber(date.timeIntervalSince1970 * 1000)
        }
        writePlaceholder(name)
        problems.append(FormatProblem(.argumentType(name: name, expected: "a number")))
        return nil
    }

    private mutating func date(_ value: MessageArgument, name: String) -> Date? {
        var date: Date?
        switch value {
        case .date(let value): date = value
        case .number(let number): date = Date(timeIntervalSince1970: number.value / 1000)
        case .string(let text):
            if let value = try? Date(text, strategy: .iso8601) {
                date = value
            } else if let number = MessageNumber(text) {
                date = Date(timeIntervalSince1970: number.value / 1000)
            }
        }
        if let date, DateFormats.formattableRange.contains(date.timeIntervalSince1970) { return date }
        writePlaceholder(name)
        problems.append(
            FormatProblem(
                .argumentType(
                    name: name,
                    expected: date == nil
                        ? "a date (ISO 8601 or milliseconds since 1970)"
                        : "a date within 100,000,000 days of 1970 (as JavaScript's Date), not "
                            + QuotedExcerpt.of(value.description))))
        return nil
    }

    /// `number` in `style`, from `LocaleData`'s CLDR data.
    private mutating func formatNumber(_ number: MessageNumber, style: NumberStyle) -> String {
        let formats = profile().numberFormats
        switch style {
        case .decimal:
            return formats.format(number, .decimal, usesPatternPrecision: true)
        case .integer:
            return formats.format(number, .integer, usesPatternPrecision: true)
        case .percent:
            return formats.format(number, .percentStyle, usesPatternPrecision: true)
        case .currency:
            // The region's currency, else ICU's unknown one, `XXX` (`¤1,234.50`: ICU 77 prints that, not an
            // error). A style, not a skeleton: the pattern groups from the first group on, as `#` does, so the
            // locale's minimum grouping digits do not apply (pl-PL: `1 234,50 zł`; `::currency/PLN`: `1234,50 zł`).
            var skeleton = NumberSkeleton(unit: .currency(formats.regionCurrency ?? "XXX"))
            skeleton.grouping = .onAligned
            return formats.format(number, skeleton)
        case .pattern(let pattern):
            return formats.format(number, .decimal, pattern: NumberPattern(pattern))
        case .skeleton(let text):
            let skeleton: NumberSkeleton
            do {
                skeleton = try NumberSkeleton.cached(text)
            } catch {
                problems.append(
                    FormatProblem(
                        .unsupported("number skeleton token '\(QuotedExcerpt.of(error.token))': \(error.reason)")))
                return formats.format(number, .decimal, usesPatternPrecision: true)
            }
            if NumberFormats.lacksUnitNames(skeleton) {
                problems.append(
                    FormatProblem(.unlinkedData(.units, shownInstead: LocaleDataTables.Family.units.shownInstead)))
            }
            guard skeleton.roundingMode == .unnecessary else { return formats.format(number, skeleton) }
            do {
                return try formats.formatExactly(number, skeleton)
            } catch {
                // ICU fails the whole call; the widget shows the number rounded half-even, with a problem.
                problems.append(FormatProblem(.roundingNecessary(error.number)))
                return formats.format(number, skeleton)
            }
        }
    }

    /// `date` in the formatter's zone and the locale's calendar; a `nil` style is a plain `{d}`: short date and
    /// time. A date the calendar's table does not reach shows as `{name}`, with a problem.
    private mutating func formatDate(_ date: Date, name: String, isTime: Bool, style: DateTimeStyle?) -> String {
        let formats = profile().dateFormats
        if let calendar = formats.unlinkedCalendar {
            problems.append(
                FormatProblem(
                    .unlinkedData(
                        .calendars, shownInstead: "the \(calendar.identifier) date is shown in the Gregorian calendar"))
            )
        }
        if formats.lacksZoneNames(isTime: isTime, style: style) {
            problems.append(
                FormatProblem(
                    .unlinkedData(.zoneNames, shownInstead: LocaleDataTables.Family.zoneNames.shownInstead)))
        }
        let zone = timeZone ?? .current
        if let text = formats.formatted(date, isTime: isTime, style: style, zone: zone) { return text }
        problems.append(
            FormatProblem(
                .argumentType(
                    name: name,
                    expected: "a date the \(formats.calendar.identifier) calendar's table covers (local days "
                        + (formats.calendar.coveredDaysDescription ?? "") + "), not "
                        + QuotedExcerpt.of(zone.iso8601(date)))))
        return "{\(name)}"
    }
}
