import Foundation
import TestSupport
import Testing

@testable import LocaleData

/// Local time in `zone` at `unixTime`, as Python's `zoneinfo` and glibc's `localtime` gave it with the
/// system's tzdata 2025b (`isDST` is the database's flag, so winter in Dublin counts as daylight saving time).
struct ZoneOffsetCase: Sendable, CustomTestStringConvertible {
    let zone: String
    let unixTime: Int64
    let offset: Int
    let isDST: Bool
    let abbreviation: String

    init(_ zone: String, _ unixTime: Int64, _ offset: Int, _ isDST: Bool, _ abbreviation: String) {
        self.zone = zone
        self.unixTime = unixTime
        self.offset = offset
        self.isDST = isDST
        self.abbreviation = abbreviation
    }

    var testDescription: String { "\(zone) at \(unixTime)" }
}

/// Each DST change of 2024 one second before and at the change, times before the first transition (LMT), and
/// far-future instants that only the file's POSIX footer covers.
private let databaseCases: [ZoneOffsetCase] = [
    .init("America/New_York", -3_786_825_600, -17_762, false, "LMT"),  // 1850-01-01 00:00:00 UTC
    .init("America/New_York", -2_717_650_800, -18_000, false, "EST"),  // 1883-11-18 17:00:00 UTC
    .init("America/New_York", 1_710_053_999, -18_000, false, "EST"),  // 2024-03-10 06:59:59 UTC
    .init("America/New_York", 1_710_054_000, -14_400, true, "EDT"),  // 2024-03-10 07:00:00 UTC
    .init("America/New_York", 1_730_613_599, -14_400, true, "EDT"),  // 2024-11-03 05:59:59 UTC
    .init("America/New_York", 1_730_613_600, -18_000, false, "EST"),  // 2024-11-03 06:00:00 UTC
    .init("America/New_York", 3_802_550_400, -14_400, true, "EDT"),  // 2090-07-01 00:00:00 UTC
    .init("America/New_York", 3_815_769_600, -18_000, false, "EST"),  // 2090-12-01 00:00:00 UTC
    .init("Europe/Berlin", -2_524_521_600, 3208, false, "LMT"),  // 1890-01-01 00:00:00 UTC
    .init("Europe/Berlin", 1_711_846_799, 3600, false, "CET"),  // 2024-03-31 00:59:59 UTC
    .init("Europe/Berlin", 1_711_846_800, 7200, true, "CEST"),  // 2024-03-31 01:00:00 UTC
    .init("Europe/Berlin", 1_729_990_799, 7200, true, "CEST"),  // 2024-10-27 00:59:59 UTC
    .init("Europe/Berlin", 1_729_990_800, 3600, false, "CET"),  // 2024-10-27 01:00:00 UTC
    .init("Europe/Berlin", 3_945_888_000, 3600, false, "CET"),  // 2095-01-15 00:00:00 UTC
    .init("Europe/Berlin", 3_961_526_400, 7200, true, "CEST"),  // 2095-07-15 00:00:00 UTC
    .init("Asia/Kolkata", 0, 19_800, false, "IST"),  // 1970-01-01 00:00:00 UTC
    .init("Asia/Kolkata", 4_102_444_800, 19_800, false, "IST"),  // 2100-01-01 00:00:00 UTC
    .init("Australia/Sydney", 1_712_419_199, 39_600, true, "AEDT"),  // 2024-04-06 15:59:59 UTC
    .init("Australia/Sydney", 1_712_419_200, 36_000, false, "AEST"),  // 2024-04-06 16:00:00 UTC
    .init("Australia/Sydney", 1_728_143_999, 36_000, false, "AEST"),  // 2024-10-05 15:59:59 UTC
    .init("Australia/Sydney", 1_728_144_000, 39_600, true, "AEDT"),  // 2024-10-05 16:00:00 UTC
    .init("Australia/Sydney", 3_471_292_800, 39_600, true, "AEDT"),  // 2080-01-01 00:00:00 UTC
    .init("Australia/Sydney", 3_487_017_600, 36_000, false, "AEST"),  // 2080-07-01 00:00:00 UTC
    .init("America/Sao_Paulo", 1_420_070_400, -7200, true, "-02"),  // 2015-01-01 00:00:00 UTC
    .init("America/Sao_Paulo", 2_840_140_800, -10_800, false, "-03"),  // 2060-01-01 00:00:00 UTC
    .init("Asia/Tehran", 1_622_505_600, 16_200, true, "+0430"),  // 2021-06-01 00:00:00 UTC
    .init("Asia/Tehran", 2_537_654_400, 12_600, false, "+0330"),  // 2050-06-01 00:00:00 UTC
    .init("Pacific/Chatham", 1_712_411_999, 49_500, true, "+1345"),  // 2024-04-06 13:59:59 UTC
    .init("Pacific/Chatham", 1_712_412_000, 45_900, false, "+1245"),  // 2024-04-06 14:00:00 UTC
    .init("Pacific/Chatham", 1_727_531_999, 45_900, false, "+1245"),  // 2024-09-28 13:59:59 UTC
    .init("Pacific/Chatham", 1_727_532_000, 49_500, true, "+1345"),  // 2024-09-28 14:00:00 UTC
    .init("Pacific/Chatham", 3_155_760_000, 49_500, true, "+1345"),  // 2070-01-01 00:00:00 UTC
    .init("Pacific/Chatham", 3_171_398_400, 45_900, false, "+1245"),  // 2070-07-01 00:00:00 UTC
    .init("Europe/Dublin", 1_711_846_799, 0, true, "GMT"),  // 2024-03-31 00:59:59 UTC
    .init("Europe/Dublin", 1_711_846_800, 3600, false, "IST"),  // 2024-03-31 01:00:00 UTC
    .init("Europe/Dublin", 1_729_990_799, 3600, false, "IST"),  // 2024-10-27 00:59:59 UTC
    .init("Europe/Dublin", 1_729_990_800, 0, true, "GMT"),  // 2024-10-27 01:00:00 UTC
    .init("Europe/Dublin", 3_155_760_000, 0, true, "GMT"),  // 2070-01-01 00:00:00 UTC
    .init("Europe/Dublin", 3_171_398_400, 3600, false, "IST"),  // 2070-07-01 00:00:00 UTC
    .init("Africa/Casablanca", 1_710_035_999, 3600, false, "+01"),  // 2024-03-10 01:59:59 UTC
    .init("Africa/Casablanca", 1_710_036_000, 0, true, "+00"),  // 2024-03-10 02:00:00 UTC
    .init("Africa/Casablanca", 1_713_059_999, 0, true, "+00"),  // 2024-04-14 01:59:59 UTC
    .init("Africa/Casablanca", 1_713_060_000, 3600, false, "+01"),  // 2024-04-14 02:00:00 UTC
    .init("America/St_Johns", 1_710_048_599, -12_600, false, "NST"),  // 2024-03-10 05:29:59 UTC
    .init("America/St_Johns", 1_710_048_600, -9000, true, "NDT"),  // 2024-03-10 05:30:00 UTC
    .init("America/St_Johns", 1_730_608_199, -9000, true, "NDT"),  // 2024-11-03 04:29:59 UTC
    .init("America/St_Johns", 1_730_608_200, -12_600, false, "NST"),  // 2024-11-03 04:30:00 UTC
    .init("America/St_Johns", 4_070_908_800, -12_600, false, "NST"),  // 2099-01-01 00:00:00 UTC
    .init("America/St_Johns", 4_086_547_200, -9000, true, "NDT"),  // 2099-07-01 00:00:00 UTC
    .init("UTC", 7_258_118_400, 0, false, "UTC"),  // 2200-01-01 00:00:00 UTC
]

