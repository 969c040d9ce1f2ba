import I18nCore
import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// libFuzzer entry: the MessageFormat 2 parser and formatter must never crash nor hang, whatever the message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessageFormat2(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let message = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    // Every other input with the draft functions too, and always a function of an app's own.
    var formatter = MF2Formatter(
        timeZone: .utc, draftFunctions: count % 2 == 0, functions: ["app:echo": MF2FuzzEcho.function])
    let arguments: MessageArguments = [
        "n": 3, "x": .number(MessageNumber("-1.50")!), "name": "Ayşe", "d": "2006-01-02T15:04:06Z",
        "when": .date(Date(timeIntervalSince1970: 1_136_214_246)), "big": .number(MessageNumber("1e300")!),
    ]
    for locale in [LocaleTag.english, LocaleTag(parsing: "ar")!, LocaleTag(parsing: "pl")!] {
        _ = formatter.formatted(message, locale: locale, arguments: arguments)
        formatter.bidiIsolation = .none
        _ = formatter.formatToParts(message, locale: locale, arguments: [:])
    }
    if let parsed = try? MF2Parser.parse(message) { _ = parsed.argumentNames }
    return 0
}

/// A custom function that formats and selects with its operand's text, as an app's own might.
enum MF2FuzzEcho {
    static let function = MF2CustomFunction {
        (operand: MF2CustomValue?, _: [String: MF2CustomValue], _: LocaleTag) throws(MF2Error) -> MF2CustomValue in
        guard let text = operand?.argument?.description else { throw MF2Error(.badOperand, "no operand") }
        return MF2CustomValue(
            argument: .string(text), format: { () throws(MF2Error) -> String in text },
            select: { (keys: [String]) throws(MF2Error) -> [String] in keys.filter { $0 == text } })
    }
}
