#if AllLocaleData
    /// Every locale's tables cut down to the locales an app ships and the families it uses: what `widget-i18n data`
    /// writes as Swift and what the corpora's sliced runs install.
    ///
    /// A slice keeps, byte for byte, every record the full tables hold for the data locales a shipped locale can
    /// read: its own, its CLDR parents' up to root, its likely-subtag target's and their parents', in the language
    /// ICU opens for it (`iw` reads `he`). Parents and aliases of every locale are kept too (they are 1.3 KB), so a
    /// locale outside the slice walks the same chain as in the full build and formats with the first locale of it
    /// the slice holds, root at worst.
    package struct LocaleDataSlice: Sendable {
        /// One table's bytes: the fixed-width index and the records it points at.
        package struct Bytes: Sendable {
            package var index: [UInt8] = []
            package var records: [UInt8] = []
        }

        package let locales: [String]
        package let families: [LocaleDataTables.Family]
        /// The data locales it holds records of, sorted.
        package let dataLocales: [String]
        /// The data locales every locale's tables hold records of, sorted.
        package let everyDataLocale: [String]
        /// Each table's index and records.
        package let tables: LocaleDataTables.Tables<Bytes>

        /// The slice of every locale's tables for `locales` and `families`.
        /// - Parameters:
        ///   - locales: The locales the app ships.
        ///   - families: The optional families it uses.
        package init(locales: [LocaleTag], families: Set<LocaleDataTables.Family>) {
            let full = LocaleDataTables.everyLocale
            let cldr = PackedRecords(table: full.cldr)
            var ids: Set<String> = ["root"]
            for locale in locales { ids.formUnion(CLDRData.dataLocalesRead(by: locale, in: cldr)) }
            self.locales = locales.map(\.normalized)
            self.families = LocaleDataTables.Family.allCases.filter(families.contains)
            dataLocales = ids.sorted()
            everyDataLocale = Self.recordedLocales().sorted()
            func has(_ family: LocaleDataTables.Family) -> Bool { families.contains(family) }
            // Each table's rule: which keys (`locale/section`, `l/locale`, `z/zone`) it keeps.
            func localeSection(_ key: Substring) -> (locale: Substring, section: Substring)? {
                guard let slash = key.lastIndex(of: "/") else { return nil }
                return (key[..<slash], key[key.index(after: slash)...])
            }
            func cut(_ name: LocaleDataTables.Table.Name, keep: (Substring) -> Bool) -> Bytes {
                Self.cut(full[name], keyLength: name.keyLength, keep: keep)
            }
            tables = LocaleDataTables.Tables(
                cldr: cut(.cldr) { key in
                    guard let (locale, section) = localeSection(key) else { return false }
                    if section == "a" || section == "p" { return true }
                    return ids.contains(String(locale)) && (section != "U" || has(.units))
                },
                calendars: cut(.calendars) { key in
                    has(.calendars) && localeSection(key).map { ids.contains(String($0.locale)) } == true
                },
                // Zones, metazones and aliases (40 KB) whatever the families: time-zone IDs resolve through them.
                zoneNames: cut(.zoneNames) { key in
                    guard key.hasPrefix("l/") else { return true }
                    return has(.zoneNames) && ids.contains(String(key.dropFirst(2)))
                },
                namesAndDurations: cut(.namesAndDurations) { key in
                    guard let (locale, section) = localeSection(key), ids.contains(String(locale)) else { return false }
                    return section == "d" ? has(.durations) : has(.displayNames)
                },
                relativeAndLists: cut(.relativeAndLists) { key in
                    guard let (locale, section) = localeSection(key), ids.contains(String(locale)) else { return false }
                    return section == "r" ? has(.relativeTimes) : has(.lists)
                })
        }

        /// The entries of `table` whose key `keep` accepts, with their records (`PackedRecords.Writer`: records
        /// the full table shares, the calendars', stay shared).
        static func cut(_ table: LocaleDataTables.Table, keyLength: Int, keep: (Substring) -> Bool) -> Bytes {
            var writer = PackedRecords.Writer(keyLength: keyLength)
            let entries = PackedRecords.entries(of: table.index, keyLength: keyLength)
            for entry in entries where keep(Substring(entry.name)) {
                writer.append(key: entry.key, record: ArraySlice(table.records[entry.record]))
            }
            return Bytes(index: writer.index, records: writer.records)
        }

        /// The locales the tables hold records of: the part of a `locale/section` key before the slash, and
        /// the zone names' `l/locale`.
        private static func recordedLocales() -> Set<String> {
            let full = LocaleDataTables.everyLocale
            var locales: Set<String> = []
            for name in LocaleDataTables.Table.Name.allCases {
                for entry in PackedRecords.entries(of: full[name].index, keyLength: name.keyLength) {
                    let key = entry.name
                    if key.hasPrefix("l/") {
                        locales.insert(String(key.dropFirst(2)))
                    } else if name != .zoneNames, let slash = key.lastIndex(of: "/") {
                        // (The zone names' other keys hold zone IDs, `z/America/New_York`, not locales.)
                        locales.insert(String(key[..<slash]))
                    }
                }
            }
            return locales
        }

        /// The bytes of locale data every locale's tables hold.
        package static var everyLocaleByteCount: Int {
            LocaleDataTables.Set(all: LocaleDataTables.everyLocale).byteCount
        }

        /// The bytes of locale data the slice holds.
        package var byteCount: Int {
            tables.all.reduce(0) { $0 + $1.index.count + $1.records.count }
                + everyDataLocale.joined(separator: " ").utf8.count
        }

        /// The slice as a set to install, its bytes copied to memory that is never freed (a process installs one).
        package func installable() -> LocaleDataTables.Set {
            LocaleDataTables.Set(
                locales: locales, dataLocales: dataLocales, everyDataLocale: everyDataLocale.joined(separator: " "),
                families: families,
                tables: tables.map { _, bytes in
                    LocaleDataTables.Table(index: Self.immortal(bytes.index), records: Self.immortal(bytes.records))
                })
        }

        private static func immortal(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            _ = buffer.initialize(from: bytes)
            return UnsafeBufferPointer(rebasing: buffer[0..<bytes.count])
        }
    }
#endif
