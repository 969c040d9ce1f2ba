extension DateFormats {
    /// The fields whose text depends on the calendar, as ICU's `SimpleDateFormat::subFormat` writes them: eras
    /// (`G`; a number, the 60-year cycle, in the lunisolar calendars), years (`y`, `Y`, `u`, cyclic names `U`,
    /// the related Gregorian year `r`), months with their leap forms (`M`, `L`; Adar I and II), the deprecated
    /// leap marker `l` (which ICU ignores), days (`d`, `D`). `nil` for any other letter.
    func calendarField(
        _ letter: Unicode.Scalar, count: Int, _ date: CalendarDate, numbering: DateNumberingOverrides
    ) -> String? {
        let isLunisolar = calendar == .chinese || calendar == .dangi
        switch letter {
        case "G":
            if isLunisolar { return numberText(Int64(date.era), minimumDigits: 1, system: numbering["G"]) }
            let eras = dates.list("eras." + width(count))
            if date.era < eras.count { return eras[date.era] }
            return calendar == .gregorian ? (date.era == 1 ? "AD" : "BC") : ""
        case "U":
            // The cyclic year's name where the calendar has them (ICU uses the abbreviated ones at every
            // width); elsewhere the year, as `y`.
            let names = dates.list("cyclicYears")
            if isLunisolar, date.year >= 1, date.year <= Int64(names.count) { return names[Int(date.year) - 1] }
            return year(date.year, count: count, system: numbering["U"], numbering)
        case "y", "Y":
            return year(date.year, count: count, system: numbering[letter], numbering)
        case "u":
            return numberText(date.extendedYear, minimumDigits: count, system: numbering["u"])
        case "r":
            return numberText(date.relatedYear, minimumDigits: count, system: numbering["r"])
        case "M", "L":
            return month(date, letter: letter, count: count, system: numbering[letter])
        case "l":
            return ""
        case "d":
            return numberText(Int64(date.day), minimumDigits: count, system: numbering["d"])
        case "D":
            return numberText(Int64(date.dayOfYear), minimumDigits: count, system: numbering["D"])
        default:
            return nil
        }
    }

    /// `yy` is the last two digits; any other length pads to it. Hebrew numerals drop the thousands of
    /// 5001–5999, as ICU does for a date override of exactly `hebr`.
    private func year(_ value: Int64, count: Int, system: DateNumbering?, _ numbering: DateNumberingOverrides)
        -> String
    {
        var value = value
        if numbering.isHebrewDates, value > 5000, value < 6000 { value -= 5000 }
        if count == 2, system == nil || system?.isNumeric == true {
            return numberText(value % 100, minimumDigits: 2, system: system)
        }
        return numberText(value, minimumDigits: count, system: system)
    }

    private func month(_ date: CalendarDate, letter: Unicode.Scalar, count: Int, system: DateNumbering?) -> String {
        var value = date.month
        if calendar == .hebrew {
            // Adar II has a name of its own in leap years; in other years the months after Adar I move down a
            // number (Adar is 6, not 7).
            let isLeapYear = CalendarSystem.isHebrewLeapYear(date.year)
            if isLeapYear, value == 6, count >= 3 { value = 13 }
            if !isLeapYear, value >= 6, count < 3 { value -= 1 }
        }
        guard (3...5).contains(count) else {
            let text = numberText(Int64(value + 1), minimumDigits: count, system: system)
            guard date.isLeapMonth, let pattern = dates["leap.numeric"] else { return text }
            return pattern.replacingPlaceholder(0, with: text)
        }
        let context = letter == "M" ? "format" : "stand-alone"
        let names = dates.list("months.\(context).\(width(count))")
        guard value >= 0, value < names.count else { return "" }
        guard date.isLeapMonth, let pattern = dates["leap.\(context).\(width(count))"] else { return names[value] }
        return pattern.replacingPlaceholder(0, with: names[value])
    }

    /// `value` in the field's numbering system when the pattern gives it one, else in the locale's digits.
    private func numberText(_ value: Int64, minimumDigits: Int, system: DateNumbering?) -> String {
        if let system { return system.format(value, minimumDigits: minimumDigits) }
        return number(Int(value), minimumDigits: minimumDigits)
    }
}

extension DateNumbering {
    /// Whether the system writes digits (and so pads and truncates as decimal numbers do).
    fileprivate var isNumeric: Bool {
        if case .digits = self { return true }
        return false
    }
}
