import CommandLineSupport
import Foundation
import GroupStore
import HomeScreenSimulator
import I18nCore
import LocaleData
import SampleWidgets
import TimelineEngine
import WidgetI18nSupport
import WidgetTranslator

/// What several commands read from their arguments the same way, with the same errors.
enum CommandInput {
    /// The sample widgets a command can render, by the name `--widget` takes.
    static let widgetKinds = ["days-since", "today"]

    /// A `--widget` value: `days-since` or `today`.
    static func widgetKind(_ text: String) throws(CLIError) -> String {
        guard widgetKinds.contains(text) else { throw .usage("Unknown widget '\(text)'; use days-since or today") }
        return text
    }

    /// A `--widget` value of `preview` and `check --layout`: a widget, or the `delivery` Live Activity.
    static func previewKind(_ text: String) throws(CLIError) -> String {
        guard widgetKinds.contains(text) || text == "delivery" else {
            throw .usage("Unknown widget '\(text)'; use days-since, today or delivery")
        }
        return text
    }

    /// A `--family` value: `small`, `medium` or `large`, or WidgetKit's `systemSmall`, `systemMedium`, `systemLarge`;
    /// with `activities`, a Live Activity's `lockScreen`, `islandCompact`, `islandMinimal`, `islandExpanded` too.
    static func family(_ name: String, activities: Bool = false) throws(CLIError) -> HomeScreenFamily {
        // WidgetKit's names too (`systemSmall`), as `timeline` prints them.
        guard let family = HomeScreenFamily(shortName: name) ?? HomeScreenFamily(rawValue: name),
            activities || !family.isActivityPresentation
        else {
            let presentations = HomeScreenFamily.activityPresentations.map(\.rawValue).joined(separator: ", ")
            throw .usage(
                "Unknown family '\(name)'; use small, medium or large"
                    + (activities ? " (a Live Activity's: \(presentations))" : ""))
        }
        return family
    }

    /// `--state FILE`: the `delivery` activity's state as JSON (`DeliveryState`), or `nil` without the option.
    static func deliveryState(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) -> DeliveryState?
    {
        guard let path = arguments.value("state") else { return nil }
        // A state file past 64 KB is no activity's: ActivityKit's limit is 4 KB (the payload names the size).
        let bytes = try regularFileBytes(
            context.path(path), shown: path, what: "the state", limit: 64 * 1024,
            tooLarge: { "it is \($0) bytes or more; an activity's state is at most 4 KB" })
        do { return try JSONDecoder().decode(DeliveryState.self, from: Data(bytes)) } catch {
            // JSONDecoder calls a string it cannot decode "not valid JSON", as it calls broken syntax.
            let reason: String
            if case .dataCorrupted = error as? DecodingError, let escape = firstUnpairedSurrogate(in: bytes) {
                reason = "the JSON holds an unpaired surrogate \(escape), which is not text"
            } else {
                reason = (error as? DecodingError)?.sentence ?? "\(error)"
            }
            throw .failure("The state '\(path)' is not a delivery state (\(reason))")
        }
    }