/// POSIX `TZ` strings given as the `TZ` variable, checked against Python's `zoneinfo` (a TZif file holding only
/// the footer) and, for the zero-based `n` days that Python places a day early, against glibc.
private let posixCases: [ZoneOffsetCase] = [
    .init("EST5EDT,M3.2.0,M11.1.0", 1_710_053_999, -18_000, false, "EST"),  // 2024-03-10 06:59:59 UTC
    .init("EST5EDT,M3.2.0,M11.1.0", 1_710_054_000, -14_400, true, "EDT"),  // 2024-03-10 07:00:00 UTC
    .init("EST5EDT,M3.2.0,M11.1.0", 1_730_613_599, -14_400, true, "EDT"),  // 2024-11-03 05:59:59 UTC
    .init("EST5EDT,M3.2.0,M11.1.0", 1_730_613_600, -18_000, false, "EST"),  // 2024-11-03 06:00:00 UTC
    .init("<+0330>-3:30", -2_208_988_800, 12_600, false, "+0330"),  // 1900-01-01 00:00:00 UTC
    .init("<+0330>-3:30", 0, 12_600, false, "+0330"),  // 1970-01-01 00:00:00 UTC
    .init("AEST-10AEDT,M10.1.0,M4.1.0/3", 1_712_419_199, 39_600, true, "AEDT"),  // 2024-04-06 15:59:59 UTC
    .init("AEST-10AEDT,M10.1.0,M4.1.0/3", 1_712_419_200, 36_000, false, "AEST"),  // 2024-04-06 16:00:00 UTC
    .init("AEST-10AEDT,M10.1.0,M4.1.0/3", 1_728_143_999, 36_000, false, "AEST"),  // 2024-10-05 15:59:59 UTC
    .init("AEST-10AEDT,M10.1.0,M4.1.0/3", 1_728_144_000, 39_600, true, "AEDT"),  // 2024-10-05 16:00:00 UTC
    .init("AEST-10AEDT,M10.1.0,M4.1.0/3", 5_680_281_600, 39_600, true, "AEDT"),  // 2150-01-01 00:00:00 UTC
    .init("EST5EDT,0/0,J365/25", 1_704_085_199, -14_400, true, "EDT"),  // 2024-01-01 04:59:59 UTC
    .init("EST5EDT,0/0,J365/25", 1_704_085_200, -14_400, true, "EDT"),  // 2024-01-01 05:00:00 UTC
    .init("EST5EDT,0/0,J365/25", 1_719_792_000, -14_400, true, "EDT"),  // 2024-07-01 00:00:00 UTC
    .init("EST5EDT,0/0,J365/25", 1_735_689_599, -14_400, true, "EDT"),  // 2024-12-31 23:59:59 UTC
    .init("EST5EDT,0/0,J365/25", 1_735_707_600, -14_400, true, "EDT"),  // 2025-01-01 05:00:00 UTC
    .init("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", 1_711_846_799, -10_800, false, "-03"),  // 2024-03-31 00:59:59 UTC
    .init("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", 1_711_846_800, -7200, true, "-02"),  // 2024-03-31 01:00:00 UTC
    .init("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", 1_729_990_799, -7200, true, "-02"),  // 2024-10-27 00:59:59 UTC
    .init("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", 1_729_990_800, -10_800, false, "-03"),  // 2024-10-27 01:00:00 UTC
    .init("IST-2IDT,M3.4.4/26,M10.5.0", 1_711_670_399, 7200, false, "IST"),  // 2024-03-28 23:59:59 UTC
    .init("IST-2IDT,M3.4.4/26,M10.5.0", 1_711_670_400, 10_800, true, "IDT"),  // 2024-03-29 00:00:00 UTC
    .init("IST-2IDT,M3.4.4/26,M10.5.0", 1_729_983_599, 10_800, true, "IDT"),  // 2024-10-26 22:59:59 UTC
    .init("IST-2IDT,M3.4.4/26,M10.5.0", 1_729_983_600, 7200, false, "IST"),  // 2024-10-26 23:00:00 UTC
    .init("CET-1CEST,59/2,299/3", 1_677_632_399, 3600, false, "CET"),  // 2023-03-01 00:59:59 UTC
    .init("CET-1CEST,59/2,299/3", 1_677_632_400, 7200, true, "CEST"),  // 2023-03-01 01:00:00 UTC
    .init("CET-1CEST,59/2,299/3", 1_698_368_399, 7200, true, "CEST"),  // 2023-10-27 00:59:59 UTC
    .init("CET-1CEST,59/2,299/3", 1_698_368_400, 3600, false, "CET"),  // 2023-10-27 01:00:00 UTC
    .init("CET-1CEST,59/2,299/3", 1_709_168_399, 3600, false, "CET"),  // 2024-02-29 00:59:59 UTC
    .init("CET-1CEST,59/2,299/3", 1_709_168_400, 7200, true, "CEST"),  // 2024-02-29 01:00:00 UTC
    .init("CET-1CEST,59/2,299/3", 1_729_904_399, 7200, true, "CEST"),  // 2024-10-26 00:59:59 UTC
    .init("CET-1CEST,59/2,299/3", 1_729_904_400, 3600, false, "CET"),  // 2024-10-26 01:00:00 UTC
]

