import I18nCore
import LocaleData
import MessageFormat2

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension MF2Conversion.Converter {
    // MARK: Dates

    func datePlaceholder(_ name: String, isTime: Bool, style: DateTimeStyle) throws(Refusal)
        -> String
    {
        switch style {
        case .short, .medium, .long, .full:
            let entry = Self.styleEntries.first(where: { $0.style == style && $0.isTime == isTime })!
            return Self.expression(name, entry.function, entry.options)
        case .skeleton(let skeleton):
            return try dateSkeletonPlaceholder(name, skeleton)
        case .pattern(let pattern):
            throw Refusal(
                "Date pattern '\(QuotedExcerpt.of(pattern))' has no MF2 form: MF2's dates take options, not patterns"
            )
        }
    }

    /// An MF2 date or time expression's function and options.
    struct DateEntry: Sendable {
        var skeleton: String
        var function: String
        var options: [(String, String)]
        /// The MF1 style `MF2Formatter` prints for these options, where it prints one (spec/functions/datetime.md:
        /// `length=short` is the short date style); `nil` where it prints the skeleton's pattern.
        var style: DateTimeStyle?
        var isTime: Bool
    }

    /// The locale's styles, as MF1's `{d, date, short}` … `{d, time, full}` print them, and a skeleton that
    /// prints the same where the locale says so.
    static let styleEntries: [DateEntry] = [
        DateEntry(skeleton: "yMd", function: "date", options: [("length", "short")], style: .short, isTime: false),
        DateEntry(skeleton: "yMMMd", function: "date", options: [], style: .medium, isTime: false),
        DateEntry(skeleton: "yMMMMd", function: "date", options: [("length", "long")], style: .long, isTime: false),
        DateEntry(
            skeleton: "yMMMMEEEEd", function: "date",
            options: [("fields", "year-month-day-weekday"), ("length", "long")], style: .full, isTime: false),
        DateEntry(skeleton: "jm", function: "time", options: [], style: .short, isTime: true),
        DateEntry(
            skeleton: "jms", function: "time", options: [("precision", "second")], style: .medium, isTime: true),
        DateEntry(
            skeleton: "jmsz", function: "time", options: [("precision", "second"), ("timeZoneStyle", "short")],
            style: .long, isTime: true),
        DateEntry(
            skeleton: "jmszzzz", function: "time", options: [("precision", "second"), ("timeZoneStyle", "long")],
            style: .full, isTime: true),
    ]

    /// The options `MF2Formatter` prints through a date skeleton's pattern, with that skeleton: a MF1 skeleton
    /// with the same pattern prints the same.
    static let skeletonEntries: [DateEntry] = {
        var entries: [DateEntry] = []
        for (fields, spellings) in [
            ("weekday", ["EEE", "EEE", "EEEE"]), ("day-weekday", ["Ed", "Ed", "EEEEd"]),
            ("month-day", ["Md", "MMMd", "MMMMd"]), ("month-day-weekday", ["MEd", "MMMEd", "MMMMEEEEd"]),
            ("year-month-day-weekday", ["yMEd", "yMMMEd", ""]),
        ] {
            for (length, skeleton) in zip(["short", "medium", "long"], spellings) where !skeleton.isEmpty {
                // A short spelling that is the medium one (`EEE`, `Ed`) is left to the medium, the default.
                guard length != "short" || skeleton != spellings[1] else { continue }
                let options: [(String, String)] =
                    [("fields", fields)] + (length == "medium" ? [] : [("length", length)])
                entries.append(DateEntry(skeleton: skeleton, function: "date", options: options, isTime: false))
            }
        }
        for hour in ["j", "h", "H"] {
            for (precision, fields) in [("hour", ""), ("minute", "m"), ("second", "ms")] {
                for (zone, zoneFields) in [(nil, ""), ("short", "z"), ("long", "zzzz")] as [(String?, String)] {
                    // The combinations that are styles (`:time` is the short time style): `styleEntries`.
                    if hour == "j", precision == "second" || (precision == "minute" && zone == nil) { continue }
                    var options: [(String, String)] = precision == "minute" ? [] : [("precision", precision)]
                    if let zone { options.append(("timeZoneStyle", zone)) }
                    if hour != "j" { options.append(("hour12", hour == "h" ? "true" : "false")) }
                    entries.append(
                        DateEntry(
                            skeleton: hour + fields + zoneFields, function: "time", options: options, isTime: true))
                }
            }
        }
        return entries
    }()

    /// `{d, date, ::skeleton}`: the MF2 options whose pattern in this locale is the skeleton's, the skeleton as
    /// written first.
    func dateSkeletonPlaceholder(_ name: String, _ skeleton: String) throws(Refusal) -> String {
        let pattern = profile.datePattern(forSkeleton: skeleton)
        if let entry = Self.skeletonEntries.first(where: { $0.skeleton == skeleton }) {
            return Self.expression(name, entry.function, entry.options)
        }
        let style = Self.styleEntries.first { $0.skeleton == skeleton }
        if let style, printsStyle(style, skeletonPattern: pattern) {
            return Self.expression(name, style.function, style.options)
        }
        if let entry = Self.skeletonEntries.first(where: {
            profile.datePattern(forSkeleton: $0.skeleton) == pattern
        }) {
            return Self.expression(name, entry.function, entry.options)
        }
        if let entry = Self.styleEntries.first(where: { printsStyle($0, skeletonPattern: pattern) }) {
            return Self.expression(name, entry.function, entry.options)
        }
        if let style {
            let stylePattern = profile.dateFormats.pattern(isTime: style.isTime, style: style.style)
            throw Refusal(
                "Date skeleton '\(skeleton)' has no MF2 option in '\(locale)': it prints '\(pattern)', and "
                    + "'\(Self.annotation(style.function, style.options))' prints the "
                    + "locale's style '\(stylePattern)'")
        }
        throw Refusal(
            "Date skeleton '\(QuotedExcerpt.of(skeleton))' has no MF2 option: MF2's :date and :time take fields, "
                + "length and precision, not any skeleton")
    }

    /// Whether the style of `entry` prints what MF1 prints with a skeleton's `pattern` in this locale: the same
    /// pattern, and none of the numbering overrides (`d=hanidec`, `y=jpanyear`) a style may carry and a skeleton
    /// does not.
    func printsStyle(_ entry: DateEntry, skeletonPattern pattern: String) -> Bool {
        guard let style = entry.style else { return false }
        let formats = profile.dateFormats
        guard formats.pattern(isTime: entry.isTime, style: style) == pattern else { return false }
        // 2019-05-01, the first day of a Japanese era, and a day with every field unlike the others.
        for seconds in [1_556_668_800.0, 1_741_874_709] {
            let date = Date(timeIntervalSince1970: seconds)
            guard
                formats.formatted(date, isTime: entry.isTime, style: style, zone: .utc)
                    == formats.format(date, pattern: pattern, zone: .utc)
            else { return false }
        }
        return true
    }
}
