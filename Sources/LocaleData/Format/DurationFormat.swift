/// Durations as ICU4C 77.1's `MeasureFormat::formatMeasures` writes them: one measure per field, largest first,
/// each with the locale's unit name for its plural category, joined with the locale's unit list pattern ("1 hour,
/// 30 minutes", "1 hr, 30 min", "1h 30m"; "1 hora y 30 minutos").
///
/// As ICU does: a field that is set is shown even when it is zero; every field but the last is truncated to a
/// whole number (ICU formats them with its integer format, rounding down), the last keeps up to the locale
/// pattern's fraction digits ("1 hour, 1.5 minutes"). `digital` is ICU's numeric width: hours and minutes, with
/// or without seconds, and minutes and seconds, are a clock (`1:30`, `1:30:05`, `30:05`, from CLDR's
/// `durationUnits`; hours and seconds alone are `1:00:05`), with the larger fields truncated and the last keeping
/// its fraction (`1:30.5`). Any other set of fields, a negative field or fields out of order, and a field alone,
/// are the narrow form, unit names and list alike ("2d 5h", "5s").
package enum DurationFormat {
    /// `fields` as ICU's `MeasureFormat::formatMeasures` writes them in `locale`.
    package static func format(_ fields: DurationFields, style: DurationStyle, locale tag: LocaleTag) -> String {
        // ICU formats `iw` with `he`'s data, `sh` with `sr-Latn`'s: the units and numbers of the alias's target.
        let locale = CLDRData.dataTag(for: tag)
        let present = fields.present
        guard let last = present.last else { return "" }
        let numbers = LocaleProfile.profile(for: locale).numberFormats
        let width: NumberSkeleton.UnitWidth
        switch style {
        case .long: width = .fullName
        case .short: width = .short
        case .narrow, .digital: width = .narrow
        }
        if present.count == 1 { return measure(last.value, field: last.name, width: width, numbers: numbers) }
        // The durations data is read for a clock, and for the list patterns the first time (then they are kept).
        let data = { NamesAndDurationsData.values(.durations, for: locale) }
        if style == .digital, let clock = clock(present, data: data(), numbers: numbers) { return clock }
        var items: [String] = []
        for (offset, field) in present.enumerated() {
            let value = offset == present.count - 1 ? field.value : field.value.rounded(.towardZero)
            items.append(measure(value, field: field.name, width: width, numbers: numbers))
        }
        let list: String
        switch style {
        case .long: list = "unit"
        case .short: list = "unit-short"
        case .narrow, .digital: list = "unit-narrow"
        }
        return ListFormat.join(items, with: .durations(locale, prefix: list + ".", data: data))
    }

    /// One measure: the number in the locale's decimal pattern (its fraction digits, grouped from the first
    /// group on, as ICU's `DecimalFormat`), in the unit's pattern for its plural category.
    private static func measure(_ value: Double, field: String, width: NumberSkeleton.UnitWidth, numbers: NumberFormats)
        -> String
    {
        var skeleton = NumberSkeleton()
        skeleton.unit = .measure(String(field.dropLast()))  // "hours" → "hour"
        skeleton.unitWidth = width
        return numbers.format(MessageNumber(value), skeleton, usesPatternPrecision: true)
    }

    // MARK: The numeric width

    /// ICU's `formatNumeric`, when the fields are hours, minutes and seconds in order (some of them), none
    /// negative; `nil` otherwise.
    private static func clock(
        _ present: [(name: String, value: Double)], data: PackedRecords.Chain, numbers: NumberFormats
    ) -> String? {
        // toHMS: [hours, minutes, seconds] and which of them are set (1, 2, 4).
        var values = [0.0, 0.0, 0.0]
        var set = 0
        for field in present {
            let bit: Int
            switch field.name {
            case "hours": bit = 0
            case "minutes": bit = 1
            case "seconds": bit = 2
            default: return nil
            }
            guard set < 1 << bit, !(field.value < 0) else { return nil }
            values[bit] = field.value
            set |= 1 << bit
        }
        let key: String
        switch set {
        case 5, 7:
            key = "hms"
            values[0].round(.towardZero)
            values[1].round(.towardZero)
        case 3:
            key = "hm"
            values[0].round(.towardZero)
        case 6:
            key = "ms"
            values[1].round(.towardZero)
        default:
            return nil
        }
        guard let pattern = data[key] else { return nil }
        // ICU reads CLDR's `h` as `H`; a letter doubled is zero-filled to two digits; quotes protect text.
        let characters = Array(pattern.replacing("h", with: "H"))
        var result = ""
        var quoted = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "H", "m", "s":
                if quoted {
                    result.append(character)
                } else {
                    let value = values[character == "H" ? 0 : character == "m" ? 1 : 2]
                    let doubled = index + 1 < characters.count && characters[index + 1] == character
                    if doubled { index += 1 }
                    result += clockNumber(value, minimumIntegerDigits: doubled ? 2 : 1, numbers: numbers)
                }
            case "'":
                if index + 1 < characters.count, characters[index + 1] == "'" {
                    result.append("'")
                    index += 1
                } else {
                    quoted.toggle()
                }
            default:
                result.append(character)
            }
            index += 1
        }
        return result
    }

    /// A clock field: the locale's decimal pattern, as `formatNumeric`'s `DecimalFormat` prints a value that is
    /// never negative, zero-filled to `minimumIntegerDigits`.
    private static func clockNumber(_ value: Double, minimumIntegerDigits: Int, numbers: NumberFormats) -> String {
        let pattern = numbers.decimalPattern
        var decimal = DecimalText(MessageNumber(value).text)
        decimal.apply(.fraction(minimum: pattern.minimumFractionDigits, maximum: pattern.maximumFractionDigits))
        return numbers.digitsText(
            decimal, grouping: Grouping(pattern: pattern, minimum: 1),
            minimumIntegerDigits: max(minimumIntegerDigits, pattern.minimumIntegerDigits))
    }
}