/// Instants that no input may make the lookups trap on.
private let extremeInstants: [Int64] = [.min, -(1 << 40), -1, 0, 1 << 31, 1 << 40, .max]

@Suite struct ZoneInfoTests {
    // MARK: The system database

    @Test(arguments: databaseCases)
    func databaseZonesMatchTheReference(_ expected: ZoneOffsetCase) throws {
        let zone = try #require(databaseZone(expected.zone))
        #expect(zone.identifier == expected.zone)
        #expect(zone.secondsFromGMT(atUnixTime: expected.unixTime) == expected.offset)
        #expect(zone.isDaylightSavingTime(atUnixTime: expected.unixTime) == expected.isDST)
        #expect(zone.abbreviation(atUnixTime: expected.unixTime) == expected.abbreviation)
    }

    @Test(arguments: ["America/New_York", "Europe/Berlin", "Australia/Sydney", "Europe/Dublin"])
    func farFutureInstantsComeFromTheFooter(_ identifier: String) throws {
        let zone = try #require(databaseZone(identifier))
        guard case .table(let table) = zone.rules else {
            Issue.record("\(identifier) is not read from a TZif file")
            return
        }
        let footer = try #require(table.footer)
        #expect(footer.daylight != nil)
        // Every far-future case of the reference table lies after the last transition of the file.
        let lastTransition = try #require(table.transitions.last)
        let farFuture = databaseCases.filter { $0.zone == identifier && $0.unixTime > lastTransition }
        #expect(!farFuture.isEmpty)
    }

