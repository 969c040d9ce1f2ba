import AllocationCounter
import Foundation
@_spi(WidgetI18nSupport) import I18nCore
import LocaleData
import MessageFormat2
import WidgetTranslator

/// `widget-i18n-bench format`: ns per ICU format call, cached (the message parsed before) and uncached
/// (every call formats a message never seen, so it is parsed first), each with its heap allocations per call
/// (`cached_allocs`, `uncached_allocs`; -1 where the C library's allocator cannot be counted).
enum FormatBenchmark {
    static let cases: [(name: String, message: String, arguments: MessageArguments)] = [
        ("plain", "Open the app to see your events", [:]),
        ("two arguments", "Good morning, {name}! Updated {time}", ["name": "Ayşe", "time": "09:41"]),
        ("plural", "{count, plural, =0 {No events} one {# event} other {# events}} today", ["count": 3]),
        (
            "select + plural",
            "{gender, select, female {{n, plural, one {She has # message} other {She has # messages}}} "
                + "male {{n, plural, one {He has # message} other {He has # messages}}} "
                + "other {{n, plural, one {They have # message} other {They have # messages}}}}",
            ["gender": "female", "n": 5]
        ),
        ("compact", "{steps, number, ::compact-short} steps", ["steps": 12_345]),
        ("currency", "{price, number, ::currency/EUR}", ["price": 9.5]),
        ("time", "Updated {now, time, short}", ["now": "2026-11-29T21:41:00Z"]),
        ("date skeleton", "{now, date, ::MMMEd}", ["now": "2026-11-29T21:41:00Z"]),
        // The same instants as a `Date`, as the API takes them (the rows above also read ISO 8601 text per call).
        ("time, Date", "Updated {now, time, short}", ["now": .date(instant)]),
        ("date skeleton, Date", "{now, date, ::MMMEd}", ["now": .date(instant)]),
    ]

    /// 2026-11-29T21:41:00Z.
    static let instant = Date(timeIntervalSince1970: 1_795_988_460)

    /// Every case's name, as `--case` takes it.
    static var caseNames: [String] {
        cases.map(\.name) + messageFormat2Cases.map(\.name) + valueCases.map(\.name)
            + [2_000, 20_000].map { "parse \($0) placeholders" } + CatalogBenchmark.caseNames
    }

    /// The rows of the cases whose name is `only` (every case when `nil`), one JSON line each.
    static func run(iterations: Int, rounds: Int, only: String? = nil) -> String {
        let formatter = ICUMessageFormatter(timeZone: ZoneInfo(identifier: "Europe/Istanbul") ?? .utc)
        let locale = LocaleTag(parsing: "en")!
        let wanted = { (name: String) in only == nil || only == name }
        var rows: [String] = []
        for (name, message, arguments) in cases where wanted(name) {
            rows.append(
                row(
                    name, formatter: formatter, message: message, arguments: arguments, iterations: iterations,
                    rounds: rounds
                ) {
                    $0 + " \($1)"
                })
        }
        rows += messageFormat2Rows(iterations: iterations, rounds: rounds, wanted: wanted)
        rows += valueRows(iterations: iterations, rounds: rounds, wanted: wanted)
        // A message never seen before is parsed into the cache, as ICU4C's `umsg_open` parses one, without
        // formatting it; and parsed then formatted with its arguments missing, as the first `format` of it is.
        var round = 0
        rows += [2_000, 20_000].filter { wanted("parse \($0) placeholders") }.map { count in
            let message = longMessage(placeholders: count)
            let parse = median(rounds) {
                measure(1) { _ in
                    round += 1
                    _ = ICUMessageFormatter.parse(message + " \(round)")
                }
            }
            let first = median(rounds) {
                measure(1) { _ in
                    round += 1
                    _ = formatter.format(message + " \(round)", locale: locale, arguments: [:])
                }
            }
            return "{\"case\":\"parse \(count) placeholders\",\"parse_ms\":\(Double(Int(parse.ns / 1e4)) / 100),"
                + "\"parse_and_format_ms\":\(Double(Int(first.ns / 1e4)) / 100)}"
        }
        rows += CatalogBenchmark.rows(iterations: iterations, rounds: rounds, wanted: wanted)
        return rows.joined(separator: "\n")
    }

