@_spi(WidgetI18nSupport) import WidgetI18nSupport

/// A locale's time-zone display names, and the zone fields of a date pattern formatted with them as ICU4C 77.1's
/// `TimeZoneFormat` does: `z`…`zzz` (short specific: `EST`), `zzzz` (long specific: `Eastern Standard Time`), `v`
/// (short generic: `ET`), `vvvv` (long generic: `Eastern Time`), `V` (short ID: `usnyc`), `VV` (the zone's ID),
/// `VVV` (exemplar city: `New York`), `VVVV` (generic location: `New York Time`), `O` and `OOOO` (localized GMT:
/// `GMT-5`, `GMT-05:00`), `Z`, `X` and `x` (ISO 8601: `-0500`, `-05:00`, `Z`).
///
/// Each name falls back as ICU's does: a specific name to the localized GMT format; a generic name to the
/// zone's standard name when the zone has no daylight saving time within 184 days, to a partial location
/// (`Mountain Time (Phoenix)`) when the zone's offset differs from its metazone's golden zone, then to the
/// generic location format; the generic location format names the region when the zone is its only or primary
/// zone (`Türkiye Time`), else the exemplar city (`Los Angeles Time`), and falls back to the GMT format for a
/// zone without a region (`UTC`). Names come from `ZoneNameData`, read once per locale and name.
package final class ZoneNames: Sendable {
    /// The records of the locale's chain, itself first, read in place.
    private let chain: PackedRecords.Chain
    /// The region ICU's generic names prefer for golden zones: the locale's own, else its likely region.
    private let targetRegion: String
    private let gmtPrefix: String
    private let gmtSuffix: String
    private let gmtZero: String
    /// `+H`, `+H:mm`, `+H:mm:ss`, `-H`, `-H:mm`, `-H:mm:ss`, parsed.
    private let offsetPatterns: [[OffsetPart]]
    private let regionFormat: String
    private let fallbackFormat: String
    /// Values read so far, by key (`nil`: the chain has none).
    private let values = BoundedCache<String?>(capacity: 1024)

    private enum OffsetPart {
        case text(String)
        case hours
        case minutes
        case seconds
    }

    private static let cache = BoundedCache<ZoneNames>(capacity: 256)

    /// The names of `locale`, read on first use.
    package static func names(for locale: LocaleTag) -> ZoneNames {
        let id = CLDRData.dataLocale(for: locale)
        let key = id + "/" + (locale.region ?? "")
        return cache.value(forKey: key) { ZoneNames(id: id, region: locale.region) }
    }

    private init(id: String, region: String?) {
        let chain = PackedRecords.Chain(records: CLDRData.chain(from: id).compactMap { ZoneNameData.record("l/" + $0) })
        self.chain = chain
        var found: [String: String] = [:]
        for key in ["r", "gmt", "gmtZero", "hour", "region", "fallback"] { found[key] = chain[key] }
        targetRegion = region ?? found["r"] ?? "001"
        let gmt = (found["gmt"] ?? "GMT\u{1D}").split(separator: "\u{1D}", omittingEmptySubsequences: false)
        gmtPrefix = gmt.first.map(String.init) ?? "GMT"
        gmtSuffix = gmt.count > 1 ? String(gmt[1]) : ""
        gmtZero = found["gmtZero"] ?? "GMT"
        var patterns = (found["hour"] ?? "").split(separator: "\u{1D}").map(String.init)
        if patterns.count != 6 { patterns = ["+H", "+H:mm", "+H:mm:ss", "-H", "-H:mm", "-H:mm:ss"] }
        offsetPatterns = patterns.map(Self.parseOffsetPattern)
        regionFormat = found["region"] ?? "{0}"
        fallbackFormat = found["fallback"] ?? "{1} ({0})"
    }

    /// The locale's value for `key`, through its chain, cached.
    private func value(_ key: String) -> String? {
        values.value(forKey: key) { chain[key] }
    }

    // MARK: Formatting a field

    /// The zone field `letter` × `count` of a date pattern for `zone` at an instant, with the locale's `digits`
    /// in the localized GMT format; empty for a length ICU formats as nothing (`vv`, `OO`).
    /// - Parameters:
    ///   - letter: `z`, `Z`, `O`, `v`, `V`, `X` or `x`.
    ///   - count: how many times the letter is repeated.
    ///   - zone: the zone the date is shown in.
    ///   - seconds: the instant, in seconds since 1970 UTC.
    ///   - digits: the ten digits of the locale's numbering system.
    package func format(
        _ letter: Unicode.Scalar, count: Int, zone: ZoneInfo, atUnixTime seconds: Int64, digits: [String]
    ) -> String {
        let offset = zone.secondsFromGMT(atUnixTime: seconds)
        switch letter {
        case "z":
            let isShort = count < 4
            return specificName(zone, isShort: isShort, at: seconds)
                ?? localizedGMT(offset, isShort: isShort, digits: digits)
        case "Z":
            if count < 4 { return Self.iso8601(offset, basic: true, utcIndicator: false, short: false, seconds: true) }
            if count == 5 { return Self.iso8601(offset, basic: false, utcIndicator: true, short: false, seconds: true) }
            return localizedGMT(offset, isShort: false, digits: digits)
        case "O":
            guard count == 1 || count == 4 else { return "" }
            return localizedGMT(offset, isShort: count == 1, digits: digits)
        case "v":
            guard count == 1 || count == 4 else { return "" }
            return genericName(zone, isShort: count == 1, at: seconds)
                ?? localizedGMT(offset, isShort: count == 1, digits: digits)
        case "V":
            switch count {
            case 1: return ZoneNameData.zone(zone.identifier)?.shortID ?? "unk"
            case 2: return zone.identifier
            case 3: return exemplarLocation(zone)
            case 4:
                return ZoneNameData.zone(zone.identifier).flatMap(genericLocation)
                    ?? localizedGMT(offset, isShort: false, digits: digits)
            default: return ""
            }
        case "X", "x":
            let utcIndicator = letter == "X"
            switch count {
            case 1: return Self.iso8601(offset, basic: true, utcIndicator: utcIndicator, short: true, seconds: false)
            case 2: return Self.iso8601(offset, basic: true, utcIndicator: utcIndicator, short: false, seconds: false)
            case 3: return Self.iso8601(offset, basic: false, utcIndicator: utcIndicator, short: false, seconds: false)
            case 4: return Self.iso8601(offset, basic: true, utcIndicator: utcIndicator, short: false, seconds: true)
            case 5: return Self.iso8601(offset, basic: false, utcIndicator: utcIndicator, short: false, seconds: true)
            default: return ""
            }
        default:
            return ""
        }
    }

    /// Whether ICU formats `letter` × `count` as something: `vv`, `vvv`, `OO`, `OOO`, five or more `v`, `O`, `V`
    /// and six or more `X` or `x` print nothing, which `MessageParser` reports as a mistake.
    /// - Parameters:
    ///   - letter: a pattern letter.
    ///   - count: how many times it is repeated.
    package static func isKnownZoneField(_ letter: Unicode.Scalar, count: Int) -> Bool {
        switch letter {
        case "v", "O": count == 1 || count == 4
        case "V": count <= 4
        case "X", "x": count <= 5
        default: true
        }
    }

    /// Whether the zone field `letter` × `count` reads the locale's zone names (its names, cities, region
    /// names and localized GMT format) rather than printing an offset or an ID.
    /// - Parameters:
    ///   - letter: a pattern letter.
    ///   - count: how many times it is repeated.
    package static func readsNames(_ letter: Unicode.Scalar, count: Int) -> Bool {
        switch letter {
        case "z", "v", "O": true
        case "V": count >= 3
        case "Z": count == 4
        default: false
        }
    }

    // MARK: Names

    /// `index` 0–5: long generic, long standard, long daylight, short generic, short standard, short daylight.
    private func names(_ key: String) -> [String]? {
        guard let value = value(key) else { return nil }
        let names = value.split(separator: "\u{1D}", omittingEmptySubsequences: false).map(String.init)
        return names.count == 6 ? names : nil
    }

    private func zoneName(_ zone: ZoneNameData.Zone, _ index: Int) -> String? {
        guard let name = names("t\(zone.number)")?[index], !name.isEmpty else { return nil }
        return name
    }

    private func metazoneName(_ metazone: String, _ index: Int) -> String? {
        guard let number = ZoneNameData.metazone(metazone)?.number, let name = names("m\(number)")?[index],
            !name.isEmpty
        else { return nil }
        return name
    }

    /// `TimeZoneNames::getDisplayName`: the zone's own name of that type, else its metazone's at the instant.
    private func displayName(_ zone: ZoneNameData.Zone, _ index: Int, at seconds: Int64) -> String? {
        if let name = zoneName(zone, index) { return name }
        return zone.metazone(atUnixTime: seconds).flatMap { metazoneName($0, index) }
    }

    /// `zzzz` and `z`: the standard or daylight name, by the zone's rules at the instant.
    private func specificName(_ info: ZoneInfo, isShort: Bool, at seconds: Int64) -> String? {
        guard let zone = ZoneNameData.zone(info.identifier) else { return nil }
        let daylight = info.isSummerTime(atUnixTime: seconds)
        return displayName(zone, (isShort ? 3 : 0) + (daylight ? 2 : 1), at: seconds)
    }

    /// The range within which a daylight-saving change keeps a generic name from becoming the standard one.
    private static let daylightCheckRange: Int64 = 184 * 86_400

    /// `vvvv` and `v` (`TimeZoneGenericNames`): the generic name, else the generic location format.
    private func genericName(_ info: ZoneInfo, isShort: Bool, at seconds: Int64) -> String? {
        guard let zone = ZoneNameData.zone(info.identifier) else { return nil }
        let generic = isShort ? 3 : 0
        if let name = zoneName(zone, generic) { return name }
        if let metazone = zone.metazone(atUnixTime: seconds),
            let name = genericNonLocationName(
                info, zone, metazone: metazone, generic: generic, at: seconds)
        {
            return name
        }
        return genericLocation(zone)
    }

    private func genericNonLocationName(
        _ info: ZoneInfo, _ zone: ZoneNameData.Zone, metazone: String, generic: Int, at seconds: Int64
    ) -> String? {
        let daylight = info.isSummerTime(atUnixTime: seconds)
        // A zone without daylight saving time around the instant shows its standard name (India Standard Time),
        // unless the locale's standard name is its generic one.
        if !daylight, !info.observesDaylightSavingTime(near: seconds, within: Self.daylightCheckRange),
            let standard = displayName(zone, generic + 1, at: seconds)
        {
            let genericName = metazoneName(metazone, generic)
            if genericName.map({ !Self.equalIgnoringCase($0, standard) }) ?? true { return standard }
        }
        guard let name = metazoneName(metazone, generic) else { return nil }
        guard let golden = ZoneNameData.metazone(metazone)?.referenceZone(for: targetRegion), golden != zone.id
        else { return name }
        // The metazone's name fits the zone only when it keeps the golden zone's time at that moment.
        let offset = info.secondsFromGMT(atUnixTime: seconds)
        let goldenZone = ZoneInfo(identifier: golden)
        let wallTime = seconds + Int64(offset)
        let goldenOffset = goldenZone.map { $0.secondsFromGMT(atLocalTime: wallTime) } ?? 0
        let goldenDaylight =
            goldenZone?.isSummerTime(atUnixTime: wallTime - Int64(goldenOffset)) ?? false
        if goldenOffset == offset, goldenDaylight == daylight { return name }
        return partialLocation(zone, metazone: metazone, name: name)
    }

    /// `Mountain Time (Phoenix)`: the metazone's name with the zone's region (when it is the region's golden zone
    /// of the metazone) or city, in the fallback format.
    private func partialLocation(_ zone: ZoneNameData.Zone, metazone: String, name: String) -> String {
        let location: String
        if let region = zone.region {
            if ZoneNameData.metazone(metazone)?.referenceZone(for: region) == zone.id {
                location = regionName(region)
            } else {
                location = exemplarCity(zone) ?? ""
            }
        } else {
            location = exemplarCity(zone) ?? zone.id
        }
        return fallbackFormat.replacingPlaceholder(0, with: location).replacingPlaceholder(1, with: name)
    }

    /// `VVVV`: `{region} Time` for a region's only or primary zone, `{city} Time` for the others; none for a zone
    /// without a region.
    private func genericLocation(_ zone: ZoneNameData.Zone) -> String? {
        guard let region = zone.region else { return nil }
        let location = zone.locationNamesRegion ? regionName(region) : exemplarCity(zone) ?? ""
        return regionFormat.replacingPlaceholder(0, with: location)
    }

    /// `VVV`: the city, else the unknown zone's (`Unknown City`).
    private func exemplarLocation(_ info: ZoneInfo) -> String {
        if let zone = ZoneNameData.zone(info.identifier), let city = exemplarCity(zone) { return city }
        if let unknown = ZoneNameData.zone("Etc/Unknown"), let city = exemplarCity(unknown) { return city }
        return "Unknown"
    }

    /// The locale's exemplar city of the zone, else the last part of its ID with `_` as space (none for `Etc/…`).
    private func exemplarCity(_ zone: ZoneNameData.Zone) -> String? {
        if let city = value("e\(zone.number)") { return city }
        let id = zone.id
        guard !id.hasPrefix("Etc/"), !id.hasPrefix("SystemV/"), !id.contains("Riyadh8"),
            let slash = id.lastIndex(of: "/")
        else { return nil }
        let last = id[id.index(after: slash)...]
        return last.isEmpty ? nil : String(last.map { $0 == "_" ? " " : $0 })
    }

    private func regionName(_ region: String) -> String {
        value("c" + region) ?? region
    }

    private static func equalIgnoringCase(_ first: String, _ second: String) -> Bool {
        first == second || first.lowercased() == second.lowercased()
    }

    // MARK: Offsets

    /// `GMT-5` (short) or `GMT-05:00`, in the locale's words and digits; the zero format at offset 0.
    private func localizedGMT(_ offset: Int, isShort: Bool, digits: [String]) -> String {
        guard offset != 0 else { return gmtZero }
        guard abs(offset) < 86_400 else { return "" }
        let magnitude = abs(offset)
        let (hours, minutes, seconds) = (magnitude / 3600, magnitude / 60 % 60, magnitude % 60)
        let index = (offset < 0 ? 3 : 0) + (seconds != 0 ? 2 : minutes != 0 || !isShort ? 1 : 0)
        var text = gmtPrefix
        for part in offsetPatterns[index] {
            switch part {
            case .text(let literal): text += literal
            case .hours: text += Self.digits(hours, minimum: isShort ? 1 : 2, digits)
            case .minutes: text += Self.digits(minutes, minimum: 2, digits)
            case .seconds: text += Self.digits(seconds, minimum: 2, digits)
            }
        }
        return text + gmtSuffix
    }

    private static func digits(_ value: Int, minimum: Int, _ digits: [String]) -> String {
        var text = ""
        if value < 10, minimum == 2 { text += digits[0] }
        if value >= 10 { text += digits[value / 10] }
        return text + digits[value % 10]
    }

    /// An offset pattern of ICU's (`+HH:mm`, `'GMT'`…): runs of `H`, `m` and `s` are fields, quotes literal text.
    private static func parseOffsetPattern(_ pattern: String) -> [OffsetPart] {
        var parts: [OffsetPart] = []
        var text = ""
        var inQuote = false
        var previousQuote = false
        var previousField: Unicode.Scalar?
        for scalar in pattern.unicodeScalars {
            if scalar == "'" {
                if previousQuote { text += "'" }
                previousQuote.toggle()
                inQuote.toggle()
                previousField = nil
                continue
            }
            previousQuote = false
            if !inQuote, scalar == "H" || scalar == "m" || scalar == "s" {
                if previousField == scalar { continue }
                if !text.isEmpty {
                    parts.append(.text(text))
                    text = ""
                }
                parts.append(scalar == "H" ? .hours : scalar == "m" ? .minutes : .seconds)
                previousField = scalar
                continue
            }
            previousField = nil
            text.unicodeScalars.append(scalar)
        }
        if !text.isEmpty { parts.append(.text(text)) }
        return parts
    }

    /// ISO 8601 offsets in ASCII: basic (`-0500`) or extended (`-05:00`), hours alone when `short` and the
    /// minutes are zero, seconds only when `seconds` and they are not zero, `Z` for zero when `utcIndicator`.
    private static func iso8601(_ offset: Int, basic: Bool, utcIndicator: Bool, short: Bool, seconds: Bool) -> String {
        let magnitude = abs(offset)
        if utcIndicator, magnitude == 0 || (!seconds && magnitude < 60) { return "Z" }
        guard magnitude < 86_400 else { return "" }
        let fields = [magnitude / 3600, magnitude / 60 % 60, magnitude % 60]
        var last = seconds ? 2 : 1
        let first = short ? 0 : 1
        while last > first, fields[last] == 0 { last -= 1 }
        let negative = offset < 0 && fields[0...last].contains { $0 != 0 }
        var text = negative ? "-" : "+"
        for index in 0...last {
            if index > 0, !basic { text += ":" }
            text += (fields[index] < 10 ? "0" : "") + String(fields[index])
        }
        return text
    }
}