    @Test func everyFileOfTheDatabaseParses() throws {
        let root = "/usr/share/zoneinfo"
        var parsed = 0
        for path in try FileManager.default.subpathsOfDirectory(atPath: root) {
            guard let data = FileManager.default.contents(atPath: root + "/" + path), data.starts(with: "TZif".utf8)
            else { continue }
            #expect(ZoneInfo(identifier: path, tzif: data) != nil, "\(path)")
            parsed += 1
        }
        #expect(parsed > 300)
    }

    @Test func zonesCompareByIdentifierAndRules() throws {
        let berlin = try #require(ZoneInfo(identifier: "Europe/Berlin"))
        #expect(berlin == ZoneInfo(identifier: "Europe/Berlin"))
        #expect(berlin != ZoneInfo(identifier: "Europe/Paris"))
        #expect(Set([berlin, try #require(ZoneInfo(identifier: "Europe/Berlin"))]).count == 1)
        let aliased = try #require(ZoneInfo(identifier: "US/Eastern"))
        #expect(aliased.identifier == "US/Eastern")
        #expect(aliased.secondsFromGMT(atUnixTime: 1_710_054_000) == -14_400)
    }

    // MARK: Identifiers

    @Test(arguments: [
        "", "/etc/passwd", "../etc/passwd", "Europe/../../../etc/passwd", "Europe/../Europe/Berlin", "./UTC",
        "Europe/./Berlin", ".", "..", "Europe//Berlin", "Europe/Berlin/", "/Europe/Berlin", "Europe\\Berlin",
        " Europe/Berlin", "Europe/Berlin\n", "Europe/Berlin\0", "Europe/Bérlin", "-rf", "No/Such_Zone", "America",
        "zone.tab", "tzdata.zi", String(repeating: "a/", count: 200) + "UTC", "GMT+5:30", "GMT+05:3", "GMT+24:00",
        "GMT+00:00", "GMT+05:30:00",
    ])
    func identifiersOutsideTheDatabaseAreRejected(_ identifier: String) {
        #expect(ZoneInfo(identifier: identifier) == nil)
    }

    @Test(arguments: [
        ("UTC", 0), ("Etc/UTC", 0), ("GMT", 0), ("Etc/GMT+5", -18_000), ("Etc/GMT-14", 50_400),
        ("America/Argentina/Buenos_Aires", -10_800), ("Asia/Kolkata", 19_800), ("GMT+05:30", 19_800),
        ("GMT-09:30", -34_200), ("GMT+05:30:15", 19_815),
    ])
    func identifiersInTheDatabaseAreFound(_ identifier: String, _ offset: Int) throws {
        let zone = try #require(ZoneInfo(identifier: identifier))
        #expect(zone.identifier == identifier)
        #expect(zone.secondsFromGMT(atUnixTime: 1_700_000_000) == offset)
    }

    // MARK: Fixed offsets

    @Test func fixedOffsetsAreNamedLikeGMT() throws {
        #expect(ZoneInfo(secondsFromGMT: 19_800).identifier == "GMT+05:30")
        #expect(ZoneInfo(secondsFromGMT: -12_600).identifier == "GMT-03:30")
        #expect(ZoneInfo(secondsFromGMT: 3661).identifier == "GMT+01:01:01")
        #expect(ZoneInfo(secondsFromGMT: 0).identifier == "GMT")
        let india = ZoneInfo(secondsFromGMT: 19_800)
        #expect(ZoneInfo(identifier: india.identifier) == india)
        for instant in extremeInstants {
            #expect(india.secondsFromGMT(atUnixTime: instant) == 19_800)
            #expect(!india.isDaylightSavingTime(atUnixTime: instant))
            #expect(india.abbreviation(atUnixTime: instant) == "GMT+05:30")
        }
        #expect(ZoneInfo(secondsFromGMT: 1_000_000).secondsFromGMT(atUnixTime: 0) == 86_399)
        #expect(ZoneInfo(secondsFromGMT: -1_000_000).secondsFromGMT(atUnixTime: 0) == -86_399)
        #expect(ZoneInfo.utc.identifier == "UTC")
        #expect(ZoneInfo.utc.abbreviation(atUnixTime: 0) == "UTC")
        #expect(ZoneInfo.utc.secondsFromGMT(atUnixTime: .max) == 0)
    }

    // MARK: POSIX TZ strings

