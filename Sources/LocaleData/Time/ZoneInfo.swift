#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One time zone's rules from the IANA database: the offsets from UTC and when they change.
///
/// On Linux the rules come from the system's TZif files (`/usr/share/zoneinfo`), read without Foundation's
/// `TimeZone`, which there knows only fixed offsets from GMT. On Apple platforms, where apps cannot read the
/// database, `init?(identifier:)` and `current` wrap Foundation's `TimeZone` instead; the TZif and POSIX `TZ`
/// parsers work everywhere.
///
///     let berlin = ZoneInfo(identifier: "Europe/Berlin")!
///     berlin.secondsFromGMT(atUnixTime: 1_719_835_200)        // 7200 (1 July 2024, CEST)
///     berlin.abbreviation(atUnixTime: 1_704_067_200)          // "CET"
///     ZoneInfo(secondsFromGMT: 19_800).identifier             // "GMT+05:30"
public struct ZoneInfo: Sendable, Hashable {
    /// The zone's name: an IANA identifier (`Europe/Berlin`, `UTC`), a fixed offset (`GMT+05:30`), a POSIX `TZ`
    /// string taken from the environment, or `localtime` for a zone read from `/etc/localtime` alone.
    public let identifier: String

    let rules: Rules

    /// Coordinated Universal Time: offset 0, never daylight saving time, abbreviation `UTC`.
    public static let utc = ZoneInfo(identifier: "UTC", rules: .fixed(LocalTimeType(offset: 0, isDST: false, "UTC")))

    init(identifier: String, rules: Rules) {
        self.identifier = identifier
        self.rules = rules
    }

    /// A zone with a fixed offset from UTC and no daylight saving time, named like `GMT+05:30` (`GMT` for 0).
    ///
    /// The offset is clamped to less than a day either way.
    /// - Parameter secondsFromGMT: the offset from UTC in seconds, positive east of Greenwich.
    public init(secondsFromGMT: Int) {
        let offset = min(max(secondsFromGMT, -Self.maximumFixedOffset), Self.maximumFixedOffset)
        let name = Self.fixedOffsetName(offset)
        self.init(identifier: name, rules: .fixed(LocalTimeType(offset: offset, isDST: false, name)))
    }

    /// Parses the bytes of a TZif file (RFC 8536, versions 1 to 4), or returns `nil` when they are not one.
    ///
    /// Version 2 and later files are read from their 64-bit block, and their footer's POSIX `TZ` string gives
    /// local time after the last transition. Leap-second records are skipped: civil time ignores them.
    /// - Parameters:
    ///   - identifier: the zone's name, such as `Europe/Berlin`.
    ///   - bytes: the contents of the TZif file.
    public init?<Bytes: Collection>(identifier: String, tzif bytes: Bytes) where Bytes.Element == UInt8 {
        guard let table = TransitionTable(tzif: Array(bytes)) else { return nil }
        self.init(identifier: identifier, rules: .table(table))
    }

    #if canImport(Darwin)
        /// The zone named `identifier` (`Europe/Berlin`), from Foundation's time zone database, or `nil` for an
        /// unknown or invalid identifier. Fixed offsets spelled like `GMT+05:30` are accepted too.
        public init?(identifier: String) {
            if let fixed = Self.fixedOffsetZone(identifier) {
                self = fixed
                return
            }
            guard Self.isValidIdentifier(identifier), let zone = TimeZone(identifier: identifier) else { return nil }
            self.init(identifier: identifier, rules: .system(zone))
        }

        /// The zone of the device (`TimeZone.current`), read once.
        public static var current: ZoneInfo { cachedCurrent }

