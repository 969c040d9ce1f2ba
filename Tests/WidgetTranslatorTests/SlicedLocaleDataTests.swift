import Foundation
import GroupContract
import GroupStore
import I18nCore
import LocaleData
import Testing
import WidgetTranslator

/// The translator in a build that installed a slice of its locale data (`widget-i18n data`): what the slice
/// leaves out is reported once in `problems`, and everything still renders. Each test runs in its own process.
@Suite struct SlicedLocaleDataTests {
    static func translator(locale: String) throws -> WidgetTranslator {
        let store = InMemoryGroupStore()
        let project = try ProjectID("acme/widgets")
        for tag in ["de", "fr"] {
            try store.setValue(
                Array(#"{"a": "{n, number}", "b": "{n, plural, one {# Tag} other {# Tage}}"}"#.utf8),
                forKey: StorageKey.messages(project: project, locale: try LocaleTag(tag)))
        }
        try store.setString(locale, forKey: StorageKey.locale(project: project))
        return WidgetTranslator(store: store, project: project, preferredLanguages: [])
    }

    /// French in a German slice: both keys render (as root formats them), and the locale is reported once.
    @Test func aLocaleOutsideTheSliceIsReportedOnceAndRenders() async {
        await #expect(processExitsWith: .success) {
            let slice = LocaleDataSlice(locales: [LocaleTag(parsing: "de")!], families: [])
            do { try LocaleDataTables.install(slice.installable()) } catch { exit(2) }
            guard let french = try? SlicedLocaleDataTests.translator(locale: "fr") else { exit(3) }
            guard french.translate("a", arguments: ["n": 1234.5]).text == "1,234.5",
                french.translate("b", arguments: ["n": 2]).text == "2 Tage"
            else { exit(4) }
            let outside = french.problems.filter { $0.code == .localeOutsideSlice }
            guard outside.count == 1, outside[0].locale?.normalized == "fr", "\(outside[0])".contains("'root'")
            else { exit(5) }
            guard let german = try? SlicedLocaleDataTests.translator(locale: "de") else { exit(6) }
            _ = german.translate("a", arguments: ["n": 1234.5])
            exit(german.translate("a", arguments: ["n": 1234.5]).text == "1.234,5" && german.problems.isEmpty ? 0 : 7)
        }
    }

    /// `translator.format` needs the relative-times and lists families: left out, each call still returns a
    /// text and the family is reported, once; a family the slice holds is not.
    @Test func aFormatCallNeedingALeftOutFamilyIsReportedOnce() async {
        await #expect(processExitsWith: .success) {
            let slice = LocaleDataSlice(locales: [LocaleTag(parsing: "de")!], families: [.durations])
            do { try LocaleDataTables.install(slice.installable()) } catch { exit(2) }
            guard let translator = try? SlicedLocaleDataTests.translator(locale: "de") else { exit(3) }
            let format = translator.format
            _ = format.relativeTime(-5, unit: .minute)
            _ = format.relativeTime(-6, unit: .minute)
            _ = format.list(["a", "b"])
            guard format.duration(DurationFields(hours: 1, minutes: 5), style: .digital) == "1:05" else { exit(4) }
            let unlinked = translator.problems.filter { $0.code == .unlinkedFamily }.map(\.message)
            guard unlinked.count == 2, unlinked[0].contains("'relative-times'"), unlinked[1].contains("'lists'")
            else { exit(5) }
            exit(0)
        }
    }

    /// A build with no locale data (the trait off, nothing installed: here, an installed slice of no locale) says
    /// exactly that, once, with the call to make and where, and names no family or locale one at a time.
    @Test func noLocaleDataAtAllIsSaidOnceWithTheCallToMake() async {
        await #expect(processExitsWith: .success) {
            let slice = LocaleDataSlice(locales: [], families: [])
            do { try LocaleDataTables.install(slice.installable()) } catch { exit(2) }
            guard let german = try? SlicedLocaleDataTests.translator(locale: "de") else { exit(3) }
            guard german.translate("a", arguments: ["n": 1234.5]).text == "1,234.5" else { exit(4) }
            _ = german.translate("b", arguments: ["n": 2])
            _ = german.format.relativeTime(-5, unit: .minute)
            _ = german.format.list(["a", "b"])
            let problems = german.problems
            guard problems.count == 1, problems[0].code == .localeOutsideSlice,
                problems[0].message.hasPrefix("This build has no locale data"),
                problems[0].message.contains("try LocaleDataTables.install(.widgetI18nSlice)"),
                problems[0].message.contains("WidgetBundle init")
            else {
                print(problems)
                exit(5)
            }
            exit(0)
        }
    }
}
