import GroupStore
import I18nCore
import LocaleData
import WidgetKeysFile
import WidgetTranslator

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

/// widget-i18n-render: one widget process, as small as a widget extension that shows text and counts —
/// open the group store, detect the locale, render every key of a keys file once, print the lines, exit.
/// Links I18nCore, GroupStore and WidgetTranslator only (no Foundation formatters), which is what the
/// process wall time and memory figures of `Benchmarks/render-benchmark.py` measure.
///
/// `--today` adds the line a today widget shows beside its texts: a compact count, the time, the date and how long
/// ago it was updated ("5 minutes ago"), in the detected locale and the process's time zone (TZ, else
/// /etc/localtime), formatted by LocaleData alone.
///
///   widget-i18n-render --store-dir DIR --project P --keys FILE [--default-locale L] [--today] [--read-only]
///
/// `--read-only` writes no lookup index, as a widget over an app's `UserDefaults` suite does: a locale without
/// one is parsed on every render.
let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func fail(_ message: String) -> Never {
    let line = Array("error: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(64)
}

#if WIDGET_I18N_SLICE
    // Benchmarks/size-report.py's sliced build: the slice `widget-i18n data` wrote, installed before anything
    // formats, as an app's first line does (README, "Ship only your locales").
    do { try LocaleDataTables.install(.widgetI18nSlice) } catch { fail("\(error)") }
#endif

guard let directory = option("--store-dir"), let projectText = option("--project"), let keysPath = option("--keys")
else {
    fail("usage: widget-i18n-render --store-dir DIR --project P --keys FILE [--default-locale L] [--read-only]")
}
guard let project = try? ProjectID(projectText) else { fail("invalid project '\(projectText)'") }
guard let defaultLocale = LocaleTag(parsing: option("--default-locale") ?? "en") else {
    fail("invalid --default-locale")
}
guard let keys = WidgetKeysFile(path: keysPath) else { fail("cannot read '\(keysPath)'") }
let translator = WidgetTranslator(
    store: FileGroupStore(directory: directory), project: project, defaultLocale: defaultLocale, preferredLanguages: [],
    indexCache: arguments.contains("--read-only") ? .none : .automatic)
var output = ""
for key in keys.keys {
    output += key.key + "\t" + translator.translate(key.key, arguments: key.arguments).text + "\n"
}
if arguments.contains("--today") {
    let formatter = ICUMessageFormatter(timeZone: .current)
    let now = Date()
    output +=
        "today\t"
        + formatter.format(
            "{steps, number, ::compact-short} · {now, time, short} · {now, date, ::MMMEd}", locale: translator.locale,
            arguments: ["steps": 12_345, "now": .date(now)]
        ).text + " · " + (try translator.format.relativeTime(from: now.addingTimeInterval(-300), to: now)) + "\n"
}
print(output, terminator: "")