        private static let cachedCurrent: ZoneInfo = {
            let zone = TimeZone.current
            return ZoneInfo(identifier: zone.identifier, rules: .system(zone))
        }()
    #else
        /// The zone named `identifier` (`Europe/Berlin`), read from the system database: the directory named by
        /// `TZDIR`, then `/usr/share/zoneinfo`, `/usr/lib/zoneinfo`, `/usr/share/lib/zoneinfo` and `/etc/zoneinfo`.
        /// Fixed offsets spelled like `GMT+05:30` are accepted too.
        ///
        /// Returns `nil` for an unknown identifier or one that could leave the database directory (absolute
        /// paths, `.` or `..` components, empty components, characters outside `A-Z a-z 0-9 / _ - + .`).
        /// - Parameter identifier: the zone's name in the database, such as `Europe/Berlin`.
        public init?(identifier: String) {
            if let fixed = Self.fixedOffsetZone(identifier) {
                self = fixed
                return
            }
            guard Self.isValidIdentifier(identifier) else { return nil }
            for directory in Self.databaseDirectories() {
                guard let data = SystemFiles.contents(atPath: directory + "/" + identifier) else { continue }
                guard let zone = ZoneInfo(identifier: identifier, tzif: data) else { return nil }
                self = zone
                return
            }
            switch identifier {
            case "UTC", "Etc/UTC":
                self = .utc
            case "GMT", "Etc/GMT":
                self.init(secondsFromGMT: 0)
            default:
                return nil
            }
        }

        /// The process's zone, resolved once: the `TZ` environment variable (`Europe/Berlin`, `:Europe/Berlin`,
        /// an absolute TZif path, or a POSIX string such as `EST5EDT,M3.2.0,M11.1.0`; empty means UTC, and an
        /// unusable value means UTC as in the C library), else the zone `/etc/localtime` links to, else that
        /// file's contents (identifier `localtime`), else the name in `/etc/timezone`, else UTC.
        public static var current: ZoneInfo { cachedCurrent }

        private static let cachedCurrent: ZoneInfo = resolveCurrent(tz: SystemFiles.environment("TZ"))
    #endif

    /// Offset from UTC in seconds at an instant given as seconds since 1970 UTC.
    /// - Parameter seconds: the instant, in seconds since 1970 UTC.
    public func secondsFromGMT(atUnixTime seconds: Int64) -> Int {
        switch rules {
        case .fixed(let type): type.offset
        case .table(let table): table.localTimeType(at: seconds).offset
        case .posix(let rule): rule.localTimeType(at: seconds).offset
        #if canImport(Darwin)
            case .system(let zone): zone.secondsFromGMT(for: Self.date(seconds))
        #endif
        }
    }

    /// Whether daylight saving time is in effect at an instant given as seconds since 1970 UTC, as the database
    /// flags it (so in winter for `Europe/Dublin`, whose summer time is its standard time).
    /// - Parameter seconds: the instant, in seconds since 1970 UTC.
    public func isDaylightSavingTime(atUnixTime seconds: Int64) -> Bool {
        switch rules {
        case .fixed(let type): type.isDST
        case .table(let table): table.localTimeType(at: seconds).isDST
        case .posix(let rule): rule.localTimeType(at: seconds).isDST
        #if canImport(Darwin)
            case .system(let zone): zone.isDaylightSavingTime(for: Self.date(seconds))
        #endif
        }
    }

    /// The abbreviation of local time at an instant given as seconds since 1970 UTC (`CET`, `EDT`, `+0330`).
    /// - Parameter seconds: the instant, in seconds since 1970 UTC.
    public func abbreviation(atUnixTime seconds: Int64) -> String {
        switch rules {
        case .fixed(let type): type.abbreviation
        case .table(let table): table.localTimeType(at: seconds).abbreviation
        case .posix(let rule): rule.localTimeType(at: seconds).abbreviation
        #if canImport(Darwin)
            case .system(let zone): zone.abbreviation(for: Self.date(seconds)) ?? identifier
        #endif
        }
    }

    // Equality compares identifiers and rules; hashing the identifier alone is enough and avoids hashing tables.
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    #if canImport(Darwin)
        private static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: Double(seconds)) }
    #endif
}

// MARK: - Rules

extension ZoneInfo {
    /// Where a zone's offsets come from.
    enum Rules: Sendable, Hashable {
        /// One offset forever.
        case fixed(LocalTimeType)
        /// A TZif file's transitions, then its footer.
        case table(TransitionTable)
        /// A POSIX `TZ` string alone.
        case posix(PosixRule)
        #if canImport(Darwin)
            /// Foundation's zone, on Apple platforms.
            case system(TimeZone)
        #endif
    }

