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
        /// CLDR, calendars, zone names, names and durations, relative times and lists, as `LocaleDataTables.Set`.
        package let tables: [Bytes]

        /// The slice of every locale's tables for `locales` and `families`.
        /// - Parameters:
        ///   - locales: The locales the app ships.
        ///   - families: The optional families it uses.
        package init(locales: [LocaleTag], families: Set<LocaleDataTables.Family>) {
            let full = LocaleDataTables.everyLocale
            let cldr = PackedRecords(table: full.0)
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
            tables = [
                Self.cut(full.0) { key in
                    guard let (locale, section) = localeSection(key) else { return false }
                    if section == "a" || section == "p" { return true }
                    return ids.contains(String(locale)) && (section != "U" || has(.units))
                },
                Self.cut(full.1) { key in
                    has(.calendars) && localeSection(key).map { ids.contains(String($0.locale)) } == true
                },
                // Zones, metazones and aliases (40 KB) whatever the families: time-zone IDs resolve through them.
                Self.cut(full.2, keyLength: 40) { key in
                    guard key.hasPrefix("l/") else { return true }
                    return has(.zoneNames) && ids.contains(String(key.dropFirst(2)))
                },
                Self.cut(full.3) { key in
                    guard let (locale, section) = localeSection(key), ids.contains(String(locale)) else { return false }
                    return section == "d" ? has(.durations) : has(.displayNames)
                },
                Self.cut(full.4) { key in
                    guard let (locale, section) = localeSection(key), ids.contains(String(locale)) else { return false }
                    return section == "r" ? has(.relativeTimes) : has(.lists)
                },
            ]
        }

        /// The entries of `table` whose key `keep` accepts, with their records; records the full table shares
        /// (the calendars') stay shared.
        private static func cut(
            _ table: LocaleDataTables.Table, keyLength: Int = 24, keep: (Substring) -> Bool
        ) -> Bytes {
            var bytes = Bytes()
            var offsets: [ArraySlice<UInt8>: Int] = [:]
            let entryLength = keyLength + 15
            var entry = 0
            while entry + entryLength <= table.index.count {
                let keyBytes = table.index[entry..<(entry + keyLength)]
                let key = String(decoding: keyBytes, as: UTF8.self)
                let start = PackedRecords.number(table.index, from: entry + keyLength, digits: 8)
                let count = PackedRecords.number(table.index, from: entry + keyLength + 8, digits: 7)
                entry += entryLength
                guard keep(Substring(key).prefix { $0 != " " }) else { continue }
                let record = ArraySlice(table.records[start..<(start + count)])
                let offset = offsets[record] ?? bytes.records.count
                if offsets[record] == nil {
                    offsets[record] = offset
                    bytes.records.append(contentsOf: record)
                }
                bytes.index.append(contentsOf: keyBytes)
                bytes.index.append(contentsOf: Self.digits(offset, 8) + Self.digits(count, 7))
            }
            return bytes
        }

        /// The locales the tables hold records of: the part of a `locale/section` key before the slash, and
        /// the zone names' `l/locale`.
        private static func recordedLocales() -> Set<String> {
            let full = LocaleDataTables.everyLocale
            var locales: Set<String> = []
            for (table, keyLength) in [(full.0, 24), (full.1, 24), (full.2, 40), (full.3, 24), (full.4, 24)] {
                var entry = 0
                while entry + keyLength + 15 <= table.index.count {
                    let key = String(decoding: table.index[entry..<(entry + keyLength)], as: UTF8.self)
                        .prefix { $0 != " " }
                    entry += keyLength + 15
                    if key.hasPrefix("l/") {
                        locales.insert(String(key.dropFirst(2)))
                    } else if keyLength == 24, let slash = key.lastIndex(of: "/") {
                        locales.insert(String(key[..<slash]))
                    }
                }
            }
            return locales
        }

        private static func digits(_ value: Int, _ count: Int) -> [UInt8] {
            let text = String(value)
            return Array(String(repeating: "0", count: count - text.utf8.count).utf8) + Array(text.utf8)
        }

        /// The bytes of locale data every locale's tables hold.
        package static var everyLocaleByteCount: Int {
            LocaleDataTables.Set(all: LocaleDataTables.everyLocale).byteCount
        }

        /// The bytes of locale data the slice holds.
        package var byteCount: Int {
            tables.reduce(0) { $0 + $1.index.count + $1.records.count }
                + everyDataLocale.joined(separator: " ").utf8.count
        }

        /// The slice as a set to install, its bytes copied to memory that is never freed (a process installs one).
        package func installable() -> LocaleDataTables.Set {
            let tables = self.tables.map { bytes in
                LocaleDataTables.Table(index: Self.immortal(bytes.index), records: Self.immortal(bytes.records))
            }
            return LocaleDataTables.Set(
                locales: locales, dataLocales: dataLocales, everyDataLocale: everyDataLocale.joined(separator: " "),
                families: families, cldr: tables[0], calendars: tables[1], zoneNames: tables[2],
                namesAndDurations: tables[3], relativeAndLists: tables[4])
        }

        private static func immortal(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            _ = buffer.initialize(from: bytes)
            return UnsafeBufferPointer(rebasing: buffer[0..<bytes.count])
        }
    }
#endif
