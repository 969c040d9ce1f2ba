import Foundation
import I18nCore
import LocaleData

// libFuzzer entry: MessageFormat 2 formatting with hostile argument values (numbers and dates as raw bit patterns,
// text that is almost a number or a date) and option values taken from variables, in every calendar, must never
// crash, must give the same text as a string and as parts, and must refuse a date past JavaScript's range.
private let messages = [
    "{$v}", "{$v :number}", "{$v :integer}", "{$v :percent}", "{$v :offset add=$o}", "{$v :offset subtract=3}",
    "{$v :number minimumFractionDigits=$o maximumFractionDigits=$p}", "{$v :number minimumSignificantDigits=$o}",
    "{$v :number roundingIncrement=$o maximumFractionDigits=$p}", "{$v :number signDisplay=$o useGrouping=$p}",
    "{$v :number roundingMode=$o trailingZeroDisplay=$p roundingPriority=$t}",
    "{$v :number widget-i18n:minimumFractionDigits=$o}", "{$v :currency currency=$o currencyDisplay=$p}",
    "{$v :currency currency=EUR fractionDigits=$o currencySign=$p}", "{$v :unit unit=$o unitDisplay=$p}",
    "{$v :datetime}", "{$v :date}", "{$v :time}", "{$v :date fields=$o length=$p}",
    "{$v :datetime dateFields=year-month-day timePrecision=second timeZone=$o hour12=$p}",
    "{$v :time timeZoneStyle=long timeZone=$t}", "{$v :date calendar=$o}", "{$v :string}",
    ".input {$v :number select=$o} .match $v 0 {{zero}} one {{one}} few {{few}} * {{{$v}}}",
    ".input {$v :number widget-i18n:minimumFractionDigits=operand} .match $v one {{one {$v}}} * {{other {$v}}}",
    ".local $w = {$v :offset subtract=1} .match $w one {{one {$w}}} * {{{$w :number maximumFractionDigits=$o}}}",
    ".input {$v :string} .match $v |1| {{one}} * {{{$v :date u:locale=$t}}}",
    "{#b u:id=$o}{$v :number u:dir=$p}{/b}",
]
/// Every calendar, in locales that use it as their own and as an `-u-ca-` override of English.
private let locales: [LocaleTag] =
    FuzzInput.locales
    + CalendarSystem.allCases.compactMap { LocaleTag(parsing: "en-u-ca-" + $0.rawValue) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessageFormat2Arguments(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let locale = input.pick(locales)
    let zone = input.pick(FuzzInput.zones)
    let number = input.double()
    let instant = input.double()
    let texts = (0..<3).map { _ in input.text(limit: 24) }
    let message = input.byte() < 220 ? input.pick(messages) : input.rest()
    /// A value of every kind the app can pass, from the same bytes.
    func argument(_ choice: UInt8, _ text: String) -> MessageArgument {
        switch choice % 5 {
        case 0: .number(MessageNumber(number))
        case 1: .date(Date(timeIntervalSince1970: instant))
        case 2: .number(MessageNumber(text) ?? MessageNumber(instant))
        default: .string(text)
        }
    }
    let arguments: MessageArguments = [
        "v": argument(input.byte(), texts[0]), "o": argument(input.byte(), texts[1]),
        "p": argument(input.byte(), texts[2]), "t": .string(input.pick(["UTC", "input", "Asia/Kathmandu", texts[0]])),
    ]
    let formatter = MF2Formatter(timeZone: zone, bidiIsolation: .none, draftFunctions: true)
    let formatted = formatter.formatted(message, locale: locale, arguments: arguments)
    for error in formatted.errors { require(!error.description.isEmpty, "an error without a description") }
    // The parts are the string, piece by piece, with the same errors.
    let parts = formatter.formatToParts(message, locale: locale, arguments: arguments)
    let joined = parts.parts.map { (part: MF2Part) -> String in
        switch part {
        case .text(let text): text
        case .bidiIsolation(let scalar): String(scalar)
        case .markup: ""
        case .fallback(let source): "{" + source + "}"
        case .value(let value): value.value
        }
    }.joined()
    require(joined == formatted.text, "parts \(joined.debugDescription) != \(formatted.text.debugDescription)")
    require(parts.errors.map(\.code) == formatted.errors.map(\.code), "the parts' errors differ: \(message)")
    // A date outside JavaScript's range is a bad operand, never a formatted date.
    if case .date(let date)? = arguments["v"], !DateFormats.formattableRange.contains(date.timeIntervalSince1970),
        message == "{$v :date}" || message == "{$v :datetime}" || message == "{$v :time}"
    {
        require(formatted.errors.map(\.code) == [.badOperand], "a date past the range formatted: \(formatted)")
    }
    return 0
}

/// `precondition`, whose message an optimized build drops: the log names what failed.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