    /// A local time type of RFC 8536: an offset from UTC, whether it counts as daylight saving time, and its
    /// abbreviation.
    struct LocalTimeType: Sendable, Hashable {
        var offset: Int
        var isDST: Bool
        var abbreviation: String

        init(offset: Int, isDST: Bool, _ abbreviation: String) {
            self.offset = offset
            self.isDST = isDST
            self.abbreviation = abbreviation
        }
    }

    /// The data of a TZif file: transition instants, the local time type each one starts, and the footer rule.
    struct TransitionTable: Sendable, Hashable {
        /// Transition instants in seconds since 1970 UTC, strictly ascending.
        var transitions: [Int64]
        /// For each transition, an index into `types`.
        var typeIndexes: [UInt8]
        /// At least one local time type; type 0 applies before the first transition.
        var types: [LocalTimeType]
        /// The footer's rule for instants after the last transition, if the file has a non-empty footer.
        var footer: PosixRule?

        func localTimeType(at seconds: Int64) -> LocalTimeType {
            // From the last transition on (or always, without transitions) the footer rules, when there is one.
            if let footer, seconds >= transitions.last ?? .min { return footer.localTimeType(at: seconds) }
            guard let first = transitions.first, seconds >= first else { return types[0] }
            // The last transition at or before `seconds`: transitions[low] <= seconds < transitions[high].
            var low = 0
            var high = transitions.count
            while high - low > 1 {
                let middle = low + (high - low) / 2
                if transitions[middle] <= seconds { low = middle } else { high = middle }
            }
            return types[Int(typeIndexes[low])]
        }
    }

    /// Largest magnitude of a fixed offset: just under a day.
    static let maximumFixedOffset = 86_399

    /// `GMT` for 0, else `GMT+05:30` or `GMT-03:00`, with `:ss` when the offset has seconds.
    static func fixedOffsetName(_ offset: Int) -> String {
        guard offset != 0 else { return "GMT" }
        let magnitude = offset.magnitude
        func twoDigits(_ value: UInt) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var name = (offset < 0 ? "GMT-" : "GMT+") + twoDigits(magnitude / 3600) + ":" + twoDigits(magnitude / 60 % 60)
        if magnitude % 60 != 0 { name += ":" + twoDigits(magnitude % 60) }
        return name
    }

    /// The fixed-offset zone named `GMT+hh:mm` or `GMT-hh:mm[:ss]` as `init(secondsFromGMT:)` names it, or `nil`.
    static func fixedOffsetZone(_ identifier: String) -> ZoneInfo? {
        let bytes = Array(identifier.utf8)
        // "GMT+05:30" or "GMT+05:30:15": two-digit fields at 4, 7 and 10, colons between them.
        guard bytes.count == 9 || bytes.count == 12, bytes.starts(with: "GMT".utf8),
            bytes[3] == UInt8(ascii: "+") || bytes[3] == UInt8(ascii: "-")
        else { return nil }
        var total = 0
        for start in stride(from: 4, to: bytes.count, by: 3) {
            guard start == 4 || bytes[start - 1] == UInt8(ascii: ":"), ASCII.isDigit(bytes[start]),
                ASCII.isDigit(bytes[start + 1])
            else { return nil }
            let value = Int(bytes[start] - UInt8(ascii: "0")) * 10 + Int(bytes[start + 1] - UInt8(ascii: "0"))
            guard value <= (start == 4 ? 23 : 59) else { return nil }
            total = total * 60 + value
        }
        if bytes.count == 9 { total *= 60 }
        let zone = ZoneInfo(secondsFromGMT: bytes[3] == UInt8(ascii: "-") ? -total : total)
        // Only the canonical spelling names the zone, so that identifiers round-trip.
        return zone.identifier == identifier ? zone : nil
    }

    /// Longest identifier accepted; real ones stay below 40 bytes.
    static let maximumIdentifierLength = 255

