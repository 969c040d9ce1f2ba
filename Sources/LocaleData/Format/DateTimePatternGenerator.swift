/// Finds a locale's date pattern for a skeleton (`yMMMd` → `MMM d, y` in English, `d. MMM y` in German) the way
/// ICU's `DateTimePatternGenerator` does: the closest entry of the locale's table by field distance, its field
/// widths adjusted to the request, and a date part and a time part glued with the locale's date-time pattern
/// when no single entry has both.
///
/// The table, the preferred hour cycle, the append items and the glue come from `CLDRData` (section `g`),
/// in ICU's order, so ties resolve as ICU resolves them.
package final class DateTimePatternGenerator: Sendable {
    /// ICU's `UDateTimePatternField`, in its order.
    package enum Field: Int, CaseIterable {
        case era, year, quarter, month, weekOfYear, weekOfMonth, weekday, dayOfYear, dayOfWeekInMonth, day
        case dayPeriod, hour, minute, second, fractionalSecond, zone
    }

    private static let dateMask = (1 << Field.dayPeriod.rawValue) - 1
    private static let timeMask = (1 << 16) - 1 - dateMask
    private static let extraField = 0x10000
    private static let missingField = 0x1000

    /// One row of ICU's field table: a pattern letter at some length, its field and its type.
    package struct FieldType {
        package let letter: Unicode.Scalar
        package let field: Field
        package let type: Int
        package let minimumLength: Int
        package let maximumLength: Int
    }

    private static let numeric = 0x100
    private static let delta = 0x10
    private static let narrow = -0x101
    private static let shorter = -0x102
    private static let short = -0x103
    private static let long = -0x104

    /// ICU's `dtTypes`, the order of which decides the canonical row of a letter and length.
    package static let types: [FieldType] = {
        func row(_ letter: Unicode.Scalar, _ field: Field, _ type: Int, _ minimum: Int, _ maximum: Int) -> FieldType {
            FieldType(letter: letter, field: field, type: type, minimumLength: minimum, maximumLength: maximum)
        }
        return [
            row("G", .era, short, 1, 3), row("G", .era, long, 4, 0), row("G", .era, narrow, 5, 0),
            row("y", .year, numeric, 1, 20), row("Y", .year, numeric + delta, 1, 20),
            row("u", .year, numeric + 2 * delta, 1, 20), row("r", .year, numeric + 3 * delta, 1, 20),
            row("U", .year, short, 1, 3), row("U", .year, long, 4, 0), row("U", .year, narrow, 5, 0),
            row("Q", .quarter, numeric, 1, 2), row("Q", .quarter, short, 3, 0), row("Q", .quarter, long, 4, 0),
            row("Q", .quarter, narrow, 5, 0), row("q", .quarter, numeric + delta, 1, 2),
            row("q", .quarter, short - delta, 3, 0), row("q", .quarter, long - delta, 4, 0),
            row("q", .quarter, narrow - delta, 5, 0),
            row("M", .month, numeric, 1, 2), row("M", .month, short, 3, 0), row("M", .month, long, 4, 0),
            row("M", .month, narrow, 5, 0), row("L", .month, numeric + delta, 1, 2),
            row("L", .month, short - delta, 3, 0), row("L", .month, long - delta, 4, 0),
            row("L", .month, narrow - delta, 5, 0), row("l", .month, numeric + delta, 1, 1),
            row("w", .weekOfYear, numeric, 1, 2), row("W", .weekOfMonth, numeric, 1, 0),
            row("E", .weekday, short, 1, 3), row("E", .weekday, long, 4, 0), row("E", .weekday, narrow, 5, 0),
            row("E", .weekday, shorter, 6, 0), row("c", .weekday, numeric + 2 * delta, 1, 2),
            row("c", .weekday, short - 2 * delta, 3, 0), row("c", .weekday, long - 2 * delta, 4, 0),
            row("c", .weekday, narrow - 2 * delta, 5, 0), row("c", .weekday, shorter - 2 * delta, 6, 0),
            row("e", .weekday, numeric + delta, 1, 2), row("e", .weekday, short - delta, 3, 0),
            row("e", .weekday, long - delta, 4, 0), row("e", .weekday, narrow - delta, 5, 0),
            row("e", .weekday, shorter - delta, 6, 0),
            row("d", .day, numeric, 1, 2), row("g", .day, numeric + delta, 1, 20),
            row("D", .dayOfYear, numeric, 1, 3), row("F", .dayOfWeekInMonth, numeric, 1, 0),
            row("a", .dayPeriod, short, 1, 3), row("a", .dayPeriod, long, 4, 0), row("a", .dayPeriod, narrow, 5, 0),
            row("b", .dayPeriod, short - delta, 1, 3), row("b", .dayPeriod, long - delta, 4, 0),
            row("b", .dayPeriod, narrow - delta, 5, 0), row("B", .dayPeriod, short - 3 * delta, 1, 3),
            row("B", .dayPeriod, long - 3 * delta, 4, 0), row("B", .dayPeriod, narrow - 3 * delta, 5, 0),
            row("H", .hour, numeric + 10 * delta, 1, 2), row("k", .hour, numeric + 11 * delta, 1, 2),
            row("h", .hour, numeric, 1, 2), row("K", .hour, numeric + delta, 1, 2),
            row("J", .hour, numeric + 5 * delta, 1, 2), row("j", .hour, numeric + 6 * delta, 1, 6),
            row("C", .hour, numeric + 7 * delta, 1, 6),
            row("m", .minute, numeric, 1, 2), row("s", .second, numeric, 1, 2),
            row("A", .second, numeric + delta, 1, 1000), row("S", .fractionalSecond, numeric, 1, 1000),
            row("v", .zone, short - 2 * delta, 1, 0), row("v", .zone, long - 2 * delta, 4, 0),
            row("z", .zone, short, 1, 3), row("z", .zone, long, 4, 0), row("Z", .zone, narrow - delta, 1, 3),
            row("Z", .zone, long - delta, 4, 0), row("Z", .zone, short - delta, 5, 0),
            row("O", .zone, short - delta, 1, 0), row("O", .zone, long - delta, 4, 0),
            row("V", .zone, short - delta, 1, 0), row("V", .zone, long - delta, 2, 0),
            row("V", .zone, long - 1 - delta, 3, 0), row("V", .zone, long - 2 - delta, 4, 0),
            row("X", .zone, narrow - delta, 1, 0), row("X", .zone, short - delta, 2, 0),
            row("X", .zone, long - delta, 4, 0), row("x", .zone, narrow - delta, 1, 0),
            row("x", .zone, short - delta, 2, 0), row("x", .zone, long - delta, 4, 0),
        ]
    }()

    /// The pattern letters a skeleton may use.
    package static let skeletonLetters: Set<Unicode.Scalar> = Set(types.map(\.letter))

    /// The canonical row of `letter` repeated `length` times (ICU's `getCanonicalIndex`, not strict).
    package static func canonicalRow(_ letter: Unicode.Scalar, length: Int) -> FieldType? {
        var best: Int?
        var index = 0
        while index < types.count {
            guard types[index].letter == letter else {
                index += 1
                continue
            }
            best = index
            if index + 1 >= types.count || types[index + 1].letter != letter { return types[index] }
            if types[index + 1].minimumLength <= length {
                index += 1
                continue
            }
            return types[index]
        }
        return best.map { types[$0] }
    }

    /// A skeleton or pattern read into fields: per field, the letters as written and ICU's type value.
    package struct Matcher: Equatable {
        package var original = [String](repeating: "", count: 16)
        package var base = [String](repeating: "", count: 16)
        package var type = [Int](repeating: 0, count: 16)

        package init(_ text: String) {
            var original = self.original
            var base = self.base
            var type = self.type
            DatePattern.forEachPart(of: text) { part in
                guard case .field(let scalar, let length) = part,
                    let row = DateTimePatternGenerator.canonicalRow(scalar, length: length)
                else { return }
                let field = row.field.rawValue
                original[field] = String(repeating: Character(scalar), count: length)
                base[field] = String(repeating: Character(row.letter), count: row.minimumLength)
                type[field] = row.type > 0 ? row.type + length : row.type
            }
            // A 12-hour skeleton without a day period gets one; a 24-hour one loses it (ICU's `DateTimeMatcher::set`;
            // done before the fields are stored, so that `hm` and `ahm` are the same request, as in ICU).
            let hour = Field.hour.rawValue
            let period = Field.dayPeriod.rawValue
            if let letter = original[hour].unicodeScalars.first {
                if letter == "h" || letter == "K" {
                    if original[period].isEmpty {
                        original[period] = "a"
                        base[period] = "a"
                        type[period] = DateTimePatternGenerator.short
                    }
                } else if !original[period].isEmpty {
                    original[period] = ""
                    base[period] = ""
                    type[period] = 0
                }
            }
            self.original = original
            self.base = base
            self.type = type
        }

        package var fieldMask: Int {
            var mask = 0
            for field in 0..<16 where type[field] != 0 { mask |= 1 << field }
            return mask
        }

        /// ICU's distance from this request to `other`, counting only the fields in `includeMask`.
        package func distance(to other: Matcher, includeMask: Int) -> (distance: Int, missing: Int, extra: Int) {
            var result = 0
            var missing = 0
            var extra = 0
            for field in 0..<16 {
                let mine = includeMask & (1 << field) == 0 ? 0 : type[field]
                let theirs = other.type[field]
                if mine == theirs { continue }
                if mine == 0 {
                    result += DateTimePatternGenerator.extraField
                    extra |= 1 << field
                } else if theirs == 0 {
                    result += DateTimePatternGenerator.missingField
                    missing |= 1 << field
                } else {
                    result += abs(mine - theirs)
                }
            }
            return (result, missing, extra)
        }
    }

    private let entries: [(skeleton: Matcher, pattern: String)]
    private let hourLetter: Unicode.Scalar
    /// The first of the region's allowed hour formats: its hour letter, then its day-period letter if `B` or `b`.
    private let allowedHour: [Unicode.Scalar]
    private let appendItems: [String]
    private let appendNames: [String]
    /// The date-time glue by the date's month width: full, long, medium, short.
    private let glue: [String]

    /// The generator of a locale's table; `hourCycle`, the tag's `-u-hc-`, sets the default hour letter (`h11`
    /// `K`, `h12` `h`, `h23` `H`, `h24` `k`), which ICU's generator takes from the keyword over the region's.
    init(_ values: CLDRData.Values, hourCycle: String? = nil) {
        let skeletons = values.list("skeletons")
        let patterns = values.list("patterns")
        entries = zip(skeletons, patterns).map { (Matcher($0), $1) }
        let cycles: [String: Unicode.Scalar] = ["h11": "K", "h12": "h", "h23": "H", "h24": "k"]
        hourLetter = hourCycle.flatMap { cycles[$0] } ?? values["hourCycle"]?.unicodeScalars.first ?? "H"
        allowedHour = Array((values["allowedHour"] ?? "H").unicodeScalars)
        appendItems = values.list("appendItems")
        appendNames = values.list("appendNames")
        glue = values.list("glue")
    }

    /// The best pattern for `skeleton`.
    package func bestPattern(for skeleton: String) -> String {
        let (mapped, usesCapitalJ) = mapMetacharacters(skeleton)
        let request = Matcher(mapped)
        let (best, missing, extra, specified) = bestRaw(request, includeMask: -1)
        if missing == 0, extra == 0 {
            return adjust(best, specified: specified, request: request, usesCapitalJ: usesCapitalJ)
        }
        let needed = request.fieldMask
        let datePattern = bestAppending(request, needed & Self.dateMask, usesCapitalJ: usesCapitalJ)
        let timePattern = bestAppending(request, needed & Self.timeMask, usesCapitalJ: usesCapitalJ)
        if datePattern.isEmpty { return timePattern }
        if timePattern.isEmpty { return datePattern }
        let monthLength = request.base[Field.month.rawValue].count
        let style: Int
        if monthLength == 4 {
            style = request.base[Field.weekday.rawValue].isEmpty ? 1 : 0
        } else {
            style = monthLength == 3 ? 2 : 3
        }
        let format = style < glue.count ? glue[style] : "{1} {0}"
        return format.replacingPlaceholder(0, with: timePattern).replacingPlaceholder(1, with: datePattern)
    }

    /// `j` becomes the locale's hour letter (with `a` for a 12-hour cycle); `J` becomes `H`.
    private func mapMetacharacters(_ skeleton: String) -> (String, Bool) {
        var output = ""
        var usesCapitalJ = false
        let scalars = Array(skeleton.unicodeScalars)
        var index = 0
        var inQuote = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "'" {
                inQuote.toggle()
            } else if !inQuote, scalar == "j" || scalar == "C" {
                var extra = 0
                while index + 1 < scalars.count, scalars[index + 1] == scalar {
                    extra += 1
                    index += 1
                }
                var hourLength = 1 + (extra & 1)
                var periodLength = extra < 2 ? 1 : 3 + (extra >> 1)
                // `j` is the default hour letter (the tag's `-u-hc-`, else the region's); `C` the region's first
                // allowed format, whatever `-u-hc-` says, with its day period (`B h` in Hindi).
                let hour: Unicode.Scalar = scalar == "j" ? hourLetter : allowedHour.first ?? "H"
                let period: Unicode.Scalar = scalar == "j" ? "a" : allowedHour.count > 1 ? allowedHour[1] : "a"
                if hour == "H" || hour == "k" { periodLength = 0 }
                while periodLength > 0 {
                    output.unicodeScalars.append(period)
                    periodLength -= 1
                }
                while hourLength > 0 {
                    output.unicodeScalars.append(hour)
                    hourLength -= 1
                }
            } else if !inQuote, scalar == "J" {
                output += "H"
                usesCapitalJ = true
            } else {
                output.unicodeScalars.append(scalar)
            }
            index += 1
        }
        return (output, usesCapitalJ)
    }

    private func bestRaw(_ request: Matcher, includeMask: Int) -> (String, missing: Int, extra: Int, Matcher?) {
        var bestDistance = Int.max
        var bestMissing = -1
        var result: (String, Int, Int, Matcher?) = ("", 0, 0, nil)
        for entry in entries {
            let (distance, missing, extra) = request.distance(to: entry.skeleton, includeMask: includeMask)
            if distance < bestDistance || (distance == bestDistance && bestMissing < missing) {
                bestDistance = distance
                bestMissing = missing
                result = (entry.pattern, missing, extra, entry.skeleton)
                if distance == 0 { break }
            }
        }
        return result
    }

    private func bestAppending(_ request: Matcher, _ fields: Int, usesCapitalJ: Bool) -> String {
        guard fields != 0 else { return "" }
        var (raw, missing, _, specified) = bestRaw(request, includeMask: fields)
        var result = adjust(raw, specified: specified, request: request, usesCapitalJ: usesCapitalJ)
        var lastMissing = 0
        while missing != 0, missing != lastMissing {
            let starting = missing
            lastMissing = missing
            (raw, missing, _, specified) = bestRaw(request, includeMask: missing)
            let part = adjust(raw, specified: specified, request: request, usesCapitalJ: usesCapitalJ)
            let found = starting & ~missing
            guard found != 0 else { break }
            let top = Int.bitWidth - 1 - found.leadingZeroBitCount
            if top < appendItems.count, !appendItems[top].isEmpty {
                // The field's name is text, quoted as ICU's `getAppendName` quotes it ("Woche", not a week field).
                let name = top < appendNames.count ? appendNames[top] : ""
                result = appendItems[top].replacingPlaceholder(0, with: result).replacingPlaceholder(1, with: part)
                    .replacingPlaceholder(2, with: "'" + name + "'")
            }
        }
        return result
    }

    /// ICU's `adjustFieldTypes`: the found pattern's fields take the requested widths where ICU allows it.
    private func adjust(_ pattern: String, specified: Matcher?, request: Matcher, usesCapitalJ: Bool) -> String {
        var output = ""
        DatePattern.forEachPart(of: pattern) { part in
            switch part {
            case .quoted(let source, _): output += source
            case .other(let scalar): output.unicodeScalars.append(scalar)
            case .field(let scalar, let length):
                output += adjustedField(
                    scalar, length: length, specified: specified, request: request, usesCapitalJ: usesCapitalJ)
            }
        }
        return output
    }

    /// One field of a found pattern, as `adjust` rewrites it.
    private func adjustedField(
        _ scalar: Unicode.Scalar, length: Int, specified: Matcher?, request: Matcher, usesCapitalJ: Bool
    ) -> String {
        let unchanged = String(repeating: Character(scalar), count: length)
        guard let row = Self.canonicalRow(scalar, length: length) else { return unchanged }
        let field = row.field.rawValue
        guard request.type[field] != 0 else { return unchanged }
        let requested = request.original[field].unicodeScalars
        let requestLetter = requested.first ?? scalar
        var requestLength = requested.count
        if requestLetter == "E", requestLength < 3 { requestLength = 3 }
        var adjustedLength = requestLength
        if row.field == .hour || row.field == .minute || row.field == .second {
            adjustedLength = length
        } else if let specified, requestLetter != "c", requestLetter != "e" {
            let skeletonLength = specified.original[field].unicodeScalars.count
            let patternIsNumeric = row.type > 0
            let skeletonIsNumeric = specified.type[field] > 0
            if skeletonLength == requestLength || patternIsNumeric != skeletonIsNumeric {
                adjustedLength = length
            }
        }
        var letter =
            row.field != .hour && row.field != .month && row.field != .weekday
                && (row.field != .year || requestLetter == "Y") ? requestLetter : scalar
        if row.field == .hour {
            if usesCapitalJ || requestLetter == hourLetter {
                letter = hourLetter
            } else if requestLetter == "h", hourLetter == "K" {
                letter = "K"
            } else if requestLetter == "H", hourLetter == "k" {
                letter = "k"
            } else if requestLetter == "k", hourLetter == "H" {
                letter = "H"
            } else if requestLetter == "K", hourLetter == "h" {
                letter = "h"
            }
        }
        return String(repeating: Character(letter), count: adjustedLength)
    }
}