    @Test(arguments: posixCases)
    func posixStringsMatchTheReference(_ expected: ZoneOffsetCase) {
        let zone = ZoneInfo.resolveCurrent(tz: expected.zone)
        #expect(zone.identifier == expected.zone)
        #expect(zone.secondsFromGMT(atUnixTime: expected.unixTime) == expected.offset)
        #expect(zone.isDaylightSavingTime(atUnixTime: expected.unixTime) == expected.isDST)
        #expect(zone.abbreviation(atUnixTime: expected.unixTime) == expected.abbreviation)
    }

    @Test func daylightTimeWithoutRulesFollowsTheUnitedStates() throws {
        let implicit = try #require(ZoneInfo.PosixRule(Array("AAA5BBB".utf8)))
        #expect(implicit == ZoneInfo.PosixRule(Array("AAA5BBB4,M3.2.0/2,M11.1.0/02:00:00".utf8)))
        let quoted = try #require(ZoneInfo.PosixRule(Array("<-0330>+3:30".utf8)))
        #expect(quoted.standard.offset == -12_600)
        #expect(quoted.standard.abbreviation == "-0330")
        #expect(quoted.daylight == nil)
    }

    @Test(arguments: [
        "", "E", "EST", "ES5", "<AB>5", "<ABC5", "EST+", "EST25", "EST5:60", "EST5EDT,", "EST5EDT,M3.2.0",
        "EST5EDT,M3.2.0,", "EST5EDT,M3.2.0,M11.1.0,", "EST5EDT,M3.2.0,M11.1.0x", "EST5EDT,M13.2.0,M11.1.0",
        "EST5EDT,M3.6.0,M11.1.0", "EST5EDT,M3.2.7,M11.1.0", "EST5EDT,M3.2.0/168,M11.1.0", "EST5EDT,J0,J365",
        "EST5EDT,J366,J1", "EST5EDT,366,1", "EST5,M3.2.0,M11.1.0", "EST5EDT4:",
    ])
    func malformedPosixStringsAreRejected(_ text: String) {
        #expect(ZoneInfo.PosixRule(Array(text.utf8)) == nil)
    }

    @Test func extremePosixRulesNeverTrap() throws {
        for text in ["EST5EDT,M3.2.0/167,M11.1.0/-167", "<+24>-24<+25>-24:59:59,J1/-167,J365/167", "ABC5DEF,0/0,365/0"]
        {
            let rule = try #require(ZoneInfo.PosixRule(Array(text.utf8)))
            for instant in extremeInstants { _ = rule.localTimeType(at: instant) }
        }
    }

    // MARK: TZif bytes

    @Test func handBuiltFilesFollowRFC8536() throws {
        let types: [(offset: Int32, isDST: Bool, abbreviationIndex: UInt8)] = [
            (1000, false, 0), (3600, false, 4), (7200, true, 8),
        ]
        let abbreviations = "LMT\0AAA\0BBB\0"
        let transitions: [Int64] = [0, 1000, 2000]
        let indexes: [UInt8] = [1, 2, 1]

        let version2 = try #require(
            ZoneInfo(
                identifier: "Test/Two",
                tzif: tzif(version: 0x32, transitions, indexes, types, abbreviations, footer: "CCC-3")))
        #expect(version2.secondsFromGMT(atUnixTime: -1) == 1000, "type 0 before the first transition")
        #expect(version2.abbreviation(atUnixTime: -1) == "LMT")
        #expect(version2.secondsFromGMT(atUnixTime: 0) == 3600)
        #expect(version2.secondsFromGMT(atUnixTime: 999) == 3600)
        #expect(version2.secondsFromGMT(atUnixTime: 1000) == 7200)
        #expect(version2.isDaylightSavingTime(atUnixTime: 1999))
        #expect(version2.abbreviation(atUnixTime: 1999) == "BBB")
        #expect(version2.secondsFromGMT(atUnixTime: 1999) == 7200)
        #expect(version2.secondsFromGMT(atUnixTime: 2001) == 10_800, "the footer after the last transition")
        #expect(version2.abbreviation(atUnixTime: 2001) == "CCC")