    /// The same messages in MessageFormat 2 (what `widget-i18n convert mf2` writes for them, less its
    /// `roundingMode=halfEven`, which integers do not need), through `MF2Formatter` with its default bidi isolation.
    static let messageFormat2Cases: [(name: String, message: String, arguments: MessageArguments)] = [
        ("mf2 plain", "Open the app to see your events", [:]),
        ("mf2 two arguments", "Good morning, {$name}! Updated {$time}", ["name": "Ayşe", "time": "09:41"]),
        (
            "mf2 plural",
            ".input {$count :number} .match $count 0 {{No events today}} one {{{$count} event today}} "
                + "* {{{$count} events today}}", ["count": 3]
        ),
        (
            "mf2 select + plural",
            ".input {$gender :string} .input {$n :number} .match $gender $n female one {{She has {$n} message}} "
                + "female * {{She has {$n} messages}} male one {{He has {$n} message}} male * {{He has {$n} messages}} "
                + "* one {{They have {$n} message}} * * {{They have {$n} messages}}",
            ["gender": "female", "n": 5]
        ),
        ("mf2 currency", "{$price :currency currency=EUR}", ["price": 9.5]),
        ("mf2 time", "Updated {$now :time}", ["now": "2026-11-29T21:41:00Z"]),
    ]

    static func messageFormat2Rows(iterations: Int, rounds: Int, wanted: (String) -> Bool) -> [String] {
        let formatter = MF2Formatter(timeZone: ZoneInfo(identifier: "Europe/Istanbul") ?? .utc, draftFunctions: true)
        return messageFormat2Cases.filter { wanted($0.name) }.map { name, message, arguments in
            row(
                name, formatter: formatter, message: message, arguments: arguments, iterations: iterations,
                rounds: rounds
            ) {
                // A new message: the counter goes into the last pattern of a complex one.
                $0.hasSuffix("}}") ? $0.dropLast(2) + " \($1)}}" : $0 + " \($1)"
            }
        }
    }

    /// One case's JSON line: ns per call with the message formatted before (cached), and with a message never seen,
    /// `varied(message, counter)` (uncached: parsed first).
    static func row(
        _ name: String, formatter: some MessageFormatting, message: String, arguments: MessageArguments,
        iterations: Int, rounds: Int, varied: (String, Int) -> String
    ) -> String {
        let locale = LocaleTag(parsing: "en")!
        let output = formatter.format(message, locale: locale, arguments: arguments).text
        let cached = median(rounds) {
            measure(iterations) { _ in _ = formatter.format(message, locale: locale, arguments: arguments) }
        }
        var counter = 0
        let uncached = median(rounds) {
            measure(max(iterations / 20, 100)) { _ in
                counter += 1
                _ = formatter.format(varied(message, counter), locale: locale, arguments: arguments)
            }
        }
        return json(name, cached: cached, uncached: uncached, output: output)
    }

    /// A row's JSON line: ns and allocations per call, cached and uncached, and what the call formats (to compare
    /// with another implementation's before comparing times).
    static func json(_ name: String, cached: Sample, uncached: Sample, output: String) -> String {
        "{\"case\":\"\(name)\",\"cached_ns\":\(Int(cached.ns)),\"uncached_ns\":\(Int(uncached.ns)),"
            + "\"cached_allocs\":\(cached.allocationsText),\"uncached_allocs\":\(uncached.allocationsText),"
            + "\"output\":\(quoted(output))}"
    }