    /// Whether `identifier` can name a file under a database directory without leaving it: relative,
    /// `/`-separated, no empty, `.` or `..` components, no component starting with `.` or `-`, and only
    /// `A-Z a-z 0-9 _ - + .` inside components.
    static func isValidIdentifier(_ identifier: String) -> Bool {
        let bytes = Array(identifier.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumIdentifierLength else { return false }
        let components = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for component in components {
            guard let first = component.first, first != UInt8(ascii: "."), first != UInt8(ascii: "-") else {
                return false
            }
            let allowed = component.allSatisfy {
                ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: ".")
            }
            guard allowed else { return false }
        }
        return true
    }
}

// MARK: - Finding the database and the current zone

extension ZoneInfo {
    /// The directories searched for TZif files, `TZDIR` first.
    static func databaseDirectories() -> [String] {
        var directories = ["/usr/share/zoneinfo", "/usr/lib/zoneinfo", "/usr/share/lib/zoneinfo", "/etc/zoneinfo"]
        if let tzdir = SystemFiles.environment("TZDIR"), tzdir.hasPrefix("/") {
            directories.insert(tzdir, at: 0)
        }
        return directories
    }

    /// The zone the C library would use for the value `tz` of the `TZ` environment variable (`nil` when unset),
    /// given the system's `/etc/localtime` and `/etc/timezone` (their paths are parameters for tests).
    static func resolveCurrent(
        tz: String?, localtimePath: String = "/etc/localtime", timezonePath: String = "/etc/timezone"
    ) -> ZoneInfo {
        if let tz {
            return zone(forTZ: tz) ?? .utc
        }
        if let target = SystemFiles.destinationOfSymbolicLink(atPath: localtimePath),
            let name = databaseName(ofPath: target), let zone = ZoneInfo(identifier: name)
        {
            return zone
        }
        if let data = SystemFiles.contents(atPath: localtimePath),
            let zone = ZoneInfo(identifier: "localtime", tzif: data)
        {
            return zone
        }
        if let data = SystemFiles.contents(atPath: timezonePath) {
            // One line such as "Europe/Berlin\n".
            let line = data.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
            let name = String(decoding: line, as: UTF8.self)
            if let zone = ZoneInfo(identifier: name) { return zone }
        }
        return .utc
    }

    /// The zone a `TZ` value names: empty is UTC; `:name` and `name` are database identifiers or absolute TZif
    /// paths; anything else without the colon is tried as a POSIX `TZ` string.
    static func zone(forTZ tz: String) -> ZoneInfo? {
        guard !tz.isEmpty else { return .utc }
        let hasColon = tz.hasPrefix(":")
        let name = hasColon ? String(tz.dropFirst()) : tz
        guard !name.isEmpty else { return .utc }
        if name.hasPrefix("/") {
            guard let data = SystemFiles.contents(atPath: name) else { return nil }
            return ZoneInfo(identifier: databaseName(ofPath: name) ?? name, tzif: data)
        }
        if let zone = ZoneInfo(identifier: name) { return zone }
        guard !hasColon, let rule = PosixRule(Array(name.utf8)) else { return nil }
        return ZoneInfo(identifier: name, rules: .posix(rule))
    }

    /// The identifier in a path into a database directory (`../usr/share/zoneinfo/Europe/Berlin` →
    /// `Europe/Berlin`; a `posix/` prefix is dropped), or `nil` when the path has no `zoneinfo/` component.
    static func databaseName(ofPath path: String) -> String? {
        let components = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard let database = components.lastIndex(where: { $0.elementsEqual("zoneinfo".utf8) }) else { return nil }
        var rest = components[(database + 1)...]
        if rest.count > 1, let first = rest.first, first.elementsEqual("posix".utf8) { rest = rest.dropFirst() }
        var name = ""
        for component in rest {
            if !name.isEmpty { name += "/" }
            name += String(decoding: component, as: UTF8.self)
        }
        return isValidIdentifier(name) ? name : nil
    }
}

// MARK: - TZif