    /// The first `\u` escape in the strings of JSON `bytes` that is half of a UTF-16 surrogate pair without the
    /// other half (`\ud800` alone, or before `\u0041`), as written; `nil` when every escape is text.
    static func firstUnpairedSurrogate(in bytes: [UInt8]) -> String? {
        /// The code unit of the `\uXXXX` escape at `index`, if one is there.
        func unit(at index: Int) -> UInt32? {
            guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            var value: UInt32 = 0
            for byte in bytes[index + 2..<index + 6] {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
                value = value * 16 + UInt32(digit)
            }
            return value
        }
        var index = 0
        var inString = false
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                inString.toggle()
                index += 1
            case UInt8(ascii: "\\") where inString:
                guard let first = unit(at: index) else {
                    index += 2
                    continue
                }
                if (0xD800..<0xDC00).contains(first), let second = unit(at: index + 6),
                    (0xDC00..<0xE000).contains(second)
                {
                    index += 12
                } else if (0xD800..<0xE000).contains(first) {
                    return String(decoding: bytes[index..<index + 6], as: UTF8.self)
                } else {
                    index += 6
                }
            default: index += 1
            }
        }
        return nil
    }

    /// A locale given on the command line.
    static func locale(_ text: String) throws(CLIError) -> LocaleTag {
        do { return try LocaleTag(text) } catch { throw .usage(error.description) }
    }

    /// `--locale`, when given.
    static func localeOption(_ arguments: ParsedArguments) throws(CLIError) -> LocaleTag? {
        guard let text = arguments.value("locale") else { return nil }
        return try locale(text)
    }

    /// `--time-zone`, when given, with the name as the user wrote it.
    static func timeZone(_ arguments: ParsedArguments) throws(CLIError) -> (zone: ZoneInfo, name: String)? {
        guard let name = arguments.value("time-zone") else { return nil }
        guard let zone = ZoneInfo(identifier: name) else {
            throw .usage("Unknown time zone '\(name)'; use an IANA name such as 'Europe/Istanbul' or 'UTC'")
        }
        return (zone, name)
    }

    /// Whether `text`'s leading `YYYY-MM-DD`, when it has one, names a day that exists (month 1–12, day within
    /// the month, 29 February in leap years of the proleptic Gregorian calendar); text without one is left to the
    /// ISO 8601 parser.
    static func hasACalendarDay(_ text: String) -> Bool {
        let parts = text.prefix(10).split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count >= 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return true }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...12).contains(month) && (1...lengths[month - 1]).contains(day)
    }

    /// `--from`, else now. A date alone (`2026-12-01`, which ISO 8601 is too) is that day's local midnight in
    /// `--time-zone`, else the system's zone.
    static func start(_ arguments: ParsedArguments) throws(CLIError) -> Date {
        guard let text = arguments.value("from") else { return Date() }
        // Foundation's parser rolls a day that does not exist over (2026-02-30 is read as March 2): refuse it.
        guard Self.hasACalendarDay(text) else {
            throw .usage("Invalid --from '\(text)': \(text.prefix(10)) is no day of the calendar")
        }
        if text.utf8.count == 10, let day = try? Date(text + "T00:00:00Z", strategy: .iso8601) {
            let zone = try timeZone(arguments)?.zone ?? .current
            return zone.startOfDay(number: Int((day.timeIntervalSince1970 / 86_400).rounded(.down)))
        }
        guard let date = try? Date(text, strategy: .iso8601) else {
            throw .usage("Invalid --from '\(text)': use ISO 8601 such as 2026-03-28T20:00:00Z or 2026-03-28")
        }
        return date
    }

    /// A whole number option within `range`, else `fallback`.
    static func wholeNumber(
        _ name: String, in range: ClosedRange<Int>, default fallback: Int, _ arguments: ParsedArguments, unit: String
    ) throws(CLIError) -> Int {
        guard let text = arguments.value(name) else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw .usage(
                "Invalid --\(name) '\(text)': give a whole number of \(unit) from \(range.lowerBound) to "
                    + "\(range.upperBound)")
        }
        return value
    }

    /// The next line of standard input for a `--jsonl` reader, `nil` at its end; a read that fails, or a line past
    /// `InputLines.limit`, is an error (exit 1) rather than the end of the input.
    static func nextLine(_ lines: inout StandardStreams.InputLines) throws(CLIError) -> String? {
        do { return try lines.next() } catch { throw .failure("Cannot read standard input: \(error.reason)") }
    }

    /// The `"args"` object of a JSON line (`format --jsonl`, `t --jsonl`) as message arguments: numbers as JSON
    /// and JavaScript read them (`1.0` is `1`; whole numbers keep every digit), `{"$date": milliseconds}` as a
    /// date, strings as strings, anything else as its description. Anything but an object is no arguments.
    static func jsonArguments(_ json: Any?) -> MessageArguments {
        var values: MessageArguments = [:]
        for (name, value) in json as? [String: Any] ?? [:] {
            if let number = value as? NSNumber {
                // A whole number as its digits (an unsigned 64-bit one read through `intValue` changed sign).
                let isInteger = "qlisQLIS".contains(String(cString: number.objCType))
                let digits = isInteger ? MessageNumber(number.stringValue) : nil
                values[name] = .number(digits ?? MessageNumber(number.doubleValue))
            } else if let date = value as? [String: Any], let milliseconds = date["$date"] as? NSNumber {
                values[name] = .date(Date(timeIntervalSince1970: milliseconds.doubleValue / 1000))
            } else if let text = value as? String {
                values[name] = .string(text)
            } else {
                values[name] = .string("\(value)")
            }
        }
        return values
    }

    /// A `--jsonl` request line as an object, or why it is none: not JSON (with the number no double holds,
    /// such as `1e400`, named), or JSON that is no object, for which `expected` lists the members.
    static func requestObject(_ line: String, expected: String) -> Result<[String: Any], RequestLineError> {
        if let parsed = try? JSONSerialization.jsonObject(with: Data(line.utf8)) {
            guard let object = parsed as? [String: Any] else {
                return .failure(RequestLineError(description: "Not a JSON object: expected {\(expected)}"))
            }
            return .success(object)
        }
        if let number = firstUnrepresentableNumber(in: line) {
            return .failure(
                RequestLineError(
                    description: "The number \(QuotedExcerpt.of(number)) is past what a double holds (±1.8e308)"))
        }
        return .failure(RequestLineError(description: "Not JSON: expected an object {\(expected)} on one line"))
    }

    /// The first number outside the strings of `line` whose value is infinite as a double.
    static func firstUnrepresentableNumber(in line: String) -> String? {
        let bytes = Array(line.utf8)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, "0123456789+-.eE".utf8.contains(bytes[index]) { index += 1 }
            let token = String(decoding: bytes[start..<index], as: UTF8.self)
            if let value = Double(token), value.isInfinite { return token }
        }
        return nil
    }

    /// Why a request line is none.
    struct RequestLineError: Error {
        let description: String
    }

    /// One reply line of a `--jsonl` mode: compact JSON, keys sorted, `/` unescaped.
    static func jsonLine(_ object: [String: Any]) -> String {
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// The ICU formatter the CLI renders with: the widget's own, pure Swift.
    static func formatter(timeZone: ZoneInfo? = nil) -> ICUMessageFormatter {
        ICUMessageFormatter(timeZone: timeZone)
    }
}

