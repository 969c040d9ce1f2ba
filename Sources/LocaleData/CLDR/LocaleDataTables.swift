import WidgetI18nSupport

/// The packed locale data a process formats with: by default every locale's, compiled into LocaleData (the
/// package's default trait, `AllLocaleData`); in a build without that trait, the slice an app installs before it
/// formats anything, which holds only the locales it ships and the families it uses.
///
///     // The widget's (and the app's) first line, before anything is formatted:
///     try LocaleDataTables.install(.widgetI18nSlice)  // the set `widget-i18n data` writes
///
/// The tables are read lazily, once: the first formatter to read a table fixes the set for the life of the
/// process, so a later `install(_:)` is refused rather than leaving half-read caches behind.
public enum LocaleDataTables {
    /// A family of locale data an app may leave out of its slice. Numbers, currencies, plural rules, Gregorian
    /// dates and 25 everyday units (the `core`: durations' units, meters, kilograms, percent…) are always in it.
    public enum Family: String, CaseIterable, Sendable, Codable {
        /// Dates in the calendars other than the Gregorian one.
        case calendars
        /// Time-zone names (`z`, `v`, `VVVV`, the GMT formats).
        case zoneNames = "zone-names"
        /// Names of languages, regions and scripts.
        case displayNames = "display-names"
        /// Duration patterns (`1 hr, 5 min`).
        case durations
        /// Relative times (`5 minutes ago`).
        case relativeTimes = "relative-times"
        /// List patterns (`A, B and C`).
        case lists
        /// The names of CLDR's other 168 built-in units (`meter-per-second`, `hectare`) and the patterns that
        /// build compound units (`kilogram-meter`, `square-kilometer`).
        case units

        /// What a build without the family shows instead: the one sentence the formatters report as a problem
        /// and `widget-i18n data` prints for each family it leaves out.
        package var shownInstead: String {
            switch self {
            case .calendars: "dates in other calendars than the Gregorian are shown in the Gregorian calendar"
            case .zoneNames: "the time zone is shown as a GMT offset or a region"
            case .displayNames: "names of languages, regions and scripts are nil"
            case .durations: "durations are shown as units joined with commas, never digital"
            case .relativeTimes: "relative times are shown as bare numbers"
            case .lists: "list items are joined with commas"
            case .units: "the number is shown without its unit"
            }
        }

        /// What a widget shows with the family, for `widget-i18n data` to name what leaving it out changes.
        package var examples: String {
            switch self {
            case .calendars: "a date in -u-ca-islamic, -u-ca-hebrew, -u-ca-japanese"
            case .zoneNames: "\"Central European Time\", a date's z or v"
            case .displayNames: "\"Türkçe\", format.displayName"
            case .durations: "\"1 hr, 5 min\""
            case .relativeTimes: "\"5 min ago\", a Live Activity's \"in 12 min\""
            case .lists: "\"A, B and C\""
            case .units: "\"5 ha\", \"3 m/s\", compounds such as kilogram-meter"
            }
        }
    }

    /// One packed table: a fixed-width index over `key US value RS` records, in place in read-only memory.
    public struct Table: @unchecked Sendable {
        // The buffers point into string literals or into memory a slice never frees: immutable for the life of
        // the process.
        let index: UnsafeBufferPointer<UInt8>
        let records: UnsafeBufferPointer<UInt8>

        /// A table from the two literals `widget-i18n data` writes.
        /// - Parameters:
        ///   - index: The fixed-width entries, sorted by key.
        ///   - records: The records the entries point at.
        public init(index: StaticString, records: StaticString) {
            self.index = UnsafeBufferPointer(start: index.utf8Start, count: index.utf8CodeUnitCount)
            self.records = UnsafeBufferPointer(start: records.utf8Start, count: records.utf8CodeUnitCount)
        }

        init(index: UnsafeBufferPointer<UInt8>, records: UnsafeBufferPointer<UInt8>) {
            self.index = index
            self.records = records
        }

        static let empty = Table(index: "", records: "")

        /// The table's bytes.
        var byteCount: Int { index.count + records.count }

        /// Which of a build's five tables a table is.
        package enum Name: String, CaseIterable, Sendable {
            // In the order of `Set.init`'s arguments, each named as its label, which is how `widget-i18n data`
            // writes them.
            case cldr, calendars, zoneNames, namesAndDurations, relativeAndLists

            /// The width of the table's keys: the zone names' are zone IDs, the others' `locale/section`.
            package var keyLength: Int {
                self == .zoneNames ? PackedRecords.Layout.zoneKeyLength : PackedRecords.Layout.localeKeyLength
            }
        }
    }

