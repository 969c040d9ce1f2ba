import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A fuzzer's bytes read as values, front to back: raw bit patterns for numbers and dates (NaN, infinities,
/// subnormals, ±1e300 all come out of eight bytes), picks from lists, and what is left as text.
struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    init(_ data: UnsafePointer<UInt8>, _ count: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: count))
    }

    /// The next byte, 0 when there are none.
    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// The next eight bytes as a double's bit pattern.
    mutating func rawDouble() -> Double {
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
        return Double(bitPattern: bits)
    }

    /// A double that is sometimes an ordinary value (a byte's worth around zero, or a round date) and otherwise
    /// any bit pattern, so that both the usual paths and the edges are reached.
    mutating func double() -> Double {
        switch byte() % 4 {
        case 0: return Double(Int8(bitPattern: byte()))
        case 1: return Double(Int16(bitPattern: UInt16(byte()) << 8 | UInt16(byte()))) * 86_400
        default: return rawDouble()
        }
    }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }

    /// Up to `limit` bytes as text.
    mutating func text(limit: Int) -> String {
        let count = min(Int(byte()) % (limit + 1), bytes.count - min(position, bytes.count))
        defer { position += count }
        return String(decoding: bytes[min(position, bytes.count)..<min(position + count, bytes.count)], as: UTF8.self)
    }

    /// Everything not read yet, as text.
    mutating func rest() -> String {
        defer { position = bytes.count }
        return String(decoding: bytes[min(position, bytes.count)...], as: UTF8.self)
    }

    /// The 37 locales and 8 zones the fuzzers format in: every plural shape, numbering system and calendar kind
    /// (arithmetic, table, lunisolar), right-to-left scripts, and zones with half hours, no DST and the date line.
    static let locales = [
        "en", "ar", "ru", "pl", "ja", "zh-Hant", "he", "fa", "hi", "th-u-nu-thai", "ar-u-nu-latn", "zh-u-ca-chinese",
        "ko-u-ca-dangi", "ar-u-ca-islamic-umalqura", "ar-SA-u-ca-islamic", "fa-u-ca-persian", "he-u-ca-hebrew",
        "ja-u-ca-japanese", "th-u-ca-buddhist", "zh-TW-u-ca-roc", "hi-u-ca-indian", "am-u-ca-ethiopic",
        "cy", "ga", "lt", "sl", "mt", "br", "gd", "kw", "pt-PT", "fr-CA", "de-CH", "es-419", "my", "km", "bn",
    ].compactMap { LocaleTag(parsing: $0) }
    static let zones = [
        "UTC", "America/New_York", "Europe/Istanbul", "Asia/Kathmandu", "America/St_Johns", "Pacific/Kiritimati",
        "Australia/Lord_Howe", "Africa/Casablanca",
    ].compactMap { ZoneInfo(identifier: $0) }
}
