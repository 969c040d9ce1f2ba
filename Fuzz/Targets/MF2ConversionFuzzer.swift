import Foundation
import I18nCore
import LocaleData

// libFuzzer entry: the conversion from ICU MessageFormat to MessageFormat 2, as a differential. A message it
// converts must be valid MF2 and, with any arguments the original takes (numbers and dates as raw bit patterns,
// decimals with trailing zeros, numeric text, a date for a number and a number for a date), print exactly what the
// original prints through ICUMessageFormatter; a message it does not convert must be refused with a reason.
private let messages = [
    "{n, plural, one {# day} other {# days}}",
    "{n, plural, offset:1 =0 {none} =1 {just {s}} one {{s} and # other}"
        + " other {{s} and # others}}", "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
    "{s, select, female {her {n, plural, one {# cat} other {# cats}}} other {their {n, number}}}",
    "{n, number}", "{n, number, integer}", "{n, number, percent}", "{n, number, currency}", "{n, number, ::.00}",
    "{n, number, ::currency/EUR unit-width-narrow}", "{n, number, ::unit/kilometer-per-hour unit-width-full-name}",
    "{n, number, ::percent scale/100 .0}", "{n, number, ::@@# sign-always group-off}", "{d, date}", "{d, date, short}",
    "{d, date, long}", "{d, time, short}", "{d, time, medium}", "{d, date, ::yMMMd}", "{d, time, ::Hm}",
    "<b>{n, plural, one {# item} other {# items}}</b> in {s}", "'{'{s}'}' {n}", "{d} {n} {s}",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMF2Conversion(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let locale = input.pick(FuzzInput.locales)
    let zone = input.pick(FuzzInput.zones)
    let number = input.double()
    let instant = input.double()
    let text = input.text(limit: 24)
    let form = input.byte()
    let message = input.byte() < 160 ? input.pick(messages) : input.rest()
    let converted: String
    switch MF2Conversion.convert(message, locale: locale) {
    case .failure(let refusal):
        require(!refusal.reason.isEmpty, "a refusal without a reason: \(message)")
        return 0
    case .success(let text): converted = text
    }
    guard let elements = try? MessageParser.parse(message) else {
        fatalError("converted a message that does not parse: \(message)")
    }
    /// One form of a value for every argument, from the same bytes.
    let value: MessageArgument
    switch form % 7 {
    case 0: value = .number(MessageNumber(number))
    case 1: value = .date(Date(timeIntervalSince1970: instant))
    case 2: value = .number(MessageNumber(MessageNumber(number).text + ".0") ?? MessageNumber(number))
    case 3: value = .string("0" + MessageNumber(Double(Int16(truncatingIfNeeded: Int(form)))).text)
    case 4: value = .number(MessageNumber(instant * 1000))
    case 5: value = .number(MessageNumber(text) ?? MessageNumber(0))
    default: value = .string(text)
    }
    var arguments: MessageArguments = [:]
    for name in MessageElement.argumentNames(in: elements) { arguments[name] = value }
    let original = ICUMessageFormatter(timeZone: zone).format(message, locale: locale, arguments: arguments)
    let result = MF2Formatter(timeZone: zone, bidiIsolation: .none, draftFunctions: true).formatted(
        converted, locale: locale, arguments: arguments)
    require(
        !result.errors.contains { $0.isFatal }, "the conversion of \(message) is no valid MF2: \(converted)")
    // What the original does not take, the converted message need not print alike.
    guard original.problems.isEmpty else { return 0 }
    require(
        result.text == original.text && result.errors.isEmpty,
        "\(locale) \(message) \(arguments) → \(converted): \(result.text.debugDescription) != "
            + "\(original.text.debugDescription) \(result.errors)")
    return 0
}

/// `precondition`, whose message an optimized build drops: the log names what failed.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