    /// `text` as a JSON string.
    static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// The calls of `WidgetFormatter` beside messages, in Turkish: cached (the locale's data decoded by an earlier
    /// call) and uncached (each call the first in a locale never used before, so its data is decoded then).
    static let valueCases: [(name: String, call: @Sendable (WidgetFormatter) -> String)] = [
        ("relativeTime", { $0.relativeTime(-5, unit: .minute) }),
        ("relativeTime auto", { $0.relativeTime(-1, unit: .day, numeric: .auto) }),
        ("list", { $0.list(["Ayşe", "Mehmet", "Zeynep"]) }),
        ("duration", { $0.duration(DurationFields(hours: 1, minutes: 20)) }),
        ("displayName", { $0.displayName(of: "en-GB") ?? "" }),
        // A unit the core keeps, and one of the `units` family (its names in their own section).
        ("unit, core", { $0.number(MessageNumber(12.5), skeleton: "unit/kilometer-per-hour unit-width-full-name") }),
        (
            "unit, units family",
            { $0.number(MessageNumber(12.5), skeleton: "unit/meter-per-second unit-width-full-name") }
        ),
    ]

    /// Locales to meet for the first time, one per uncached call.
    static let freshLocales = [
        "af", "am", "ar", "as", "az", "be", "bg", "bn", "bs", "ca", "cs", "cy", "da", "de", "el", "es", "et", "eu",
        "fa", "fi", "fil", "fr", "ga", "gl", "gu", "he", "hi", "hr", "hu", "hy", "id", "is", "it", "ja", "ka", "kk",
        "km", "kn", "ko", "ky", "lo", "lt", "lv", "mk", "ml", "mn", "mr", "ms", "my", "nb", "ne", "nl", "or", "pa",
        "pl", "ps", "pt", "ro", "ru", "si", "sk", "sl", "sq", "sr", "sv", "sw", "ta", "te", "th", "tk", "uk", "ur",
        "uz", "vi", "zh", "zu",
    ]

    static func valueRows(iterations: Int, rounds: Int, wanted: (String) -> Bool) -> [String] {
        let zone = ZoneInfo(identifier: "Europe/Istanbul") ?? .utc
        let formatter = WidgetFormatter(locale: LocaleTag(parsing: "tr")!, timeZone: zone)
        return valueCases.filter { wanted($0.name) }.map { name, call in
            let output = call(formatter)
            let cached = median(rounds) { measure(max(iterations / 10, 100)) { _ in _ = call(formatter) } }
            // Each case meets the locales in another order of regions, so no case finds another's data decoded.
            let region = ["AQ", "BV", "CX", "HM", "IO", "PN", "TF"][valueCases.firstIndex { $0.name == name } ?? 0]
            let fresh = freshLocales.map {
                WidgetFormatter(locale: LocaleTag(parsing: $0 + "-" + region)!, timeZone: zone)
            }
            let uncached = measure(fresh.count) { _ = call(fresh[$0]) }
            return json(name, cached: cached, uncached: uncached, output: output)
        }
    }

    /// `{a0} and {a1} and …`, forty placeholders to a line: every argument needs its source location.
    static func longMessage(placeholders: Int) -> String {
        (0..<placeholders).map { "{a\($0)}" + ($0 % 40 == 39 ? "\n" : " and ") }.joined()
    }

    /// What one timed run measured, per call.
    struct Sample {
        var ns: Double
        /// Heap allocations per call; negative where they are not counted.
        var allocations: Double

        /// With one decimal, or -1.
        var allocationsText: String { allocations < 0 ? "-1" : String(Double((allocations * 10).rounded()) / 10) }
    }

    /// Nanoseconds and allocations per call of `body` over `count` calls.
    static func measure(_ count: Int, _ body: (Int) -> Void) -> Sample {
        let allocationsBefore = widget_i18n_allocations()
        let start = ContinuousClock.now
        for index in 0..<count { body(index) }
        let elapsed = ContinuousClock.now - start
        let allocations = widget_i18n_allocations()
        let ns =
            Double(elapsed.components.seconds) * 1e9 / Double(count) + Double(elapsed.components.attoseconds) / 1e9
            / Double(count)
        return Sample(
            ns: ns, allocations: allocationsBefore < 0 ? -1 : Double(allocations - allocationsBefore) / Double(count))
    }

    /// The sample of median time among `rounds`.
    static func median(_ rounds: Int, _ sample: () -> Sample) -> Sample {
        let samples = (0..<max(rounds, 1)).map { _ in sample() }.sorted { $0.ns < $1.ns }
        return samples[samples.count / 2]
    }
}