        for version: UInt8 in [0x33, 0x34] {
            let later = try #require(
                ZoneInfo(
                    identifier: "T",
                    tzif: tzif(version: version, transitions, indexes, types, abbreviations, footer: "CCC-3")))
            #expect(later.secondsFromGMT(atUnixTime: 2001) == 10_800)
        }

        let version1 = try #require(
            ZoneInfo(
                identifier: "Test/One", tzif: tzif(version: 0, transitions, indexes, types, abbreviations, footer: nil))
        )
        #expect(version1.secondsFromGMT(atUnixTime: -1) == 1000)
        #expect(version1.secondsFromGMT(atUnixTime: 1500) == 7200)
        #expect(version1.secondsFromGMT(atUnixTime: 1 << 40) == 3600, "the last type after the last transition")

        let emptyFooter = try #require(
            ZoneInfo(identifier: "T", tzif: tzif(version: 0x32, transitions, indexes, types, abbreviations, footer: ""))
        )
        #expect(emptyFooter.secondsFromGMT(atUnixTime: 1 << 40) == 3600)

        let footerOnly = try #require(
            ZoneInfo(
                identifier: "T",
                tzif: tzif(version: 0x32, [], [], [(3600, false, 0)], "AAA\0", footer: "EST5EDT,M3.2.0,M11.1.0")))
        #expect(footerOnly.secondsFromGMT(atUnixTime: 1_710_054_000) == -14_400)
        #expect(footerOnly.secondsFromGMT(atUnixTime: 1_710_053_999) == -18_000)
    }

    @Test func inconsistentFilesAreRejected() {
        let types: [(offset: Int32, isDST: Bool, abbreviationIndex: UInt8)] = [(0, false, 0), (3600, true, 4)]
        let abbreviations = "AAA\0BBB\0"
        func parses(_ bytes: [UInt8]) -> Bool { ZoneInfo(identifier: "T", tzif: bytes) != nil }

        #expect(parses(tzif(version: 0x32, [0, 10], [0, 1], types, abbreviations, footer: "")))
        #expect(!parses(tzif(version: 0x32, [10, 0], [0, 1], types, abbreviations, footer: "")), "not ascending")
        #expect(!parses(tzif(version: 0x32, [0, 0], [0, 1], types, abbreviations, footer: "")), "repeated")
        #expect(!parses(tzif(version: 0x32, [0, 10], [0, 2], types, abbreviations, footer: "")), "type index")
        #expect(
            !parses(tzif(version: 0x32, [0], [0], [(0, false, 9)], abbreviations, footer: "")), "abbreviation index")
        #expect(!parses(tzif(version: 0x32, [0], [0], [(100_000, false, 0)], abbreviations, footer: "")), "offset")
        #expect(!parses(tzif(version: 0x32, [0], [0], [(.min, false, 0)], abbreviations, footer: "")), "offset")
        #expect(!parses(tzif(version: 0x32, [0], [0], [], abbreviations, footer: "")), "no types")
        #expect(!parses(tzif(version: 0x32, [0, 10], [0, 1], types, abbreviations, footer: "EST5EDT,")), "footer")
        #expect(!parses(tzif(version: 0x31, [0, 10], [0, 1], types, abbreviations, footer: "")), "version")

        var badFlag = tzif(version: 0x32, [0], [0], [(0, false, 0)], "AAA\0", footer: "")
        // Header, version 1 block (one 4-byte time, one index, one type, 4 characters), second header, then
        // the 64-bit block's time and index and the type's 4-byte offset: the flag of the block that is read.
        let flagOffset = 44 + 5 + 6 + 4 + 44 + 9 + 4
        badFlag[flagOffset] = 2
        #expect(!parses(badFlag), "DST flag 2")

        var hugeCounts = tzif(version: 0x32, [0], [0], [(0, false, 0)], "AAA\0", footer: "")
        for offset in 32..<36 { hugeCounts[offset] = 0xFF }  // timecnt of the first header
        #expect(!parses(hugeCounts))
    }

    @Test func truncatedFilesGiveNil() throws {
        let bytes = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin"))
        #expect(ZoneInfo(identifier: "Europe/Berlin", tzif: bytes) != nil)
        for length in 0..<bytes.count {
            #expect(ZoneInfo(identifier: "Europe/Berlin", tzif: bytes.prefix(length)) == nil, "\(length) bytes")
        }
    }

    @Test func garbageGivesNilAndMutationsNeverTrap() throws {
        var generator = SplitMix64(seed: 0x5A0E_1F0)
        for length in 0..<300 {
            let noise = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            #expect(ZoneInfo(identifier: "T", tzif: noise) == nil)
            #expect(ZoneInfo(identifier: "T", tzif: Array("TZif2".utf8) + noise) == nil)
        }
        let berlin = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin"))
        for _ in 0..<2000 {
            var bytes = [UInt8](berlin)
            for _ in 0..<Int(generator.next() % 4 + 1) {
                // Half the mutations hit the first 100 bytes, where the headers' counts are.
                let span = generator.next() % 2 == 0 ? min(100, bytes.count) : bytes.count
                bytes[Int(generator.next() % UInt64(span))] = UInt8(truncatingIfNeeded: generator.next())
            }
            guard let zone = ZoneInfo(identifier: "T", tzif: bytes) else { continue }
            for instant in extremeInstants {
                _ = zone.secondsFromGMT(atUnixTime: instant)
                _ = zone.isDaylightSavingTime(atUnixTime: instant)
                _ = zone.abbreviation(atUnixTime: instant)
            }
        }
    }

    // MARK: The current zone

    @Test func currentZoneFollowsTZ() throws {
        #expect(ZoneInfo.resolveCurrent(tz: "") == .utc)
        #expect(ZoneInfo.resolveCurrent(tz: ":") == .utc)
        #expect(ZoneInfo.resolveCurrent(tz: ":Europe/Berlin").identifier == "Europe/Berlin")
        #expect(ZoneInfo.resolveCurrent(tz: "Europe/Berlin").identifier == "Europe/Berlin")
        #expect(ZoneInfo.resolveCurrent(tz: "/usr/share/zoneinfo/Asia/Tokyo").identifier == "Asia/Tokyo")
        let posix = ZoneInfo.resolveCurrent(tz: "EST5EDT,M3.2.0,M11.1.0")
        #expect(posix.identifier == "EST5EDT,M3.2.0,M11.1.0")
        #expect(posix.secondsFromGMT(atUnixTime: 1_720_000_000) == -14_400)
        #expect(ZoneInfo.resolveCurrent(tz: ":EST5EDT,M3.2.0,M11.1.0") == .utc, "a colon names a file")
        #expect(ZoneInfo.resolveCurrent(tz: "not a zone") == .utc)
        #expect(ZoneInfo.resolveCurrent(tz: "../../etc/passwd") == .utc)
        // The process's zone is the one its TZ names (unset here in CI: /etc/localtime's), resolved the same way.
        #expect(ZoneInfo.current == ZoneInfo.resolveCurrent(tz: ProcessInfo.processInfo.environment["TZ"]))
    }

    @Test func currentZoneFallsBackThroughTheSystemFiles() throws {
        let directory = try TemporaryDirectory(prefix: "zoneinfo-test")
        defer { directory.remove() }
        let manager = FileManager.default
        let relativeLink = directory.appending("relative")
        let depth = directory.path.split(separator: "/").count
        let upwards = String(repeating: "../", count: depth)
        try manager.createSymbolicLink(
            atPath: relativeLink, withDestinationPath: upwards + "usr/share/zoneinfo/Europe/Berlin")
        #expect(ZoneInfo.resolveCurrent(tz: nil, localtimePath: relativeLink).identifier == "Europe/Berlin")

        let posixLink = directory.appending("posix")
        try manager.createSymbolicLink(atPath: posixLink, withDestinationPath: "/usr/share/zoneinfo/posix/Asia/Tokyo")
        #expect(ZoneInfo.resolveCurrent(tz: nil, localtimePath: posixLink).identifier == "Asia/Tokyo")

        let copy = directory.appending("copy")
        #expect(
            manager.createFile(atPath: copy, contents: manager.contents(atPath: "/usr/share/zoneinfo/Asia/Kolkata")))
        let copied = ZoneInfo.resolveCurrent(tz: nil, localtimePath: copy)
        #expect(copied.identifier == "localtime")
        #expect(copied.secondsFromGMT(atUnixTime: 0) == 19_800)

        let missing = directory.appending("missing")
        let timezone = directory.appending("timezone")
        #expect(manager.createFile(atPath: timezone, contents: Data("America/Sao_Paulo\n".utf8)))
        let named = ZoneInfo.resolveCurrent(tz: nil, localtimePath: missing, timezonePath: timezone)
        #expect(named.identifier == "America/Sao_Paulo")
        #expect(ZoneInfo.resolveCurrent(tz: nil, localtimePath: missing, timezonePath: missing) == .utc)
    }

    // MARK: Civil calendar

    @Test func civilCalendarKnowsFixedDates() {
        #expect(CivilCalendar.daysFromCivil(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilCalendar.daysFromCivil(year: 2000, month: 2, day: 29) == 11_016)
        #expect(CivilCalendar.daysFromCivil(year: 1900, month: 3, day: 1) == -25_508)
        #expect(CivilCalendar.civilFromDays(-1) == (1969, 12, 31))
        #expect(CivilCalendar.civilFromDays(19_782) == (2024, 2, 29))
        #expect(CivilCalendar.weekday(fromDays: 0) == 4)  // Thursday
        #expect(CivilCalendar.weekday(fromDays: CivilCalendar.daysFromCivil(year: 2024, month: 3, day: 10)) == 0)
        #expect(CivilCalendar.weekday(fromDays: CivilCalendar.daysFromCivil(year: 1900, month: 1, day: 1)) == 1)
    }

    @Test func civilCalendarRoundTripsDayByDay() {
        var days = CivilCalendar.daysFromCivil(year: 1600, month: 1, day: 1)
        var weekday = CivilCalendar.weekday(fromDays: days)
        var (year, month, day): (Int64, Int, Int) = (1600, 1, 1)
        while year < 2400 {
            let civil = CivilCalendar.civilFromDays(days)
            guard civil == (year, month, day), CivilCalendar.daysFromCivil(year: year, month: month, day: day) == days,
                CivilCalendar.weekday(fromDays: days) == weekday
            else {
                Issue.record("\(year)-\(month)-\(day) is day \(days), weekday \(weekday); got \(civil)")
                return
            }
            days += 1
            weekday = (weekday + 1) % 7
            day += 1
            if day > CivilCalendar.daysInMonth(year: year, month: month) {
                day = 1
                month += 1
                if month > 12 {
                    month = 1
                    year += 1
                }
            }
        }
    }
}

