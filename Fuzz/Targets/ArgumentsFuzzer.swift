import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// libFuzzer entry: the whole message formatter with fuzzed argument values (numbers and dates as raw bit
// patterns: NaN, infinities, ±1e300, dates far past any calendar), in 37 locales and 8 zones, must never crash.
// Issue 32's `{d}` past ±2^63 s in the chinese calendar (SIGILL) is the kind of input it is for.
private let messages = [
    "{n}", "{d}", "{s}", "{n, number}", "{n, number, integer}", "{n, number, percent}", "{n, number, ::compact-short}",
    "{n, number, ::currency/EUR unit-width-narrow}", "{n, number, ::.00##}", "{n, number, ::@@#}",
    "{n, number, ::scale/100 sign-always}", "{n, plural, =0 {none} one {# one} few {# few} other {# other}}",
    "{n, plural, offset:1 one {#} other {# and {s}}}", "{n, selectordinal, one {#st} two {#nd} other {#th}}",
    "{d, date}", "{d, date, short}", "{d, date, full}", "{d, time, short}", "{d, time, full}", "{d, date, ::yMMMEd}",
    "{d, date, ::GGGGyMMMMd}", "{d, time, ::jmsz}", "{d, date, ::yQQQ}", "{d, date, y-MM-dd HH:mm:ss.SSS zzzz}",
    "{n, date}", "{s, date, ::yMd}", "{s, number}", "{s, select, a {A} other {{n, number}}}",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let locale = input.pick(FuzzInput.locales)
    let zone = input.pick(FuzzInput.zones)
    let number = input.double()
    let date = Date(timeIntervalSince1970: input.double())
    let text = input.text(limit: 40)
    let message = input.byte() < 200 ? input.pick(messages) : input.rest()
    let numbers: [MessageArgument] = [
        .number(MessageNumber(number)), .number(MessageNumber(text) ?? MessageNumber(0)), .string(text),
        .date(date), .number(MessageNumber(number * 1000)),
    ]
    let formatter = ICUMessageFormatter(timeZone: zone)
    for value in numbers {
        let arguments: MessageArguments = ["n": value, "d": .date(date), "s": value]
        let formatted = formatter.format(message, locale: locale, arguments: arguments)
        for problem in formatted.problems { _ = problem.description }
        _ = try? formatter.formatStrictly(message, locale: locale, arguments: arguments)
        _ = value.description
    }
    _ = zone.iso8601(date)
    return 0
}