    /// One thing per table of a build, by its name: the tables themselves, or a slice's bytes of each.
    package struct Tables<Element> {
        package let cldr: Element
        package let calendars: Element
        package let zoneNames: Element
        package let namesAndDurations: Element
        package let relativeAndLists: Element

        /// The element of the table `name`.
        package subscript(name: Table.Name) -> Element {
            switch name {
            case .cldr: cldr
            case .calendars: calendars
            case .zoneNames: zoneNames
            case .namesAndDurations: namesAndDurations
            case .relativeAndLists: relativeAndLists
            }
        }

        /// The five elements, in the order of `Table.Name`.
        package var all: [Element] { Table.Name.allCases.map { self[$0] } }

        /// The tables with `transform` applied to each element, given its table's name.
        package func map<Other>(_ transform: (Table.Name, Element) throws -> Other) rethrows -> Tables<Other> {
            try Tables<Other>(
                cldr: transform(.cldr, cldr), calendars: transform(.calendars, calendars),
                zoneNames: transform(.zoneNames, zoneNames),
                namesAndDurations: transform(.namesAndDurations, namesAndDurations),
                relativeAndLists: transform(.relativeAndLists, relativeAndLists))
        }
    }

    /// The tables of one build: every locale's, or a slice's.
    public struct Set: Sendable {
        /// The locales the slice was cut for, as given to `widget-i18n data`; `nil` for every locale.
        package let locales: [String]?
        /// The optional families the tables hold.
        package let families: Swift.Set<Family>
        let tables: Tables<Table>
        /// The data locales (`de`, `zh-hant-tw`) whose records a slice holds; `nil` for every locale.
        let dataLocales: Swift.Set<String>?
        /// Every data locale of the full tables, space-separated: what tells a locale outside the slice from one
        /// whose data is all its parent's (`en-us` has no records of its own).
        let everyDataLocale: String

        /// The tables `widget-i18n data` writes: the core (numbers, units, currencies, Gregorian dates), then the
        /// optional ones (an absent family is an empty table).
        /// - Parameters:
        ///   - locales: The locales the slice was cut for.
        ///   - dataLocales: Every data locale the slice holds records of (the locales, their parents and
        ///     likely-subtag targets).
        ///   - everyDataLocale: Every data locale the full tables hold records of, space-separated.
        ///   - families: The optional families it holds.
        ///   - cldr: Numbers, units, currencies, Gregorian dates and the pattern generator (the units outside the
        ///     core only with the `units` family).
        ///   - calendars: The other calendars' names and patterns.
        ///   - zoneNames: Time-zone names, with every zone's metazones.
        ///   - namesAndDurations: Display names and duration patterns.
        ///   - relativeAndLists: Relative-time and list patterns.
        public init(
            locales: [String], dataLocales: [String], everyDataLocale: String, families: [Family], cldr: Table,
            calendars: Table, zoneNames: Table, namesAndDurations: Table, relativeAndLists: Table
        ) {
            self.init(
                locales: locales, dataLocales: dataLocales, everyDataLocale: everyDataLocale, families: families,
                tables: Tables(
                    cldr: cldr, calendars: calendars, zoneNames: zoneNames, namesAndDurations: namesAndDurations,
                    relativeAndLists: relativeAndLists))
        }

        /// A slice's set, its tables by name: what the public initialiser builds, and what
        /// `LocaleDataSlice.installable()` installs without a Swift file between.
        init(
            locales: [String], dataLocales: [String], everyDataLocale: String, families: [Family],
            tables: Tables<Table>
        ) {
            self.locales = locales
            self.dataLocales = Swift.Set(dataLocales)
            self.everyDataLocale = everyDataLocale
            self.families = Swift.Set(families)
            self.tables = tables
        }

        init(all tables: Tables<Table>) {
            locales = nil
            dataLocales = nil
            everyDataLocale = ""
            families = Swift.Set(Family.allCases)
            self.tables = tables
        }

        /// The bytes of locale data the set holds (its indexes and records, and a slice's list of every data
        /// locale).
        package var byteCount: Int {
            tables.all.reduce(0) { $0 + $1.byteCount } + everyDataLocale.utf8.count
        }

        /// Whether the set holds the records of the data locale `id` (`de`, `zh-hant-tw`).
        func holds(dataLocale id: String) -> Bool { dataLocales?.contains(id) ?? true }
    }

