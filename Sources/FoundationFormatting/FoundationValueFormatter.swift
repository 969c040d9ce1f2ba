import Foundation
import I18nCore

/// Dates, times, currencies and number patterns for `ICUMessageFormatter`, with Foundation's `DateFormatter`
/// and `NumberFormatter`: one formatter per locale and style, created once per process (creating one costs
/// tens of microseconds, formatting with one a few).
///
/// A separate module because on Linux Foundation's formatters bring CoreFoundation and ICU into the binary;
/// a widget that shows only text, counts and percentages does without them.
///
///     let translator = WidgetTranslator(store: store, project: project,
///                                       formatter: ICUMessageFormatter(valueFormatter: FoundationValueFormatter()))
public struct FoundationValueFormatter: LocaleValueFormatting {
    /// Formatters are shared process-wide: every instance uses the same ones.
    public init() {}

    public func format(_ number: MessageNumber, style: NumberStyle, locale: LocaleTag) -> (
        text: String, problems: [FormatProblem]
    ) {
        FormatterCache.shared.format(number, style: style, locale: locale)
    }

    public func format(_ date: Date, isTime: Bool, style: DateTimeStyle, locale: LocaleTag, timeZone: TimeZone)
        -> String
    {
        FormatterCache.shared.format(date, isTime: isTime, style: style, locale: locale, timeZone: timeZone)
    }
}

/// The process's Foundation formatters by locale and style.
private final class FormatterCache: @unchecked Sendable {
    // Every formatter is created and used under `lock`: Foundation's formatters are not thread-safe.
    static let shared = FormatterCache()

    private let lock = NSLock()
    private var numberFormatters: [String: NumberFormatter] = [:]
    private var dateFormatters: [String: DateFormatter] = [:]
    /// Styles come from messages, so the caches are bounded: a host formatting endless distinct skeletons
    /// (found by fuzzing) must not grow without limit.
    private static let cacheLimit = 256

    // MARK: - Numbers

    /// `number` in `style` for `locale`, and what could not be honoured.
    func format(_ number: MessageNumber, style: NumberStyle, locale: LocaleTag) -> (
        text: String, problems: [FormatProblem]
    ) {
        lock.lock()
        defer { lock.unlock() }
        var problems: [FormatProblem] = []
        let key = "\(locale.normalized)|\(style)"
        let formatter: NumberFormatter
        if let cached = numberFormatters[key] {
            formatter = cached
        } else {
            formatter = makeNumberFormatter(style: style, locale: locale)
            if numberFormatters.count >= Self.cacheLimit { numberFormatters.removeAll(keepingCapacity: true) }
            numberFormatters[key] = formatter
        }
        if case .skeleton(let skeleton) = style {
            problems = Self.unsupportedTokens(in: skeleton).map {
                FormatProblem(.unsupported("number skeleton token '\($0)'"))
            }
        }
        if style == .decimal || style == .integer, let exact = Self.groupedLongInteger(number, formatter: formatter) {
            return (exact, problems)
        }
        let value = NSDecimalNumber(string: number.text)
        return (formatter.string(from: value) ?? number.text, problems)
    }