extension ZoneInfo.TransitionTable {
    /// Reads a TZif file, or returns `nil` when the bytes are truncated, inconsistent or not TZif.
    init?(tzif bytes: [UInt8]) {
        var reader = ByteReader(bytes: bytes)
        guard let header = reader.header() else { return nil }
        if header.version == 0 {
            guard let block = reader.dataBlock(header, timeSize: 4) else { return nil }
            self = block
            // A version 1 file has no footer; bytes after the block are ignored.
            return
        }
        // Skip the version 1 block, then read the 64-bit one announced by a second header.
        guard reader.skip(header.blockSize(timeSize: 4)), let header64 = reader.header(),
            var table = reader.dataBlock(header64, timeSize: 8)
        else { return nil }
        // The footer: a POSIX TZ string between newlines, possibly empty.
        guard reader.byte() == UInt8(ascii: "\n"), let footer = reader.take(until: UInt8(ascii: "\n")) else {
            return nil
        }
        if !footer.isEmpty {
            guard let rule = ZoneInfo.PosixRule(footer) else { return nil }
            table.footer = rule
        }
        self = table
    }

    /// The counts of a TZif header.
    struct Header {
        var version: UInt8
        var isUTCCount: Int
        var isStandardCount: Int
        var leapCount: Int
        var timeCount: Int
        var typeCount: Int
        var characterCount: Int

        /// Bytes in the data block that follows; counts are below 2³², so this cannot overflow a 64-bit `Int`.
        func blockSize(timeSize: Int) -> Int {
            timeCount * (timeSize + 1) + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
                + isStandardCount + isUTCCount
        }
    }

    /// A bounds-checked cursor over the file's bytes; every read returns `nil` (or `false`) past the end.
    struct ByteReader {
        let bytes: [UInt8]
        var offset = 0

        var remaining: Int { bytes.count - offset }

        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, count <= remaining else { return false }
            offset += count
            return true
        }

        mutating func byte() -> UInt8? {
            guard remaining >= 1 else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func uint32() -> UInt32? {
            guard remaining >= 4 else { return nil }
            defer { offset += 4 }
            return Self.uint32(bytes, at: offset)
        }

        /// The bytes before the next `delimiter`, consuming both; `nil` when there is no delimiter.
        mutating func take(until delimiter: UInt8) -> [UInt8]? {
            guard let end = bytes[offset...].firstIndex(of: delimiter) else { return nil }
            defer { offset = end + 1 }
            return Array(bytes[offset..<end])
        }

        static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
            UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
                | UInt32(bytes[offset + 3])
        }

        static func int64(_ bytes: [UInt8], at offset: Int) -> Int64 {
            Int64(bitPattern: UInt64(uint32(bytes, at: offset)) << 32 | UInt64(uint32(bytes, at: offset + 4)))
        }

        /// Reads and checks a 44-byte header.
        mutating func header() -> Header? {
            guard remaining >= 44, bytes[offset..<offset + 4].elementsEqual("TZif".utf8) else { return nil }
            let version = bytes[offset + 4]
            guard version == 0 || version >= UInt8(ascii: "2") else { return nil }
            offset += 20
            var counts: [Int] = []
            counts.reserveCapacity(6)
            for _ in 0..<6 {
                guard let count = uint32() else { return nil }
                counts.append(Int(count))
            }
            let header = Header(
                version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
                timeCount: counts[3], typeCount: counts[4], characterCount: counts[5])
            // RFC 8536 §3.1: at least one type and one abbreviation byte, types indexed by one byte, and
            // indicator counts either zero or the number of types.
            guard header.typeCount >= 1, header.typeCount <= 256, header.characterCount >= 1,
                header.isUTCCount == 0 || header.isUTCCount == header.typeCount,
                header.isStandardCount == 0 || header.isStandardCount == header.typeCount
            else { return nil }
            return header
        }

