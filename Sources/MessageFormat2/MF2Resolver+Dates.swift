import I18nCore
import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension MF2Resolver {
    // MARK: Dates

    /// Whether `date` is one of JavaScript's `Date` (±8.64e15 ms of 1970), as ICU MessageFormat's dates are
    /// (`DateFormats.formattableRange`); else a `bad-operand` error, as the ICU path reports a problem.
    mutating func isFormattable(_ date: Date) -> Bool {
        guard DateFormats.formattableRange.contains(date.timeIntervalSince1970) else {
            error(
                .badOperand, "The date is outside what JavaScript's Date holds (100,000,000 days either side of 1970)")
            return false
        }
        return true
    }

    /// An argument's number as milliseconds since 1970, as JavaScript's `Date` and ICU MessageFormat take a
    /// number for a date (an implementation-defined operand, spec/functions/README.md); a literal is never one.
    static func milliseconds(_ operand: MF2Value) -> Double? {
        switch operand {
        case .input(.number(let number)): number.value
        case .input(.string(let text)): MessageNumber(text)?.value
        default: nil
        }
    }

    mutating func dateValue(
        _ handler: MF2Function.Handler, operand: MF2Value, options: [String: MF2OptionValue],
        annotations: MF2Annotations
    ) -> MF2Value? {
        let kind: MF2DateValue.Kind =
            switch handler {
            case .date: .date
            case .time: .time
            default: .datetime
            }
        var value: MF2DateValue
        switch operand {
        case .date(let date):
            value = date
            value.kind = kind
            value.options = date.options.filter { ["timeZone", "hour12", "calendar"].contains($0.key) }
        case .input(.date(let date)):
            value = MF2DateValue(date: date, offset: nil, kind: kind, options: [:], annotations: annotations)
        default:
            if let text = Self.text(of: operand), let (date, offset) = parseDate(text) {
                value = MF2DateValue(date: date, offset: offset, kind: kind, options: [:], annotations: annotations)
            } else if let milliseconds = Self.milliseconds(operand) {
                value = MF2DateValue(
                    date: Date(timeIntervalSince1970: milliseconds / 1000), offset: nil, kind: kind, options: [:],
                    annotations: annotations)
            } else {
                error(
                    .badOperand,
                    Self.text(of: operand).map { "'\($0)' is not an ISO 8601 date or date-time" }
                        ?? "The operand is not a date")
                return nil
            }
        }
        guard isFormattable(value.date) else { return nil }
        value.annotations = annotations
        let styleOptions: [String: Set<String>] =
            switch kind {
            case .date: ["fields": Self.dateFields, "length": ["long", "medium", "short"]]
            case .time: ["precision": ["hour", "minute", "second"], "timeZoneStyle": ["long", "short"]]
            case .datetime:
                [
                    "dateFields": Self.dateFields, "dateLength": ["long", "medium", "short"],
                    "timePrecision": ["hour", "minute", "second"], "timeZoneStyle": ["long", "short"],
                ]
            }
        for (name, option) in options {
            if let choices = styleOptions[name] {
                guard option.isLiteral else {
                    error(.badOption, "'\(name)' must be set by a literal")
                    continue
                }
                guard let text = Self.text(of: option.value), choices.contains(text) else {
                    error(
                        .badOption,
                        Self.text(of: option.value).map { "'\($0)' is not a value of '\(name)'" }
                            ?? "'\(name)' takes text")
                    continue
                }
                value.options[name] = text
            } else if name == "hour12", kind != .date {
                guard let text = Self.text(of: option.value), text == "true" || text == "false" else {
                    error(.badOption, "'hour12' is true or false")
                    continue
                }
                value.options[name] = text
            } else if name == "timeZone" {
                guard let text = Self.text(of: option.value), text == "input" || zone(named: text) != nil else {
                    error(.badOption, "'timeZone' is an IANA time zone, UTC or input")
                    continue
                }
                if text == "input", value.offset == nil {
                    error(.badOperand, "'timeZone=input' needs a date with an offset, such as '2025-03-01T10:00:00Z'")
                    continue
                }
                value.options[name] = text
            }
        }
        return .date(value)
    }

    static let dateFields: Set<String> = [
        "weekday", "day-weekday", "month-day", "month-day-weekday", "year-month-day", "year-month-day-weekday",
    ]

    func zone(named name: String) -> ZoneInfo? {
        if name == "UTC" { return .utc }
        return ZoneInfo(identifier: name)
    }

    /// spec/functions/datetime.md, "Date and Time Operands": `YYYY-MM-DD`, optionally `Thh:mm:ss`, fraction and
    /// offset. A floating time (no offset) is a time in the formatter's zone.
    func parseDate(_ text: String) -> (Date, Int?)? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<start + count] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0, 4), year > 0, bytes.count >= 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
            let month = number(5, 2), (1...12).contains(month), let day = number(8, 2), day >= 1
        else { return nil }
        // No 31 April, no 29 February outside a leap year.
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        guard day <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] else { return nil }
        var seconds = 0
        var milliseconds = 0
        var offset: Int?
        var index = 10
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: "T"), let hour = number(11, 2), hour < 24, bytes.count >= 19,
                bytes[13] == 0x3A, let minute = number(14, 2), minute < 60, bytes[16] == 0x3A,
                let second = number(17, 2), second < 60
            else { return nil }
            seconds = hour * 3600 + minute * 60 + second
            index = 19
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                var digits = 0
                index += 1
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, digits < 3 {
                    milliseconds = milliseconds * 10 + Int(bytes[index] - 0x30)
                    digits += 1
                    index += 1
                }
                guard digits > 0 else { return nil }
                for _ in digits..<3 { milliseconds *= 10 }
            }
            if index < bytes.count {
                if bytes[index] == UInt8(ascii: "Z") {
                    offset = 0
                    index += 1
                } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"),
                    let hours = number(index + 1, 2), index + 3 < bytes.count, bytes[index + 3] == 0x3A,
                    let minutes = number(index + 4, 2), hours * 60 + minutes <= 14 * 60, minutes < 60
                {
                    offset = (bytes[index] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
                    index += 6
                } else {
                    return nil
                }
            }
            guard index == bytes.count else { return nil }
        }
        let days = CivilCalendar.daysFromCivil(year: Int64(year), month: month, day: day)
        let local = days * 86_400 + Int64(seconds)
        let utc: Int64
        if let offset {
            utc = local - Int64(offset)
        } else {
            let guess = local - Int64(zone.secondsFromGMT(atUnixTime: local))
            utc = local - Int64(zone.secondsFromGMT(atUnixTime: guess))
        }
        return (Date(timeIntervalSince1970: Double(utc) + Double(milliseconds) / 1000), offset)
    }
}