    /// Foundation formats through `Double`, which rounds integers past 2^53; group long ones digit by digit
    /// with the formatter's own separator and digits instead.
    private static func groupedLongInteger(_ number: MessageNumber, formatter: NumberFormatter) -> String? {
        var digits = Substring(number.text)
        let negative = digits.first == "-"
        if negative { digits.removeFirst() }
        guard digits.count > 15, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        let localDigits = Array(formatter.string(from: 1_234_567_890)?.filter { $0.isNumber } ?? "1234567890")
        let map = localDigits.count == 10 ? Dictionary(uniqueKeysWithValues: zip("1234567890", localDigits)) : [:]
        let separator = formatter.usesGroupingSeparator ? (formatter.groupingSeparator ?? ",") : ""
        let primary = max(formatter.groupingSize, 1)
        let secondary = formatter.secondaryGroupingSize > 0 ? formatter.secondaryGroupingSize : primary
        var groups: [Substring] = []
        var end = digits.endIndex
        var size = primary
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -size, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
            size = secondary
        }
        let grouped = groups.joined(separator: separator).map { map[$0] ?? $0 }
        return (negative ? formatter.minusSign ?? "-" : "") + String(grouped)
    }

    private func makeNumberFormatter(style: NumberStyle, locale: LocaleTag) -> NumberFormatter {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale.displayForm)
        formatter.numberStyle = .decimal
        switch style {
        case .decimal:
            formatter.maximumFractionDigits = 3
        case .integer:
            formatter.maximumFractionDigits = 0
            formatter.roundingMode = .halfEven
        case .percent:
            formatter.numberStyle = .percent
        case .currency:
            formatter.numberStyle = .currency
        case .pattern(let pattern):
            formatter.positiveFormat = pattern
        case .skeleton(let skeleton):
            applySkeleton(skeleton, to: formatter)
        }
        return formatter
    }

    /// The ICU number skeleton tokens this formatter implements.
    private func applySkeleton(_ skeleton: String, to formatter: NumberFormatter) {
        formatter.maximumFractionDigits = 6
        for token in skeleton.split(whereSeparator: \.isWhitespace).map(String.init) {
            switch token {
            case "percent", "%":
                formatter.numberStyle = .percent
                formatter.multiplier = 1
                formatter.maximumFractionDigits = 6
            case "%x100":
                formatter.numberStyle = .percent
                formatter.maximumFractionDigits = 6
            case "precision-integer", ".":
                formatter.maximumFractionDigits = 0
            case "group-off", ",_":
                formatter.usesGroupingSeparator = false
            case "sign-always", "+!":
                formatter.positivePrefix = formatter.plusSign + formatter.positivePrefix
            case "integer":
                formatter.maximumFractionDigits = 0
            default:
                if token.hasPrefix("."), token.dropFirst().allSatisfy({ $0 == "0" || $0 == "#" }) {
                    let minimum = token.filter { $0 == "0" }.count
                    let maximum = token.count - 1
                    formatter.maximumFractionDigits = maximum
                    if minimum > 0 {
                        // swift-corelibs-foundation resets the maximum to 3 when the minimum is set; a rounding
                        // increment keeps the maximum.
                        formatter.minimumFractionDigits = minimum
                        formatter.roundingIncrement = NSNumber(value: pow(10, -Double(maximum)))
                    }
                } else if token.hasPrefix("currency/") {
                    formatter.numberStyle = .currency
                    formatter.currencyCode = String(token.dropFirst("currency/".count))
                } else if token.hasPrefix("scale/"), let scale = Double(token.dropFirst("scale/".count)) {
                    formatter.multiplier = NSNumber(value: scale)
                }
            }
        }
    }

    /// Tokens `applySkeleton` ignores, to report them.
    static func unsupportedTokens(in skeleton: String) -> [String] {
        skeleton.split(whereSeparator: \.isWhitespace).map(String.init).filter { token in
            let known = [
                "percent", "%", "%x100", "precision-integer", ".", "group-off", ",_", "sign-always", "+!", "integer",
            ]
            if known.contains(token) || token.hasPrefix("currency/") { return false }
            if token.hasPrefix("scale/"), Double(token.dropFirst(6)) != nil { return false }
            if token.hasPrefix("."), token.dropFirst().allSatisfy({ $0 == "0" || $0 == "#" }) { return false }
            return true
        }
    }

    // MARK: - Dates

    func format(_ date: Date, isTime: Bool, style: DateTimeStyle, locale: LocaleTag, timeZone: TimeZone) -> String {
        lock.lock()
        defer { lock.unlock() }
        let key = "\(locale.normalized)|\(isTime)|\(style)|\(timeZone.identifier)"
        let formatter: DateFormatter
        if let cached = dateFormatters[key] {
            formatter = cached
        } else {
            formatter = DateFormatter()
            formatter.locale = Locale(identifier: locale.displayForm)
            formatter.timeZone = timeZone
            let length: DateFormatter.Style
            switch style {
            case .short: length = .short
            case .medium: length = .medium
            case .long: length = .long
            case .full: length = .full
            case .skeleton(let skeleton):
                length = .none
                formatter.setLocalizedDateFormatFromTemplate(skeleton)
            case .pattern(let pattern):
                length = .none
                formatter.dateFormat = pattern
            }
            if length != .none {
                formatter.dateStyle = isTime ? .none : length
                formatter.timeStyle = isTime ? length : .none
            }
            if dateFormatters.count >= Self.cacheLimit { dateFormatters.removeAll(keepingCapacity: true) }
            dateFormatters[key] = formatter
        }
        return formatter.string(from: date)
    }
}
