import I18nCore
import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension MF2Resolver {
    // MARK: Formatting values

    /// A placeholder's formatted part with its direction (`ltr`, `rtl`, `nil` for unknown) and whether `u:dir`
    /// asks for isolation; `nil` after an error, for the fallback.
    mutating func formatValue(_ value: MF2Value) -> (part: MF2Part, direction: String?, isolate: Bool)? {
        let localeDirection = messageDirection
        func direction(_ annotations: MF2Annotations, natural: String?) -> (String?, Bool) {
            switch annotations.direction {
            case "ltr"?, "rtl"?: return (annotations.direction, true)
            case "auto"?: return (nil, true)
            default: return (natural, false)
            }
        }
        func part(_ type: String, _ text: String, _ annotations: MF2Annotations, pieces: [MF2Part.Piece] = [])
            -> MF2Part
        {
            let explicit = annotations.direction == "ltr" || annotations.direction == "rtl"
            return .value(
                MF2Part.Value(
                    type: type, value: text, pieces: pieces, locale: annotations.locale?.description ?? localeName,
                    direction: explicit ? annotations.direction : nil, id: annotations.id))
        }
        switch value {
        case .fallback(let fallback):
            return (.fallback(source: fallback), nil, false)
        case .literal(let text):
            return (part("string", text, MF2Annotations()), nil, false)
        case .input(.string(let text)):
            return (part("string", text, MF2Annotations()), nil, false)
        case .input(.number(let number)):
            // Unannotated, a number prints as ICU MessageFormat's `{n}` does (the locale's decimal pattern), which
            // keeps messages converted from it printing the same.
            let formats = LocaleProfile.profile(for: locale).numberFormats
            let text = formats.format(number, .decimal, usesPatternPrecision: true)
            return (
                part(
                    "number", text, MF2Annotations(),
                    pieces: numberPieces ? Self.parts(formats.pieces(number, .decimal, usesPatternPrecision: true)) : []
                ),
                localeDirection, false
            )
        case .input(.date(let date)):
            // …and a date as `{d}`: short date and short time.
            guard isFormattable(date) else { return nil }
            let formats = LocaleProfile.profile(for: locale).dateFormats
            guard let text = formats.formatted(date, isTime: false, style: nil, zone: zone) else {
                error(.badOperand, "The date is outside the \(formats.calendar.identifier) calendar's table")
                return nil
            }
            return (part("datetime", text, MF2Annotations()), localeDirection, false)
        case .string(let string):
            if let fallback = string.fallbackSource { return (.fallback(source: fallback), nil, false) }
            let (dir, isolate) = direction(string.annotations, natural: nil)
            return (part("string", string.text, string.annotations), dir, isolate)
        case .number(let number):
            let tag = number.annotations.locale ?? locale
            let formats = LocaleProfile.profile(for: tag).numberFormats
            if number.kind == .unit, NumberFormats.lacksUnitNames(skeleton(for: number)) {
                error(.unsupportedOperation, "This build's locale data leaves out the names of '\(number.unit ?? "")'")
            }
            let text = formats.format(number.value, skeleton(for: number))
            let (dir, isolate) = direction(
                number.annotations,
                natural: number.annotations.locale == nil ? messageDirection : tag.isRightToLeft ? "rtl" : "ltr")
            return (
                part("number", text, number.annotations, pieces: numberPieces ? pieces(of: number, formats) : []),
                dir, isolate
            )
        case .date(let date):
            guard let text = formatDate(date) else { return nil }
            let tag = date.annotations.locale ?? locale
            let (dir, isolate) = direction(
                date.annotations,
                natural: date.annotations.locale == nil ? messageDirection : tag.isRightToLeft ? "rtl" : "ltr")
            return (part("datetime", text, date.annotations), dir, isolate)
        case .custom(let custom):
            guard let format = custom.format else {
                error(.notFormattable, "The value of a function of the app's own cannot format")
                return nil
            }
            let text: String
            do throws(MF2Error) { text = try format() } catch {
                errors.append(error)
                return nil
            }
            let type: String
            switch custom.argument {
            case .number?: type = "number"
            case .date?: type = "datetime"
            case .string?, nil: type = "string"
            }
            return (part(type, text, MF2Annotations()), localeDirection, false)
        }
    }

    /// A date in its function's fields: the locale's date and time styles where the options are one
    /// (`length=short` is the `short` date style), else the pattern of a skeleton.
    mutating func formatDate(_ value: MF2DateValue) -> String? {
        let tag = value.annotations.locale ?? locale
        let profile = LocaleProfile.profile(for: tag)
        let formats = profile.dateFormats
        var zone = self.zone
        if let name = value.options["timeZone"] {
            if name == "input", let offset = value.offset {
                zone = ZoneInfo(secondsFromGMT: offset)
            } else if let named = self.zone(named: name) {
                zone = named
            }
        }
        let hour12 = value.options["hour12"]
        let options = value.options
        let dateFields = options[value.kind == .date ? "fields" : "dateFields"] ?? "year-month-day"
        let dateLength = options[value.kind == .date ? "length" : "dateLength"] ?? "medium"
        let precision = options[value.kind == .time ? "precision" : "timePrecision"] ?? "minute"
        let zoneStyle = options["timeZoneStyle"]
        let lengthStyle: DateTimeStyle = dateLength == "short" ? .short : dateLength == "long" ? .long : .medium
        // The styles, with their numbering overrides, as `{d, date, short}` prints them.
        let dateStyle: DateTimeStyle? =
            switch dateFields {
            case "year-month-day": lengthStyle
            case "year-month-day-weekday" where dateLength == "long": .full
            default: nil
            }
        let timeStyle: DateTimeStyle? =
            switch (precision, zoneStyle, hour12) {
            case ("minute", nil, nil): .short
            case ("second", nil, nil): .medium
            case ("second", "short"?, nil): .long
            case ("second", "long"?, nil): .full
            default: nil
            }
        let text: String?
        switch value.kind {
        case .date where dateStyle != nil:
            text = formats.formatted(value.date, isTime: false, style: dateStyle, zone: zone)
        case .time where timeStyle != nil:
            text = formats.formatted(value.date, isTime: true, style: timeStyle, zone: zone)
        case .datetime where dateStyle == .short && timeStyle == .short:
            text = formats.formatted(value.date, isTime: false, style: nil, zone: zone)
        default:
            let datePattern =
                dateStyle.map { formats.pattern(isTime: false, style: $0) }
                ?? profile.datePattern(forSkeleton: Self.dateSkeleton(dateFields, dateLength))
            let hour = hour12 == "true" ? "h" : hour12 == "false" ? "H" : "j"
            let timeSkeleton =
                (precision == "hour" ? hour : precision == "second" ? hour + "ms" : hour + "m")
                + (zoneStyle == "long" ? "zzzz" : zoneStyle == "short" ? "z" : "")
            let timePattern =
                timeStyle.map { formats.pattern(isTime: true, style: $0) }
                ?? profile.datePattern(forSkeleton: timeSkeleton)
            let pattern =
                switch value.kind {
                case .date: datePattern
                case .time: timePattern
                case .datetime: formats.glued(date: datePattern, time: timePattern, length: dateLength)
                }
            text = formats.format(value.date, pattern: pattern, zone: zone)
        }
        guard let text else {
            error(.badOperand, "The date is outside the \(formats.calendar.identifier) calendar's table")
            return nil
        }
        return text
    }

    static func dateSkeleton(_ fields: String, _ length: String) -> String {
        let long = length == "long"
        let short = length == "short"
        switch fields {
        case "weekday": return long ? "EEEE" : "EEE"
        case "day-weekday": return long ? "EEEEd" : "Ed"
        case "month-day": return short ? "Md" : long ? "MMMMd" : "MMMd"
        case "month-day-weekday": return short ? "MEd" : long ? "MMMMEEEEd" : "MMMEd"
        case "year-month-day-weekday": return short ? "yMEd" : long ? "yMMMMEEEEd" : "yMMMEd"
        default: return short ? "yMd" : long ? "yMMMMd" : "yMMMd"
        }
    }

    /// A number's pieces as its formatter wrote them (never read back from the text: a unit's `km` or a compact
    /// `K` is not a currency).
    func pieces(of number: MF2NumberValue, _ formats: NumberFormats) -> [MF2Part.Piece] {
        Self.parts(formats.pieces(number.value, skeleton(for: number)))
    }

    static func parts(_ pieces: NumberPieces) -> [MF2Part.Piece] {
        pieces.pieces.map { MF2Part.Piece(type: $0.kind.rawValue, value: $0.text) }
    }
}
