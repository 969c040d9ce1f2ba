import LocaleData

// libFuzzer entry: the MessageFormat parser and formatter must never crash, whatever the message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessageFormat(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let message = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    let formatter = ICUMessageFormatter(timeZone: nil)
    let arguments: MessageArguments = [
        "n": 3, "name": "Ayşe", "count": .number(MessageNumber("1.50")!), "g": "female", "d": 0,
    ]
    for locale in [LocaleTag.english, LocaleTag(parsing: "ar")!, LocaleTag(parsing: "ru")!] {
        _ = formatter.format(message, locale: locale, arguments: arguments)
        _ = formatter.format(message, locale: locale, arguments: [:]) { name, content in "<\(name)>\(content)" }
        _ = try? formatter.formatStrictly(message, locale: locale, arguments: ["n": -2])
    }
    if let elements = try? MessageParser.parse(message) {
        _ = MessageElement.argumentNames(in: elements)
    }
    return 0
}