extension Configuration {
    /// The translator a widget of this configuration would use: the group store, the project, the default
    /// locale, the environment's preferred languages, and `--bundled` messages when given.
    func translator(_ arguments: ParsedArguments) throws(CLIError) -> WidgetTranslator {
        var bundled: [LocaleTag: MessageBundle] = [:]
        if let directory = arguments.value("bundled") {
            do { bundled = try BundledMessages.load(fromDirectory: directory) } catch {
                throw .failure(error.description)
            }
        }
        return WidgetTranslator(
            store: try store(), project: try requireProject(), defaultLocale: defaultLocale,
            preferredLanguages: PreferredLanguages.fromEnvironment(environment).compactMap(LocaleTag.init(parsing:)),
            bundledMessages: bundled)
    }
}

/// What every command that renders the sample widgets (`timeline`, `host`, `preview`, `check --layout`) reads
/// the same way: `--time-zone`, `--event`, and the configured translator (store, project, `--bundled`
/// messages, the environment's languages), from which the widgets' `WidgetSource` is made.
struct WidgetRenderInput {
    let translator: WidgetTranslator
    let defaultLocale: LocaleTag
    let timeZone: ZoneInfo
    /// The time zone as the user named it (Foundation reports UTC as GMT).
    let timeZoneName: String
    let eventID: String?

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        let zone = try CommandInput.timeZone(arguments)
        timeZone = zone?.zone ?? .current
        timeZoneName = zone?.name ?? ZoneInfo.current.identifier
        eventID = arguments.value("event")
        let configuration = try context.configuration()
        translator = try configuration.translator(arguments)
        defaultLocale = configuration.defaultLocale
    }

    /// What the sample widgets read: the configured store and messages, in `locale` when given.
    func source(locale: LocaleTag? = nil) -> WidgetSource {
        WidgetSource(
            store: translator.store, project: translator.project, defaultLocale: defaultLocale, locale: locale,
            bundledMessages: translator.bundledMessages, preferredLanguages: translator.preferredLanguages)
    }
}

extension CommandInput {
    /// The bytes of the file at `path`, which messages call `what` `shown` (as the user wrote it): a regular file (a
    /// FIFO would block the command, a device never end) of at most `limit` bytes, read whole even when it grows
    /// while read (`RegularFile`); `tooLarge` says why a larger one is refused.
    static func regularFileBytes(
        _ path: String, shown: String, what: String, limit: Int, tooLarge: (Int) -> String
    ) throws(CLIError) -> [UInt8] {
        do { return try RegularFile.contents(of: path, limit: limit).bytes } catch {
            let reason: String
            switch error {
            case .system(let code):
                reason =
                    code == ENOENT
                    ? "no such file" : code == EACCES ? "permission denied" : String(cString: strerror(code))
            case .notAFile(let kind): reason = kind
            case .tooLarge(let size): reason = tooLarge(size)
            }
            throw .failure("Cannot read \(what) '\(shown)': \(reason)")
        }
    }
}
