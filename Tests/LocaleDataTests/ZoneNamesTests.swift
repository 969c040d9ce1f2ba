import Foundation
import Testing

@testable import LocaleData

/// The choices ZoneNames makes by a zone's rules, and zones ICU has no names for; the names themselves are
/// checked against ICU by `ZoneNamesCorpusTests` (I18nCoreTests). Expected strings are ICU4C 77.1's.
@Suite struct ZoneNamesTests {
    static let january2025: Int64 = 1_736_942_400  // 2025-01-15T12:00:00Z
    static let july2025: Int64 = 1_752_580_800  // 2025-07-15T12:00:00Z

    func fields(_ zone: ZoneInfo, at seconds: Int64, locale: String = "en") throws -> [String] {
        let names = ZoneNames.names(for: try LocaleTag(locale))
        let digits = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
        return [("z", 1), ("z", 4), ("v", 1), ("v", 4), ("V", 1), ("V", 2), ("V", 3), ("V", 4), ("O", 1), ("X", 3)]
            .map { names.format($0.0, count: $0.1, zone: zone, atUnixTime: seconds, digits: digits) }
    }

    /// The database's main form flags Dublin's winter as (negative) daylight saving time; ICU's data and CLDR's
    /// names count its summer as the daylight time. The POSIX footer alone says the same.
    @Test func summerTimeIsTheTimeAheadEvenWhenTheDatabaseFlagsWinter() throws {
        let dublin = try #require(ZoneInfo(identifier: "Europe/Dublin"))
        #expect(dublin.isDaylightSavingTime(atUnixTime: Self.january2025))
        #expect(!dublin.isSummerTime(atUnixTime: Self.january2025))
        #expect(dublin.isSummerTime(atUnixTime: Self.july2025))
        let footer = ZoneInfo.resolveCurrent(tz: "IST-1GMT0,M10.5.0,M3.5.0/1")
        #expect(!footer.isSummerTime(atUnixTime: Self.january2025))
        #expect(footer.isSummerTime(atUnixTime: Self.july2025))
        let newYork = try #require(ZoneInfo(identifier: "America/New_York"))
        #expect(!newYork.isSummerTime(atUnixTime: Self.january2025))
        #expect(newYork.isSummerTime(atUnixTime: Self.july2025))
        #expect(!ZoneInfo.utc.isSummerTime(atUnixTime: Self.july2025))
        #expect(try fields(dublin, at: Self.january2025)[1] == "Greenwich Mean Time")
        #expect(try fields(dublin, at: Self.july2025)[1] == "Irish Standard Time")
    }

    /// ICU's "uses daylight saving time around the instant": the last change within 184 days came out of it, or
    /// the next one goes into it.
    @Test func daylightSavingTimeNearAnInstant() throws {
        let range: Int64 = 184 * 86_400
        let newYork = try #require(ZoneInfo(identifier: "America/New_York"))
        #expect(newYork.observesDaylightSavingTime(near: Self.january2025, within: range))
        #expect(!newYork.observesDaylightSavingTime(near: Self.january2025, within: 30 * 86_400))
        for name in ["Asia/Tokyo", "America/Phoenix", "Asia/Kolkata"] {
            let zone = try #require(ZoneInfo(identifier: name))
            #expect(!zone.observesDaylightSavingTime(near: Self.july2025, within: range), "\(name)")
        }
        // Brazil ended daylight saving time in February 2019: near it in 2019, not in 2025.
        let saoPaulo = try #require(ZoneInfo(identifier: "America/Sao_Paulo"))
        #expect(saoPaulo.observesDaylightSavingTime(near: 1_556_712_000, within: range))  // 2019-05-01
        #expect(!saoPaulo.observesDaylightSavingTime(near: Self.july2025, within: range))
        let footer = ZoneInfo.resolveCurrent(tz: "EST5EDT,M3.2.0,M11.1.0")
        #expect(footer.observesDaylightSavingTime(near: 4_102_444_800, within: range))  // 2100-01-01
    }

    @Test func aWallClockTimeReadsTheOffsetICUReads() throws {
        let newYork = try #require(ZoneInfo(identifier: "America/New_York"))
        let local: Int64 = 1_741_478_400  // 2025-03-09T00:00 local
        #expect(newYork.secondsFromGMT(atLocalTime: local + 2 * 3600 + 1800) == -18_000)  // skipped: before
        #expect(newYork.secondsFromGMT(atLocalTime: local + 4 * 3600) == -14_400)
        let fallBack: Int64 = 1_762_041_600  // 2025-11-02T00:00 local
        #expect(newYork.secondsFromGMT(atLocalTime: fallBack + 3600 + 1800) == -18_000)  // repeated: after
        #expect(newYork.secondsFromGMT(atLocalTime: fallBack + 1800) == -14_400)
    }

    /// A fixed offset is no zone ICU has names for: GMT formats, `unk`, and the unknown city.
    @Test func aFixedOffsetHasOnlyGMTFormats() throws {
        #expect(
            try fields(ZoneInfo(secondsFromGMT: 19_800), at: Self.july2025) == [
                "GMT+5:30", "GMT+05:30", "GMT+5:30", "GMT+05:30", "unk", "GMT+05:30", "Unknown City", "GMT+05:30",
                "GMT+5:30", "+05:30",
            ])
    }

    /// Before 1970 no zone has a metazone (metaZones.res starts there): New York's names fall back to GMT and
    /// its location.
    @Test func before1970ThereAreNoMetazoneNames() throws {
        let newYork = try #require(ZoneInfo(identifier: "America/New_York"))
        #expect(
            try fields(newYork, at: -141_868_800) == [  // 1965-07-04T00:00:00Z
                "GMT-4", "GMT-04:00", "New York Time", "New York Time", "usnyc", "America/New_York", "New York",
                "New York Time", "GMT-4", "-04:00",
            ])
    }

    /// Aliases resolve to CLDR's canonical IDs as ICU's do, and the ID field keeps the name the zone was asked by.
    @Test func aliasesResolveToCanonicalIDs() throws {
        #expect(ZoneNameData.canonicalID("US/Eastern") == "America/New_York")
        #expect(ZoneNameData.canonicalID("Asia/Kolkata") == "Asia/Calcutta")
        #expect(ZoneNameData.canonicalID("UTC") == "Etc/UTC")
        #expect(ZoneNameData.canonicalID("America/New_York") == "America/New_York")
        #expect(ZoneNameData.canonicalID("GMT+05:30") == nil)
        let kolkata = try #require(ZoneInfo(identifier: "Asia/Kolkata"))
        #expect(try fields(kolkata, at: Self.july2025)[4...6] == ["inccu", "Asia/Kolkata", "Kolkata"])
    }

    @Test(
        arguments: [
            ("v", 1, true), ("v", 2, false), ("v", 3, false), ("v", 4, true), ("v", 5, false), ("O", 1, true),
            ("O", 2, false), ("O", 4, true), ("V", 4, true), ("V", 5, false), ("X", 5, true), ("X", 6, false),
            ("x", 6, false), ("z", 6, true), ("Z", 6, true),
        ] as [(String, Int, Bool)])
    func zoneFieldLengthsICUFormats(_ letter: String, _ count: Int, _ known: Bool) {
        #expect(ZoneNames.isKnownZoneField(letter.unicodeScalars.first!, count: count) == known)
    }
}