/// The zone as `init?(identifier:)` loads it on Linux; on Apple platforms, where that initialiser wraps
/// Foundation's `TimeZone`, the same TZif file read directly.
private func databaseZone(_ identifier: String) -> ZoneInfo? {
    #if canImport(Darwin)
        FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + identifier).flatMap {
            ZoneInfo(identifier: identifier, tzif: $0)
        }
    #else
        ZoneInfo(identifier: identifier)
    #endif
}

/// A TZif file with the same data in its version 1 block (4-byte times) and, for versions 2 and later, its
/// 64-bit block and footer; no leap seconds or indicators.
private func tzif(
    version: UInt8, _ transitions: [Int64], _ indexes: [UInt8],
    _ types: [(offset: Int32, isDST: Bool, abbreviationIndex: UInt8)], _ abbreviations: String, footer: String?
) -> [UInt8] {
    func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }
    func block(timeSize: Int) -> [UInt8] {
        var bytes = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
        let counts = [0, 0, 0, transitions.count, types.count, abbreviations.utf8.count]
        for count in counts { bytes += bigEndian(UInt32(count)) }
        for time in transitions {
            bytes += timeSize == 8 ? bigEndian(time) : bigEndian(Int32(truncatingIfNeeded: time))
        }
        bytes += indexes
        for type in types { bytes += bigEndian(type.offset) + [type.isDST ? 1 : 0, type.abbreviationIndex] }
        return bytes + Array(abbreviations.utf8)
    }
    var bytes = block(timeSize: 4)
    guard version != 0 else { return bytes }
    bytes += block(timeSize: 8)
    if let footer { bytes += Array("\n\(footer)\n".utf8) }
    return bytes
}