        /// Reads and checks the data block described by `header`, with `timeSize`-byte transition times.
        mutating func dataBlock(_ header: Header, timeSize: Int) -> ZoneInfo.TransitionTable? {
            guard header.blockSize(timeSize: timeSize) <= remaining else { return nil }
            let start = offset
            var transitions: [Int64] = []
            transitions.reserveCapacity(header.timeCount)
            for index in 0..<header.timeCount {
                let at = start + index * timeSize
                let time =
                    timeSize == 8 ? Self.int64(bytes, at: at) : Int64(Int32(bitPattern: Self.uint32(bytes, at: at)))
                if let previous = transitions.last, time <= previous { return nil }
                transitions.append(time)
            }
            let indexStart = start + header.timeCount * timeSize
            let typeIndexes = Array(bytes[indexStart..<indexStart + header.timeCount])
            guard typeIndexes.allSatisfy({ Int($0) < header.typeCount }) else { return nil }

            let typeStart = indexStart + header.timeCount
            let characterStart = typeStart + header.typeCount * 6
            let characters = bytes[characterStart..<characterStart + header.characterCount]
            var types: [ZoneInfo.LocalTimeType] = []
            types.reserveCapacity(header.typeCount)
            for index in 0..<header.typeCount {
                let at = typeStart + index * 6
                let offset = Int32(bitPattern: Self.uint32(bytes, at: at))
                let isDST = bytes[at + 4]
                let abbreviationIndex = Int(bytes[at + 5])
                // RFC 8536 §3.2: offsets within (−25 h, +26 h), flags 0 or 1, abbreviations inside the table.
                guard (-89_999...93_599).contains(offset), isDST <= 1, abbreviationIndex < header.characterCount else {
                    return nil
                }
                let from = characterStart + abbreviationIndex
                let to = characters[from...].firstIndex(of: 0) ?? characters.endIndex
                let abbreviation = String(decoding: bytes[from..<to], as: UTF8.self)
                types.append(ZoneInfo.LocalTimeType(offset: Int(offset), isDST: isDST == 1, abbreviation))
            }
            // Leap-second records and the standard/wall and UT/local indicators follow; civil time needs neither.
            offset = start + header.blockSize(timeSize: timeSize)
            return ZoneInfo.TransitionTable(
                transitions: transitions, typeIndexes: typeIndexes, types: types, footer: nil)
        }
    }
}

// MARK: - POSIX TZ strings

extension ZoneInfo {
    /// A POSIX `TZ` string such as `CET-1CEST,M3.5.0,M10.5.0/3`: a standard time, and optionally a daylight
    /// saving time with the yearly rules that start and end it. RFC 8536's extensions are accepted: rule times
    /// from −167 to 167 hours, and daylight saving time all year (`EST5EDT,0/0,J365/25`).
    struct PosixRule: Sendable, Hashable {
        var standard: LocalTimeType
        var daylight: Daylight?

        struct Daylight: Sendable, Hashable {
            var type: LocalTimeType
            /// When daylight saving time starts, in local standard time.
            var start: DateRule
            /// When it ends, in local daylight saving time.
            var end: DateRule
        }

        /// A day of the year and a time of day (in seconds, possibly negative or past midnight).
        struct DateRule: Sendable, Hashable {
            enum Day: Sendable, Hashable {
                /// `Jn`: day 1...365, February 29 never counted.
                case julian(Int)
                /// `n`: day 0...365, February 29 counted in leap years.
                case zeroBased(Int)
                /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1...5, 5 = last) of month `m`.
                case monthWeekDay(month: Int, week: Int, weekday: Int)
            }

            var day: Day
            var time: Int

            /// Days since 1970 of the rule's day in `year`.
            func days(inYear year: Int64) -> Int64 {
                switch day {
                case .julian(let number):
                    let leapDay = number >= 60 && CivilCalendar.isLeapYear(year) ? 1 : 0
                    return CivilCalendar.daysFromCivil(year: year, month: 1, day: 1) + Int64(number - 1 + leapDay)
                case .zeroBased(let number):
                    return CivilCalendar.daysFromCivil(year: year, month: 1, day: 1) + Int64(number)
                case .monthWeekDay(let month, let week, let weekday):
                    let first = CivilCalendar.daysFromCivil(year: year, month: month, day: 1)
                    let firstWeekday = CivilCalendar.weekday(fromDays: first)
                    var day = 1 + (weekday - firstWeekday + 7) % 7 + 7 * (week - 1)
                    let length = CivilCalendar.daysInMonth(year: year, month: month)
                    while day > length { day -= 7 }
                    return first + Int64(day - 1)
                }
            }
        }

        /// Instants beyond this many seconds from 1970 (about 35 million years) are evaluated at the limit.
        static let evaluationLimit: Int64 = 1 << 50

