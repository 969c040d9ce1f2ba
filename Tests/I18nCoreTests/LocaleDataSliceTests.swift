import Foundation
import I18nCore
import LocaleData
import Testing

/// What a process formats with a slice installed (`widget-i18n data`'s tables): each test runs in a process of its
/// own, since a slice is installed once, before anything formats.
@Suite struct LocaleDataSliceTests {
    static let message = "{n, number} · {n, plural, one {# Tag} other {# Tage}} · {d, date, full} {d, time, full}"
    static let arguments: MessageArguments = ["n": 1234.5, "d": .date(Date(timeIntervalSince1970: 1_767_225_599))]

    static func format(_ locale: String) -> String {
        var formatter = ICUMessageFormatter()
        formatter.timeZone = ZoneInfo(identifier: "America/New_York")
        return formatter.format(message, locale: LocaleTag(parsing: locale)!, arguments: arguments).text
    }

    /// A locale whose data is in the slice formats as with every locale's data; one outside it (`fr` in a German
    /// slice) walks its chain to what the slice holds, root here, and still renders.
    @Test func aSliceFormatsItsLocalesAsTheFullDataAndOthersWithTheirNearestParent() async {
        let german = Self.format("de-AT")
        let root = Self.format("und")
        #expect(german != root)
        await #expect(processExitsWith: .success) { [german = german as String, root = root as String] in
            let slice = LocaleDataSlice(locales: [LocaleTag(parsing: "de-AT")!], families: [.zoneNames])
            do { try LocaleDataTables.install(slice.installable()) } catch { exit(2) }
            guard LocaleDataSliceTests.format("de-AT") == german else { exit(3) }
            guard LocaleDataSliceTests.format("fr") == root else { exit(4) }
            exit(LocaleDataTables.holds(.zoneNames) && !LocaleDataTables.holds(.lists) ? 0 : 5)
        }
    }

    /// Once something has formatted, the tables stay what they were: a later install is refused, not half-applied.
    @Test func aSliceInstalledAfterTheFirstFormatIsRefused() async {
        await #expect(processExitsWith: .success) {
            let before = LocaleDataSliceTests.format("de")
            let slice = LocaleDataSlice(locales: [LocaleTag(parsing: "ja")!], families: [])
            do {
                try LocaleDataTables.install(slice.installable())
                exit(1)
            } catch {
                exit(
                    LocaleDataSliceTests.format("de") == before
                        && (error as? LocaleDataTables.InstallError)?.code == .alreadyInUse ? 0 : 2)
            }
        }
    }

    /// A message that needs a family the slice leaves out is a problem naming the family, and a sensible text:
    /// a Buddhist date in the Gregorian calendar, a zone as its GMT offset. With the family, neither.
    @Test func aMessageNeedingALeftOutFamilyNamesItInAProblem() async {
        await #expect(processExitsWith: .success) {
            let slice = LocaleDataSlice(locales: [LocaleTag(parsing: "de")!], families: [.durations])
            do { try LocaleDataTables.install(slice.installable()) } catch { exit(2) }
            var formatter = ICUMessageFormatter()
            formatter.timeZone = ZoneInfo(identifier: "Europe/Berlin")
            func families(_ message: String, _ locale: String) -> (String, [LocaleDataTables.Family]) {
                let result = formatter.format(
                    message, locale: LocaleTag(parsing: locale)!, arguments: LocaleDataSliceTests.arguments)
                return (
                    result.text,
                    result.problems.compactMap {
                        if case .unlinkedData(let family, _) = $0.kind { family } else { nil }
                    }
                )
            }
            let (buddhist, calendarProblems) = families("{d, date, long}", "de-u-ca-buddhist")
            guard buddhist == "1. Januar 2026", calendarProblems == [.calendars] else { exit(3) }
            let (zoned, zoneProblems) = families("{d, time, full}", "de")
            guard zoned == "00:59:59 GMT+01:00", zoneProblems == [.zoneNames] else { exit(4) }
            // A pattern without a zone name, an offset field, and the Gregorian calendar need neither family.
            guard families("{d, date, ::yMMMd} {d, date, ::HHmmxxx}", "de").1.isEmpty else { exit(5) }
            let message = formatter.format(
                "{d, date, ::z}", locale: LocaleTag(parsing: "de")!, arguments: LocaleDataSliceTests.arguments)
            guard "\(message.problems)".contains("'zone-names'") else { exit(6) }
            // A unit outside the core, built in or compound, is the bare number; a core unit keeps its name.
            let (speed, speedProblems) = families("{n, number, ::unit/meter-per-second}", "de")
            guard speed == "1.234,5", speedProblems == [.units] else { exit(7) }
            guard families("{n, number, ::unit/kilogram-meter}", "de") == ("1.234,5", [.units]) else { exit(8) }
            let (hours, hourProblems) = families(
                "{n, number, ::unit/hour unit-width-full-name} {n, number, ::unit/kilometer-per-hour}", "de")
            exit(hours == "1.234,5 Stunden 1.234,5 km/h" && hourProblems.isEmpty ? 0 : 9)
        }
    }

    /// With the `units` family, a slice names every unit as the full data does: built-in, compound, prefixed.
    @Test func aSliceWithTheUnitsFamilyNamesEveryUnit() async {
        await #expect(processExitsWith: .success) {
            let slice = LocaleDataSlice(locales: [LocaleTag(parsing: "de")!], families: [.units])
            do { try LocaleDataTables.install(slice.installable()) } catch { exit(2) }
            let result = ICUMessageFormatter().format(
                "{n, number, ::unit/meter-per-second} · {n, number, ::unit/kilogram-meter} · "
                    + "{n, number, ::unit/hectare unit-width-full-name}",
                locale: LocaleTag(parsing: "de")!, arguments: LocaleDataSliceTests.arguments)
            // ICU4C 77.1: NumberFormatter.forSkeleton(…).locale(de).formatDouble(1234.5).
            exit(result.text == "1.234,5 m/s · 1.234,5 kg⋅m · 1.234,5 Hektar" && result.problems.isEmpty ? 0 : 3)
        }
    }

    /// Where the slice lacks data a locale reads, the locale's nearest held locale says what it formats with
    /// (`de-DE` has records of its own, its region's currency); a tag with no records of its own (`de-Latn-AT`) reads
    /// only its parent's, so it is not outside.
    @Test func aLocaleOutsideTheSliceNamesWhatItFormatsWith() async {
        #expect(LocaleDataTables.fallback(for: LocaleTag(parsing: "fr")!) == nil)
        await #expect(processExitsWith: .success) {
            let slice = LocaleDataSlice(locales: [LocaleTag(parsing: "de")!], families: [])
            do { try LocaleDataTables.install(slice.installable()) } catch { exit(2) }
            func fallback(_ tag: String) -> String? { LocaleDataTables.fallback(for: LocaleTag(parsing: tag)!) }
            guard fallback("de") == nil, fallback("de-Latn-AT") == nil, fallback("de-u-nu-latn") == nil else { exit(3) }
            guard fallback("de-DE") == "de", fallback("de-CH") == "de", fallback("fr") == "root" else { exit(4) }
            exit(LocaleDataTables.sliceLocales == ["de"] ? 0 : 5)
        }
    }

    /// The slice keeps the records of its locales' chains (de-CH: de-ch, de, root) and no other locale's.
    @Test func aSliceHoldsItsLocalesChainsAndNothingElse() {
        let slice = LocaleDataSlice(locales: [LocaleTag(parsing: "de-CH")!], families: [])
        #expect(
            slice.dataLocales.contains("de-ch") && slice.dataLocales.contains("de")
                && slice.dataLocales.contains("root"))
        #expect(!slice.dataLocales.contains("fr"))
        let cldr = String(decoding: slice.tables.cldr.index, as: UTF8.self)
        #expect(cldr.contains("de-ch/n") && cldr.contains("de/d") && cldr.contains("root/n"))
        #expect(!cldr.contains("fr/n"))
        // The core units are kept, the `units` family's only when asked for.
        #expect(cldr.contains("de/u") && !cldr.contains("de/U") && !cldr.contains("root/U"))
        let withUnits = LocaleDataSlice(locales: [LocaleTag(parsing: "de-CH")!], families: [.units])
        #expect(String(decoding: withUnits.tables.cldr.index, as: UTF8.self).contains("de/U"))
        // Without the optional families, their tables hold nothing of any locale.
        #expect(
            slice.tables.namesAndDurations.index.isEmpty && slice.tables.relativeAndLists.index.isEmpty
                && slice.tables.calendars.index.isEmpty)
        #expect(!String(decoding: slice.tables.zoneNames.index, as: UTF8.self).contains("l/de"))
        #expect(slice.byteCount < LocaleDataSlice.everyLocaleByteCount / 10)
    }
}
