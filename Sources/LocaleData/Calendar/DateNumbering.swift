/// A numbering system a date pattern asks for some of its fields, as CLDR writes it beside the pattern:
/// `hebr` (Hebrew numerals for `he`'s Hebrew dates), `y=jpanyear` (元年 for the first year of a Japanese era),
/// `d=hanidays` (初一 for the days of `zh`'s Chinese dates), `hanidec` (〇一二 digits).
enum DateNumbering: Sendable {
    case hebrew
    case japaneseYear
    case chineseDays
    /// A numeric system: its ten digits.
    case digits([String])

    init?(name: String) {
        switch name {
        case "hebr": self = .hebrew
        case "jpanyear": self = .japaneseYear
        case "hanidays": self = .chineseDays
        default:
            guard let digits = CLDRData.rootValues(.numbers)["digits." + name], digits.count == 10 else { return nil }
            self = .digits(digits.map { String($0) })
        }
    }

    /// `value` as the system writes it. The algorithmic systems ignore `minimumDigits`, as ICU's rule-based
    /// formats do.
    func format(_ value: Int64, minimumDigits: Int) -> String {
        switch self {
        case .hebrew: return Self.hebrewNumeral(value)
        case .japaneseYear:
            // ICU's `jpanyear` rules: 1 is 元 (and so, by its negative rule, is −1); the rest are digits.
            return value.magnitude == 1 ? "元" : String(value)
        case .chineseDays:
            let names = Self.chineseDayNames
            return value >= 1 && value <= Int64(names.count) ? names[Int(value) - 1] : String(value)
        case .digits(let digits):
            var text = String(value.magnitude)
            if text.utf8.count < minimumDigits {
                text = String(repeating: "0", count: minimumDigits - text.utf8.count) + text
            }
            return (value < 0 ? "-" : "") + text.utf8.map { digits[Int($0 - 0x30)] }.joined()
        }
    }

    private static let hebrewNumerals = split(CalendarData.hebrewNumerals)
    private static let chineseDayNames = split(CalendarData.chineseDayNumerals)

    private static func split(_ text: StaticString) -> [String] {
        let bytes = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        return String(decoding: bytes, as: UTF8.self).split(separator: "\u{1D}", omittingEmptySubsequences: false)
            .map(String.init)
    }

    /// ICU's `%hebrew` rules: 0–999 from the table, thousands composed as they compose them (`ה׳תשפ״ו` for 5786).
    static func hebrewNumeral(_ value: Int64) -> String {
        let table = hebrewNumerals
        if value < 0 { return "−" + hebrewNumeral(-value) }
        if value < 1000 { return table[Int(value)] }
        switch value {
        case 1000: return "אלף"
        case 2000: return "אלפיים"
        case 1_000_000: return "אלף אלפים"
        case 1_000_001...: return groupedDigits(value)
        default: break
        }
        let (thousands, rest) = (Int(value / 1000), Int(value % 1000))
        if rest == 0, thousands >= 3 { return table[thousands] + " אלפים" }
        let mark = (11...99).contains(thousands) || thousands >= 101 ? "׳" : ""
        return table[thousands] + mark + table[rest]
    }

    private static func groupedDigits(_ value: Int64) -> String {
        var digits = Array(String(value))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }
}

/// Which fields of a pattern a numbering override covers: `hebr` alone covers every date field, `d=hanidays`
/// only the day. ICU's `SimpleDateFormat::processOverrideString`.
struct DateNumberingOverrides: Sendable {
    private var systems: [Unicode.Scalar: DateNumbering] = [:]
    /// A date override of exactly `hebr`: ICU then drops the thousands of years 5001–5999 (`תשפ״ו` for 5786).
    private(set) var isHebrewDates = false
    /// Whether the date pattern came with an override at all.
    private var hasDateOverride = false

    /// ICU's date fields (`kDateFields`) and time fields (`kTimeFields`).
    private static let dateLetters: [Unicode.Scalar] = [
        "y", "M", "d", "D", "F", "w", "W", "Y", "u", "g", "c", "L",
        "Q", "q", "U", "r",
    ]
    private static let timeLetters: [Unicode.Scalar] = ["k", "H", "m", "s", "S", "h", "K", "A", "Z", "O"]

    static let none = DateNumberingOverrides()

    private init() {}

    /// The overrides of a date pattern and a time pattern (either may be `nil`).
    init(date: String?, time: String?) {
        for (text, letters) in [(date, Self.dateLetters), (time, Self.timeLetters)] {
            guard let text else { continue }
            for item in text.split(separator: ";") {
                if let equals = item.firstIndex(of: "=") {
                    guard let letter = item.unicodeScalars.first,
                        let system = DateNumbering(name: String(item[item.index(after: equals)...]))
                    else { continue }
                    systems[letter] = system
                } else if let system = DateNumbering(name: String(item)) {
                    for letter in letters { systems[letter] = system }
                }
            }
        }
        isHebrewDates = date == "hebr"
        hasDateOverride = date != nil
    }

    /// The system of `letter`'s field, when the pattern overrides it.
    subscript(letter: Unicode.Scalar) -> DateNumbering? { systems[letter] }

    /// With ICU's 元年 rule: a Japanese-calendar pattern in Japanese that contains 年 (anywhere, quoted too)
    /// writes its year with `jpanyear` unless it has a date override of its own, and one without 年 does not.
    func addingJapaneseYear(for pattern: String, calendar: CalendarSystem, locale: LocaleTag) -> DateNumberingOverrides
    {
        guard calendar == .japanese, locale.language == "ja" else { return self }
        var result = self
        if pattern.contains("年") {
            if !hasDateOverride { result.systems["y"] = .japaneseYear }
        } else if case .japaneseYear? = systems["y"] {
            result.systems["y"] = nil
        }
        return result
    }
}
