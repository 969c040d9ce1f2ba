import Foundation
import GroupStore
import GroupStoreUserDefaults
import I18nCore
import LocaleData
import WidgetKeysFile

/// widget-i18n-bench: the performance figures of WidgetI18n, printed as JSON lines.
///
///   widget-i18n-bench --store-dir DIR --project P --keys FILE [--default-locale L] [--iterations N]
///                     [--renders R] [--baseline naive] [--no-stored-index] [--print]
///                     [--suite NAME [--cache-dir DIR | --no-reader-cache]]
///   widget-i18n-bench fill-suite --suite NAME --store-dir DIR
///   widget-i18n-bench format [--iterations N] [--rounds R] [--case NAME]
///
/// `--suite` renders over a `UserDefaultsGroupStore` (on Linux a plist under `~/.config`), as a widget reads an
/// App Group's suite, with the indexes it derives in the suite's reader cache (`--cache-dir`, else
/// `UserDefaultsGroupStore.readerCache()`), or nowhere (`--no-reader-cache`: every process parses).
/// `fill-suite` copies a fixture's store into the suite first, in a process of its own, so that the
/// measured process loads the suite from disk as a widget does.
let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func number(_ name: String, default fallback: Int) -> Int {
    guard let text = option(name) else { return fallback }
    guard let value = Int(text), value >= 0 else { fail("\(name) takes a whole number, not '\(text)'") }
    return value
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(64)
}

if arguments.first == "format" {
    if let only = option("--case"), !FormatBenchmark.caseNames.contains(only) {
        fail("no case '\(only)'; the cases: \(FormatBenchmark.caseNames.joined(separator: ", "))")
    }
    print(
        FormatBenchmark.run(
            iterations: max(number("--iterations", default: 200_000), 1),
            rounds: max(number("--rounds", default: 7), 1),
            only: option("--case")))
    exit(0)
}
if arguments.first == "fill-suite" {
    guard let suite = option("--suite"), let directory = option("--store-dir"),
        let store = UserDefaultsGroupStore(suiteName: suite)
    else { fail("usage: widget-i18n-bench fill-suite --suite NAME --store-dir DIR") }
    do {
        let source = FileGroupStore(directory: directory)
        // What the app's SDKs write: WidgetI18n's own keys (indexes, fetch metadata) are no part of an app's suite.
        // Small values first, then the bundles of the stored locale, English, and the rest, each while it fits:
        // a suite at its budget, as the app side leaves it (iOS refuses more).
        let stored = try source.string(forKey: "@better-i18n:locale:acme/widgets") ?? ""
        func rank(_ key: String) -> Int {
            guard key.hasPrefix("@better-i18n:messages:") else { return 0 }
            return key.hasSuffix(":" + stored) ? 1 : key.hasSuffix(":en") ? 2 : 3
        }
        let keys = try source.keys().filter { !$0.hasPrefix(WithoutStoredIndexes.packageKeyPrefix) }
            .sorted { (rank($0), $0) < (rank($1), $1) }
        var filled: [String] = []
        for key in keys {
            guard let value = try source.value(forKey: key) else { continue }
            do { try store.write([(key, value)], durability: .durable) } catch let error as GroupStoreError {
                guard error.code == .domainFull else { throw error }
                continue
            }
            filled.append(key)
        }
        let encoded = try store.encodedSize()
        print(
            #"{"keys":\#(filled.count),"of":\#(keys.count),"encoded_bytes":\#(encoded),"budget":\#(store.budgetBytes)}"#
        )
    } catch { fail("cannot fill the suite '\(suite)': \(error)") }
    exit(0)
}
guard let storeDirectory = option("--store-dir"), let projectText = option("--project"), let keysPath = option("--keys")
else {
    fail(
        "usage: widget-i18n-bench --store-dir DIR --project P --keys FILE [--default-locale L] [--iterations N] [--renders R] "
            + "[--baseline naive] [--no-stored-index] [--print]\n       widget-i18n-bench format [--iterations N] [--rounds R] [--case NAME]"
    )
}
guard let project = try? ProjectID(projectText) else { fail("invalid project '\(projectText)'") }
guard let defaultLocale = LocaleTag(parsing: option("--default-locale") ?? "en") else {
    fail("invalid --default-locale")
}
if let baseline = option("--baseline"), baseline != "naive" {
    fail("unknown baseline '\(baseline)'; the only one is 'naive'")
}
guard let keys = WidgetKeysFile(path: keysPath)?.keys else { fail("cannot read '\(keysPath)'") }
let benchmark = RenderBenchmark(
    storeDirectory: storeDirectory, project: project, keys: keys, defaultLocale: defaultLocale,
    iterations: number("--iterations", default: 1000), renders: number("--renders", default: 100),
    naive: option("--baseline") == "naive", ignoreStoredIndex: arguments.contains("--no-stored-index"),
    suite: option("--suite"), cacheDirectory: option("--cache-dir"),
    readerCache: !arguments.contains("--no-reader-cache"))
let result = benchmark.run()
print(result.json)
if arguments.contains("--print") {
    for (key, text) in zip(keys, result.texts) { print("\(key.key)\t\(text)") }
}