    /// Why an `install(_:)` was refused.
    public struct InstallError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What went wrong: `alreadyInUse`, the one way an install fails.
        public typealias Code = ErrorCode<InstallError>

        /// What went wrong.
        public var code: Code { .alreadyInUse }

        public var description: String {
            "Locale data is already in use in this process: install the slice before anything formats (in the "
                + "widget's WidgetBundle init and the app's init)"
        }
    }

    private struct State {
        var installed: Set?
        var inUse = false
    }

    private static let state = Locked(State())

    /// Makes `tables` the data this process formats with. Call it before anything formats (the widget bundle's
    /// and the app's initialiser): once a formatter has read the tables, they stay what they were.
    /// - Parameter tables: The slice `widget-i18n data` wrote.
    /// - Throws: `InstallError` when locale data has already been read in this process.
    public static func install(_ tables: Set) throws(InstallError) {
        let refused = state.withLock { state -> Bool in
            if state.inUse { return true }
            state.installed = tables
            return false
        }
        if refused {
            throw InstallError()
        }
    }

    /// The tables in use, fixed by the first read (a `static let` is initialised once, on first use).
    static let current: Set = state.withLock { state in
        state.inUse = true
        return state.installed ?? builtIn
    }

    /// What the process formats with when no slice is installed.
    static let builtIn: Set = {
        #if AllLocaleData
            Set(all: everyLocale)
        #else
            Set(
                locales: [], dataLocales: [], everyDataLocale: "", families: [], cldr: .empty, calendars: .empty,
                zoneNames: .empty, namesAndDurations: .empty, relativeAndLists: .empty)
        #endif
    }()

    #if AllLocaleData
        /// Every locale's tables, as the generators wrote them.
        package static let everyLocale = Tables(
            cldr: Table(index: CLDRData.index, records: CLDRData.records),
            calendars: Table(index: CalendarData.index, records: CalendarData.records),
            zoneNames: Table(index: ZoneNameData.index, records: ZoneNameData.records),
            namesAndDurations: Table(index: NamesAndDurationsData.index, records: NamesAndDurationsData.records),
            relativeAndLists: Table(index: RelativeListData.index, records: RelativeListData.records))
    #endif

    /// Whether the tables in use hold `family`.
    /// - Parameter family: The family to look for.
    /// - Returns: `true` when the build holds it (always, with every locale's data).
    package static func holds(_ family: Family) -> Bool { current.families.contains(family) }

    /// The locales the slice in use was cut for; `nil` with every locale's data.
    package static var sliceLocales: [String]? { current.locales }

    /// The locale `locale` formats with when the tables in use lack some of the data it reads (a slice cut for
    /// other locales): the first locale of its CLDR chain they hold, `root` at worst.
    /// - Parameter locale: The locale to format in.
    /// - Returns: The data locale it falls back to (`fr`, `root`), or `nil` when the tables hold all it reads
    ///   (always, with every locale's data).
    package static func fallback(for locale: LocaleTag) -> String? {
        let set = current
        guard let held = set.dataLocales else { return nil }
        let packed = PackedRecords(table: set.tables.cldr)
        // Only a locale read but not held is looked up in the list of every data locale, in place: splitting its
        // ~1,500 names costs more than a widget's render.
        let missing = CLDRData.dataLocalesRead(by: locale, in: packed).subtracting(held)
        guard missing.contains(where: { names(set.everyDataLocale, hold: $0) }) else { return nil }
        let id = CLDRData.dataLocale(for: CLDRData.dataTag(for: locale), in: packed)
        return CLDRData.chain(from: id, in: packed).first(where: held.contains) ?? "root"
    }

    /// Whether the space-separated `list` holds `name`, compared byte by byte where the list lies.
    private static func names(_ list: String, hold name: String) -> Bool {
        var list = list
        var name = name
        return list.withUTF8 { list in
            name.withUTF8 { name in
                var start = 0
                while start < list.count {
                    let end = list[start...].firstIndex(of: UInt8(ascii: " ")) ?? list.count
                    if end - start == name.count, list[start..<end].elementsEqual(name) { return true }
                    start = end + 1
                }
                return false
            }
        }
    }
}

extension LocaleDataTables.Tables: Sendable where Element: Sendable {}

extension ErrorCode where Domain == LocaleDataTables.InstallError {
    /// Locale data was read in this process before the install.
    public static var alreadyInUse: Self { Self("alreadyInUse") }
}
