/// A calendar dates are shown in: the Gregorian one, or one of the seventeen others ICU4C 77.1 has, each formatted
/// as ICU does.
///
/// A locale's calendar is its tag's `-u-ca-` when that names one (`ja-JP-u-ca-japanese`), else the one its
/// region prefers in CLDR 47's calendar preference data, as ICU 77 picks it: `th` is Buddhist, `fa` and `ps`
/// are Persian, `ar-SA` is Gregorian. The region is the tag's `-u-rg-`, else its region subtag, else the
/// language's likely region.
///
///     CalendarSystem.preferred(for: try LocaleTag("th"))                          // .buddhist
///     CalendarSystem.preferred(for: try LocaleTag("th-u-ca-gregory"))             // .gregorian
///     CalendarSystem.preferred(for: try LocaleTag("ar-SA-u-ca-islamic-umalqura")) // .islamicUmalqura
///
/// The Chinese, dangi, Umm al-Qura and astronomical Islamic calendars are tables generated from ICU (their months
/// follow the moon, which ICU computes astronomically or keeps as data) and cover 1900-01-01 to 2100-12-31; the
/// others are arithmetic and cover every date a message can hold.
package enum CalendarSystem: String, CaseIterable, Hashable, Sendable {
    /// The Gregorian calendar (`gregory`).
    case gregorian = "gregory"
    /// The Thai solar calendar: Gregorian months, years of the Buddhist Era (2026 is 2569 BE).
    case buddhist
    /// The Japanese imperial calendar: Gregorian months, years of the eras (Reiwa from 2019-05-01).
    case japanese
    /// The Solar Hijri calendar of Iran and Afghanistan, by ICU's arithmetic (with its corrections from 1503 AP).
    case persian
    /// The Hebrew calendar: lunisolar, with Adar I in its 7 leap years of 19.
    case hebrew
    /// The Islamic calendar of Saudi Arabia (Umm al-Qura), from ICU's table.
    case islamicUmalqura = "islamic-umalqura"
    /// The arithmetic (civil, tabular) Islamic calendar.
    case islamicCivil = "islamic-civil"
    /// The Republic of China (Minguo) calendar: Gregorian months, years from 1912.
    case roc
    /// The Chinese lunisolar calendar: leap months, years in cycles of 60.
    case chinese
    /// The Korean lunisolar calendar (dangi), as ICU computes it for Korea.
    case dangi
    /// The Islamic calendar by the moon, as ICU computes it astronomically (from ICU's table).
    case islamic
    /// The tabular Islamic calendar with the astronomical epoch: the civil one a day earlier.
    case islamicTbla = "islamic-tbla"
    /// The Islamic calendar of Saudi Arabia by sighting, which ICU computes as `islamic`.
    case islamicRgsa = "islamic-rgsa"
    /// The Coptic calendar: twelve months of 30 days and a thirteenth of 5 or 6, years from 284 AD.
    case coptic
    /// The Ethiopic calendar (Amete Mihret): the Coptic months, years from 8 AD.
    case ethiopic
    /// The Ethiopic calendar counted in the Amete Alem era (`ethioaa`, `ethiopic-amete-alem`): 5500 years more.
    case ethioaa
    /// The Indian national calendar (Saka era).
    case indian
    /// The Gregorian calendar with ISO 8601's weeks (from Monday, at least four days) and root's ISO patterns
    /// (`2026-11-30`).
    case iso8601

    /// The calendar's name in BCP 47 (`-u-ca-`): `gregory`, `islamic-umalqura`, `japanese`.
    package var identifier: String { rawValue }

    /// The calendar a `-u-ca-` type names: a BCP 47 name, ICU's `gregorian`, or CLDR's deprecated aliases
    /// (`islamicc`); `nil` for any other type.
    /// - Parameter identifier: the type, in any case (`gregory`, `islamic-umalqura`).
    package init?(identifier: String) {
        switch identifier.lowercased() {
        case "gregorian": self = .gregorian
        case "islamicc": self = .islamicCivil
        case "ethiopic-amete-alem": self = .ethioaa
        case let name: self.init(rawValue: name)
        }
    }

    /// The calendar `locale`'s dates are shown in, as ICU 77 picks it from the tag and CLDR's preference data.
    ///
    /// A `-u-ca-` type that names no calendar is ignored, as ICU ignores it.
    /// - Parameter locale: the tag, with or without extensions.
    package static func preferred(for locale: LocaleTag) -> CalendarSystem {
        if let type = locale.unicodeExtension("ca"), let calendar = CalendarSystem(identifier: type) { return calendar }
        return regionDefault(for: locale)
    }

    /// The first calendar of the region's preferences (CLDR's `calendarPreferenceData`).
    private static func regionDefault(for locale: LocaleTag) -> CalendarSystem {
        var region = locale.region
        // `-u-rg-thzzzz`: a region override, a region code padded with `zzzz`.
        if let override = locale.unicodeExtension("rg"), override.utf8.count == 6, override.hasSuffix("zzzz") {
            region = override.prefix(2).uppercased()
        }
        // Else the tag's likely region (`th` → `th-Thai-TH`, `uz-Arab` → `uz-Arab-AF`), as ICU asks for it.
        if region == nil { region = locale.maximized.region }
        guard let region else { return .gregorian }
        return CalendarData.regionCalendars[region] ?? .gregorian
    }
}
