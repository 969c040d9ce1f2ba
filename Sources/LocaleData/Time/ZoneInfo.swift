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
    package init?<Bytes: Collection>(identifier: String, tzif bytes: Bytes) where Bytes.Element == UInt8 {
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
    package func secondsFromGMT(atUnixTime seconds: Int64) -> Int {
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
    package func isDaylightSavingTime(atUnixTime seconds: Int64) -> Bool {
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
    package func abbreviation(atUnixTime seconds: Int64) -> String {
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