        func localTimeType(at seconds: Int64) -> LocalTimeType {
            guard let daylight else { return standard }
            let instant = min(max(seconds, -Self.evaluationLimit), Self.evaluationLimit)
            let standardOffset = Int64(standard.offset)
            let daylightOffset = Int64(daylight.type.offset)
            let localDays = (instant + standardOffset).floorDivided(by: 86_400)
            let year = CivilCalendar.civilFromDays(localDays).year
            // The latest start or end at or before the instant decides; rule times reach a week beyond their
            // year, so the neighbouring years' changes are considered too. When an end and a start coincide
            // (daylight saving time all year), the start wins.
            var latest = Int64.min
            var isDST = false
            func consider(_ change: Int64, startsDST: Bool) {
                guard change <= instant, change > latest || (change == latest && startsDST) else { return }
                latest = change
                isDST = startsDST
            }
            for candidateYear in year - 2...year + 1 {
                let start = daylight.start.days(inYear: candidateYear) * 86_400 + Int64(daylight.start.time)
                let end = daylight.end.days(inYear: candidateYear) * 86_400 + Int64(daylight.end.time)
                consider(end - daylightOffset, startsDST: false)
                consider(start - standardOffset, startsDST: true)
            }
            return isDST ? daylight.type : standard
        }

        /// Parses a POSIX `TZ` string, or returns `nil` when it is not one.
        init?(_ text: [UInt8]) {
            var parser = Parser(bytes: text)
            guard let rule = parser.rule() else { return nil }
            self = rule
        }

        init(standard: LocalTimeType, daylight: Daylight?) {
            self.standard = standard
            self.daylight = daylight
        }

        /// A recursive-descent reader of the `TZ` grammar; every step returns `nil` on unexpected input.
        struct Parser {
            let bytes: [UInt8]
            var index = 0

            var current: UInt8? { index < bytes.count ? bytes[index] : nil }

            mutating func consume(_ byte: UInt8) -> Bool {
                guard current == byte else { return false }
                index += 1
                return true
            }