/// A small deterministic generator, so that the garbage inputs are the same on every run.
private struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// `iso8601` is what Foundation's ISO 8601 style prints for every Gregorian date to 9999, and true past it:
/// Foundation's style stops at 4713 BC, so a problem quoted a year-270,000 date as `-4712-01-01T12:00:00Z`. Before
/// 1582 Foundation counts Julian days, where ISO 8601 (and JavaScript's `toISOString`) stay Gregorian.
@Suite struct ZoneISO8601Tests {
    @Test(arguments: ["UTC", "Europe/Istanbul", "America/St_Johns", "Asia/Kathmandu", "Pacific/Kiritimati"])
    func ordinaryDatesAreFoundationsText(_ identifier: String) throws {
        let zone = try #require(ZoneInfo(identifier: identifier))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            // Years 1583 to 9999, whole and fractional seconds.
            let seconds =
                Double.random(in: -12_212_553_600...253_402_300_799, using: &generator).rounded(.down)
                + (Bool.random(using: &generator) ? 0.75 : 0)
            let date = Date(timeIntervalSince1970: seconds)
            let offset = zone.secondsFromGMT(atUnixTime: Int64(seconds.rounded(.down)))
            let style = Date.ISO8601FormatStyle(timeZone: try #require(TimeZone(secondsFromGMT: offset)))
            #expect(zone.iso8601(date) == date.formatted(style), "\(seconds)")
        }
    }

    @Test func datesPastFoundationsAreExpandedYearsAsJavaScriptWritesThem() {
        // `new Date(8.64e15).toISOString()` is "+275760-09-13T00:00:00.000Z"; `new Date(-8.64e15)` "-271821-04-20…".
        #expect(ZoneInfo.utc.iso8601(Date(timeIntervalSince1970: 8.64e12)) == "+275760-09-13T00:00:00Z")
        #expect(ZoneInfo.utc.iso8601(Date(timeIntervalSince1970: -8.64e12)) == "-271821-04-20T00:00:00Z")
        #expect(ZoneInfo.utc.iso8601(Date(timeIntervalSince1970: -62_135_596_801)) == "0000-12-31T23:59:59Z")
        #expect(ZoneInfo.utc.iso8601(Date(timeIntervalSince1970: -62_167_219_201)) == "-000001-12-31T23:59:59Z")
        #expect(ZoneInfo.utc.iso8601(Date(timeIntervalSince1970: 253_402_300_800)) == "+010000-01-01T00:00:00Z")
        #expect(ZoneInfo.utc.iso8601(Date(timeIntervalSince1970: 1e300)) == "1e+300 s since 1970")
        #expect(ZoneInfo.utc.iso8601(Date(timeIntervalSince1970: .nan)) == "nan s since 1970")
    }
}
