/// A calendar dates are shown in: the Gregorian one, or one of the nine others LocaleData formats as ICU4C 77.1
/// does.
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
/// The Chinese, dangi and Umm al-Qura calendars are tables generated from ICU (their months follow the moon,
/// which ICU computes astronomically or keeps as data) and cover 1900-01-01 to 2100-12-31; the others are
/// arithmetic and cover every date a message can hold.
public enum CalendarSystem: String, CaseIterable, Hashable, Sendable {
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

    /// The calendar's name in BCP 47 (`-u-ca-`): `gregory`, `islamic-umalqura`, `japanese`.
    public var identifier: String { rawValue }

    /// The calendar a `-u-ca-` type names: a BCP 47 name, ICU's `gregorian`, or CLDR's deprecated aliases
    /// (`islamicc`); `nil` for any other type.
    /// - Parameter identifier: the type, in any case (`gregory`, `islamic-umalqura`).
    public init?(identifier: String) {
        switch identifier.lowercased() {
        case "gregorian": self = .gregorian
        case "islamicc": self = .islamicCivil
        case let name: self.init(rawValue: name)
        }
    }

    /// The calendar `locale`'s dates are shown in, as ICU 77 picks it from the tag and CLDR's preference data.
    ///
    /// A `-u-ca-` that names a calendar ICU has and LocaleData does not (`coptic`, `ethiopic`, `indian`,
    /// `islamic`, `islamic-tbla`, `islamic-rgsa`, `iso8601`) gives the Gregorian calendar, and the formatter
    /// reports it with each date; an unknown one is ignored, as ICU ignores it.
    /// - Parameter locale: the tag, with or without extensions.
    public static func preferred(for locale: LocaleTag) -> CalendarSystem {
        resolution(for: locale).calendar
    }

    /// The calendars ICU 77 has and LocaleData does not format.
    static let unsupported: Set<String> = [
        "coptic", "ethiopic", "ethioaa", "ethiopic-amete-alem", "indian", "islamic", "islamic-tbla",
        "islamic-rgsa", "iso8601",
    ]

    /// The calendar of `locale`, and the `-u-ca-` type it asked for when that is one LocaleData does not have.
    static func resolution(for locale: LocaleTag) -> (calendar: CalendarSystem, unsupported: String?) {
        if let type = locale.unicodeExtension("ca") {
            if let calendar = CalendarSystem(identifier: type) { return (calendar, nil) }
            if unsupported.contains(type) { return (.gregorian, type) }
        }
        return (regionDefault(for: locale), nil)
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