            mutating func rule() -> PosixRule? {
                guard let standardName = name(), let standardOffset = offset(maximumHours: 24) else { return nil }
                let standard = LocalTimeType(offset: -standardOffset, isDST: false, standardName)
                guard current != nil else { return PosixRule(standard: standard, daylight: nil) }
                guard let daylightName = name() else { return nil }
                var daylightOffset = standardOffset - 3600
                if let byte = current, byte != UInt8(ascii: ",") {
                    guard let offset = offset(maximumHours: 24) else { return nil }
                    daylightOffset = offset
                }
                let start: DateRule
                let end: DateRule
                if current == nil {
                    // No rule: the United States' rules since 2007, as most C libraries assume.
                    start = DateRule(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
                    end = DateRule(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
                } else {
                    guard consume(UInt8(ascii: ",")), let parsedStart = dateRule(), consume(UInt8(ascii: ",")),
                        let parsedEnd = dateRule(), current == nil
                    else { return nil }
                    start = parsedStart
                    end = parsedEnd
                }
                let daylight = Daylight(
                    type: LocalTimeType(offset: -daylightOffset, isDST: true, daylightName), start: start, end: end)
                return PosixRule(standard: standard, daylight: daylight)
            }

            /// `<+0330>` (letters, digits, `+`, `-`) or `CET` (letters), at least three characters.
            mutating func name() -> String? {
                let from: Int
                let to: Int
                if consume(UInt8(ascii: "<")) {
                    from = index
                    while let byte = current,
                        ASCII.isAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                    {
                        index += 1
                    }
                    to = index
                    guard consume(UInt8(ascii: ">")) else { return nil }
                } else {
                    from = index
                    while let byte = current, ASCII.isLetter(byte) { index += 1 }
                    to = index
                }
                guard to - from >= 3 else { return nil }
                return String(decoding: bytes[from..<to], as: UTF8.self)
            }

            /// An unsigned number of at most `maximumDigits` digits.
            mutating func number(maximumDigits: Int) -> Int? {
                var value = 0
                var digits = 0
                while let byte = current, ASCII.isDigit(byte) {
                    guard digits < maximumDigits else { return nil }
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                    digits += 1
                    index += 1
                }
                return digits > 0 ? value : nil
            }

            /// `[+-]hh[:mm[:ss]]` in seconds, `-` giving a negative value.
            mutating func offset(maximumHours: Int) -> Int? {
                var sign = 1
                if consume(UInt8(ascii: "-")) {
                    sign = -1
                } else {
                    _ = consume(UInt8(ascii: "+"))
                }
                guard let hours = number(maximumDigits: 3), hours <= maximumHours else { return nil }
                var seconds = hours * 3600
                for multiplier in [60, 1] {
                    guard consume(UInt8(ascii: ":")) else { break }
                    guard let value = number(maximumDigits: 2), value <= 59 else { return nil }
                    seconds += value * multiplier
                }
                return sign * seconds
            }

            /// `Jn`, `n` or `Mm.w.d`, then an optional `/time` (default 02:00).
            mutating func dateRule() -> DateRule? {
                let day: DateRule.Day
                if consume(UInt8(ascii: "J")) {
                    guard let number = number(maximumDigits: 3), (1...365).contains(number) else { return nil }
                    day = .julian(number)
                } else if consume(UInt8(ascii: "M")) {
                    guard let month = number(maximumDigits: 2), (1...12).contains(month), consume(UInt8(ascii: ".")),
                        let week = number(maximumDigits: 1), (1...5).contains(week), consume(UInt8(ascii: ".")),
                        let weekday = number(maximumDigits: 1), weekday <= 6
                    else { return nil }
                    day = .monthWeekDay(month: month, week: week, weekday: weekday)
                } else {
                    guard let number = number(maximumDigits: 3), number <= 365 else { return nil }
                    day = .zeroBased(number)
                }
                var time = 7200
                if consume(UInt8(ascii: "/")) {
                    guard let parsed = offset(maximumHours: 167) else { return nil }
                    time = parsed
                }
                return DateRule(day: day, time: time)
            }
        }
    }
}

extension Int64 {
    /// The quotient rounded towards minus infinity (`-1 / 86_400` is `-1`, not `0`).
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

// MARK: - Civil calendar

/// Proleptic Gregorian calendar arithmetic on day numbers counted from 1970-01-01 (day 0), for time zone rules
/// and date formatting. Years are astronomical: year 0 is 1 BC.
package enum CivilCalendar {
    /// Days from 1970-01-01 to `year-month-day`; `month` 1...12, `day` 1...31 (larger days run into later months).
    package static func daysFromCivil(year: Int64, month: Int, day: Int) -> Int64 {
        // Count years from March, so that the leap day ends the year, in 400-year eras of 146 097 days.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = Int64((month + 9) % 12)
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of the day `days` after 1970-01-01 (negative before).
    static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthFromMarch + 2) / 5 + 1)
        let month = Int(monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9)
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// The weekday of the day `days` after 1970-01-01: 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday).
    static func weekday(fromDays days: Int64) -> Int {
        let remainder = Int((days + 4) % 7)
        return remainder < 0 ? remainder + 7 : remainder
    }

    static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days in `month` (1...12) of `year`.
    static func daysInMonth(year: Int64, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// The environment and the zone database read with plain POSIX calls (on every platform: Darwin has them, and
/// `databaseDirectories()` and `resolveCurrent(tz:)` use them there too): a widget process resolves its zone
/// on every start, and `ProcessInfo.environment` (a dictionary of every variable) and `FileManager` cost it
/// more than the TZif parse (420,000 instructions for the environment alone, of 8.3 million in all).
enum SystemFiles {
    /// The value of the environment variable `name`, or `nil` when it is unset.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them, or `nil` when it cannot be read or is
    /// larger (a TZif file is a few kilobytes).
    static func contents(atPath path: String, limit: Int = 1 << 20) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { return nil }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { return nil }
            bytes += chunk[..<count]
        }
    }

    /// Where the symbolic link at `path` points, or `nil` when it is not one.
    static func destinationOfSymbolicLink(atPath path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return -1 }
            return readlink(path, base, buffer.count)
        }
        guard count > 0, count < buffer.count else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
