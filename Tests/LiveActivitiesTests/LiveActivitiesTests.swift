import ActivityPush
import Foundation
import GroupStore
import HomeScreenSimulator
import I18nCore
import LiveActivities
import LocaleData
import SampleWidgets
import StringCatalog
import TestSupport
import Testing
import TimelineEngine
import WidgetTranslator

private let project = try! ProjectID("acme/widgets")
private let sampleLocales = ["en", "tr", "de", "fr", "ar", "ru", "pl", "ja", "pt-br", "zh-hant"]

/// The sample project's messages as the app's JavaScript SDK stores them, with `locale` selected.
private func store(locale: String) throws -> InMemoryGroupStore {
    var values = ["@better-i18n:locale:acme/widgets": locale]
    for code in sampleLocales {
        let data = try #require(
            FileManager.default.contents(atPath: Repository.sampleProjectLocales + "/\(code)/translations.json"))
        values["@better-i18n:messages:acme/widgets:\(code)"] = String(decoding: data, as: UTF8.self)
    }
    return InMemoryGroupStore(values)
}

private func source(_ locale: String) throws -> WidgetSource {
    WidgetSource(store: try store(locale: locale), project: project, preferredLanguages: [])
}

private let now = Date(timeIntervalSince1970: 1_796_320_800)  // 2026-12-03T18:00:00Z
private let istanbul = ZoneInfo(identifier: "Europe/Istanbul")!

@Suite struct ActivityStateTests {
    /// A date argument is `{"date": …}` in seconds since 2001, as `Date`'s Codable writes it under a default
    /// `JSONEncoder` (ActivityKit's), and the state decodes back to itself.
    @Test func theStateIsKeysAndArgumentsInActivityKitsJSON() throws {
        let state = DeliveryState.sample(at: now)
        let json = String(decoding: try ActivityStateSize.encoded(state), as: UTF8.self)
        let since2001 = now.timeIntervalSince1970 + 12 * 60 - 978_307_200
        #expect(json.contains(#""arrival":\#(Int(since2001))"#), "\(json)")
        #expect(json.contains(#""status":{"key":"delivery.status.onTheWay"}"#), "\(json)")
        #expect(try JSONDecoder().decode(DeliveryState.self, from: Data(json.utf8)) == state)
        let message = LocalizedMessage("delivery.eta", ["when": .date(now), "n": 3, "who": .string("Ayşe")])
        let encoded = try JSONEncoder().encode(message)
        #expect(try JSONDecoder().decode(LocalizedMessage.self, from: encoded) == message)
        #expect(
            String(decoding: encoded, as: UTF8.self).contains(#"{"date":\#(Int(now.timeIntervalSinceReferenceDate))"#))
    }

    /// The sample fits; a state over 4,096 bytes is refused naming its size and the limit, its non-ASCII
    /// letters counted as the UTF-8 bytes they take.
    @Test func aStateOver4KBIsRefusedWithItsSize() throws {
        #expect(try ActivityStateSize.check(DeliveryState.sample(at: now)) < 200)
        var state = DeliveryState.sample(at: now)
        state.courier = String(repeating: "ع", count: 2_100)  // 4,200 bytes of UTF-8
        let size = try ActivityStateSize.encoded(state).count
        #expect(size > 4_200)
        let error = try #require(throws: ActivityStateTooLarge.self) { try ActivityStateSize.check(state) }
        #expect(error.size == size && !error.includesAttributes)
        #expect("\(error)".contains("\(size) bytes") && "\(error)".contains("4 KB"))
        state.courier = String(repeating: "a", count: 3_900)
        let fits = try ActivityStateSize.check(state)
        // With the attributes, the two together count.
        #expect(throws: ActivityStateTooLarge.self) {
            try ActivityStateSize.check(
                state, attributes: DeliveryAttributes(orderNumber: String(repeating: "7", count: 4_096 - fits)))
        }
    }
}

@Suite struct DeliveryActivityTests {
    /// Every presentation in every bundled locale shows text from the state's keys: no key is shown as itself,
    /// no key fell back to another locale, and the translator met no problem.
    @Test(arguments: sampleLocales) func everyPresentationResolvesInEveryLocale(_ locale: String) async throws {
        let activity = DeliveryActivity(source: try source(locale))
        for family in HomeScreenFamily.activityPresentations {
            let entry = await activity.snapshot(
                in: EntryTimelineContext(family: family, timeZone: istanbul, date: now))
            #expect(!entry.lines.isEmpty)
            for line in entry.lines {
                #expect(line.text != line.key && !line.text.contains("delivery."), "\(locale) \(family) \(line)")
                #expect(line.source == .requestedLocale(LocaleTag(parsing: locale)!), "\(locale) \(family) \(line)")
            }
            #expect(entry.problems.isEmpty, "\(locale) \(family) \(entry.problems)")
            #expect(entry.direction == (locale == "ar" ? .rightToLeft : .leftToRight))
        }
    }

    /// The Lock Screen in English and Arabic (right to left, its own plural forms; `ar` has Latin digits in ICU4C
    /// 77.1: `NumberFormatter.forSkeleton("unit/minute unit-width-narrow").locale("ar")` formats 12 as `12 د`).
    @Test func theLockScreenReadsAsTheSampleInEnglishAndArabic() async throws {
        let context = EntryTimelineContext(family: .lockScreen, timeZone: istanbul, date: now)
        let english = await DeliveryActivity(source: try source("en")).snapshot(in: context)
        #expect(
            english.lines.map(\.text) == [
                "Delivery", "On the way", "Arrives in 12 minutes", "Ayşe is bringing your order",
                "3 stops before yours",
            ])
        let arabic = await DeliveryActivity(source: try source("ar")).snapshot(in: context)
        #expect(arabic.direction == .rightToLeft)
        #expect(arabic.lines.map(\.text).contains("3 توقفات قبل طلبك"), "\(arabic.lines.map(\.text))")
        let compact = await DeliveryActivity(source: try source("ar")).snapshot(
            in: EntryTimelineContext(family: .islandCompact, timeZone: istanbul, date: now))
        #expect(compact.lines.map(\.text) == ["12 د"], "\(compact.lines.map(\.text))")
    }

    /// Polish and Russian choose one, few and many by the count, as their CLDR rules say.
    @Test(arguments: [
        ("pl", 1, "1 przystanek przed Tobą"), ("pl", 2, "2 przystanki przed Tobą"),
        ("pl", 5, "5 przystanków przed Tobą"), ("pl", 22, "22 przystanki przed Tobą"),
        ("ru", 1, "Ещё 1 остановка до вас"), ("ru", 3, "Ещё 3 остановки до вас"), ("ru", 5, "Ещё 5 остановок до вас"),
        ("ru", 21, "Ещё 21 остановка до вас"),
    ])
    func theStopsLineChangesItsPluralWithTheCount(_ locale: String, _ stops: Int, _ expected: String) async throws {
        var state = DeliveryState.sample(at: now)
        state.stops = stops
        let entry = await DeliveryActivity(source: try source(locale), state: state).snapshot(
            in: EntryTimelineContext(family: .lockScreen, timeZone: istanbul, date: now))
        #expect(entry.lines.last?.text == expected)
    }

    /// The countdown has an entry at each whole minute before the arrival and one at it, whose text needs no
    /// update: no relative time, no stops.
    @Test func theCountdownEndsInATextThatNeedsNoUpdate() async throws {
        let activity = DeliveryActivity(source: try source("de"), state: .sample(at: now))
        let timeline = await activity.timeline(
            in: EntryTimelineContext(family: .lockScreen, timeZone: istanbul, date: now.addingTimeInterval(30)))
        #expect(timeline.policy == .never)
        #expect(timeline.entries.count == 13)  // now (11.5 min left), 11 … 1 minutes before, the arrival
        #expect(timeline.entries[1].date == now.addingTimeInterval(60))
        #expect(timeline.entries[0].lines[2].text == "Ankunft in 12 Minuten")
        #expect(timeline.entries[11].lines[2].text == "Ankunft in 1 Minute")
        let last = try #require(timeline.entries.last)
        #expect(last.date == now.addingTimeInterval(12 * 60))
        #expect(
            last.lines.map(\.text) == [
                "Lieferung", "Unterwegs", "Deine Bestellung ist da", "Ayşe bringt deine Bestellung",
            ])
        let compact = await activity.timeline(
            in: EntryTimelineContext(family: .islandCompact, timeZone: istanbul, date: now))
        #expect(compact.entries.first?.lines.map(\.text) == ["12 Min."])
        #expect(compact.entries.last?.lines.map(\.text) == ["Da"])
    }
}

extension DeliveryActivityTests {
    /// Three hours and 30 s away, the arrival whose entries are spelled out below.
    static let threeHoursAway: TimeInterval = 3 * 3600 + 30
    /// Arrivals a push may send, however far (typed: literal arithmetic in `@Test` and `#expect` takes the type
    /// checker seconds).
    static let arrivals: [TimeInterval] = [1e300, -1e300, threeHoursAway, 100 * 365 * 86_400]

    /// An arrival a push may send, however far: the countdown has at most 90 minute entries and an hour each
    /// before them, over no more than an activity's eight hours, and renders without trapping.
    @Test(arguments: arrivals)
    func anyArrivalGivesABoundedCountdown(_ offset: Double) async throws {
        var state = DeliveryState.sample(at: now)
        state.arrival = offset.magnitude > 1e20 ? Date(timeIntervalSinceReferenceDate: offset) : now + offset
        let activity = DeliveryActivity(source: try source("en"), state: state)
        // Now, six hours before an arrival inside the eight, 90 minutes, the arrival.
        let most: Int = 1 + 6 + 90 + 1
        for family in HomeScreenFamily.activityPresentations {
            let timeline = await activity.timeline(
                in: EntryTimelineContext(family: family, timeZone: istanbul, date: now))
            #expect(timeline.entries.count <= most, "\(offset) \(family)")
            #expect(timeline.entries.allSatisfy { !$0.lines.isEmpty })
        }
        guard offset == Self.threeHoursAway else { return }
        // Three hours and 30 s away: now, the marks three and two hours and 90 … 1 minutes before, the arrival.
        let timeline = await activity.timeline(
            in: EntryTimelineContext(family: .islandCompact, timeZone: istanbul, date: now))
        #expect(timeline.entries.count == 94)
        #expect(timeline.entries[1].date == state.arrival.addingTimeInterval(-3 * 3600))
        let texts = timeline.entries.prefix(4).map { $0.lines.map(\.text) }
        #expect(texts == [["181m"], ["180m"], ["120m"], ["90m"]])
    }
}

@Suite struct ActivityPayloadTests {
    static let bundles = try! BundledMessages.load(fromDirectory: Repository.sampleProjectLocales)

    /// The payload's fields as APNs reads them, and no display text of any locale in it.
    @Test func thePayloadCarriesKeysAndArgumentsOnly() throws {
        let alert = try ActivityAlert(
            titleKey: "delivery.alert.title", key: "delivery.alert.arrived",
            arguments: ["courier": "Ayşe", "store": "Acme"], order: ["courier", "store"])
        let payload = try ActivityPayload(
            event: .update, state: DeliveryState.sample(at: now), timestamp: now, alert: alert)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(payload.json)) as? [String: Any])
        let aps = try #require(object["aps"] as? [String: Any])
        #expect(aps["event"] as? String == "update")
        #expect(aps["timestamp"] as? Int == 1_796_320_800)
        let alertObject = try #require(aps["alert"] as? [String: Any])
        // Apple's localized Live Activity alert: a title and a body, each a key, the body's arguments by position.
        #expect(Set(alertObject.keys) == ["title", "body"])
        let body = try #require(alertObject["body"] as? [String: Any])
        #expect(body["loc-key"] as? String == "delivery.alert.arrived")
        #expect(body["loc-args"] as? [String] == ["Ayşe", "Acme"])
        #expect((alertObject["title"] as? [String: Any])?.keys.sorted() == ["loc-key"])
        #expect((alertObject["title"] as? [String: Any])?["loc-key"] as? String == "delivery.alert.title")
        let state = try JSONSerialization.data(withJSONObject: try #require(aps["content-state"]))
        #expect(try JSONDecoder().decode(DeliveryState.self, from: state) == DeliveryState.sample(at: now))
        let text = String(decoding: payload.json, as: UTF8.self)
        for (_, bundle) in Self.bundles {
            for key in bundle.keys where key.hasPrefix("delivery.") {
                let message = try #require(bundle.message(forKey: key))
                guard !message.contains("{"), message != "✓" else { continue }
                #expect(!text.contains(message), "\(key): \(message)")
            }
        }
        #expect(payload.json.count < ActivityPayload.apnsLimit)
    }

    /// In every locale, the catalog `catalog export` writes for the alert's key, filled with `loc-args` by
    /// position as the system fills it, reads as the widget's own text for the key: the count and the order of
    /// the arguments are the catalog's, also where a translation reorders them (ja, tr).
    @Test func theAlertsLocArgsFillTheCatalogsSpecifiersInEveryLocale() throws {
        let key = "delivery.alert.arrived"
        let exporter = CatalogExport(sourceLocale: .english, keyPrefixes: [key])
        let order = try exporter.arguments(of: key, in: Self.bundles)
        #expect(order.map(\.name) == ["courier", "store"])
        #expect(order.allSatisfy { $0.specifier == .string })
        let values = ["courier": "Ayşe", "store": "Acme"]
        let alert = try ActivityAlert(key: key, arguments: values, order: order.map(\.name))
        let catalog = try exporter.catalog(from: Self.bundles)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(catalog.bytes)) as? [String: Any])
        let entry = try #require((root["strings"] as? [String: Any])?[key] as? [String: Any])
        let localizations = try #require(entry["localizations"] as? [String: Any])
        #expect(localizations.count == sampleLocales.count)
        var reordered = 0
        for (code, localization) in localizations {
            let unit = try #require((localization as? [String: Any])?["stringUnit"] as? [String: Any])
            let format = try #require(unit["value"] as? String)
            // The system's String(format:) with loc-args: `%N$@` is the Nth; positions used are exactly 1…count.
            var filled = format
            var used: Set<Int> = []
            for (index, argument) in alert.arguments.enumerated() where filled.contains("%\(index + 1)$@") {
                used.insert(index + 1)
                filled = filled.replacingOccurrences(of: "%\(index + 1)$@", with: argument)
            }
            #expect(used == [1, 2], "\(code): \(format)")
            if format.range(of: "%2$@")!.lowerBound < format.range(of: "%1$@")!.lowerBound { reordered += 1 }
            let tag = try #require(LocaleTag(parsing: code))
            let translator = WidgetTranslator(
                store: try store(locale: tag.normalized), project: project, preferredLanguages: [])
            let expected = translator.translate(key, arguments: ["courier": "Ayşe", "store": "Acme"]).text
            #expect(filled == expected, "\(code)")
        }
        #expect(reordered >= 2)
    }

    /// An alert missing an argument or given one its key lacks is refused naming it.
    @Test func anAlertsArgumentsMustBeTheKeys() {
        let missing = #expect(throws: ActivityAlertError.self) {
            try ActivityAlert(key: "k", arguments: ["courier": "Ayşe"], order: ["courier", "store"])
        }
        #expect(missing?.code == .missingArgument && missing?.name == "store")
        #expect(missing?.description == "The alert 'k' needs store=…; its arguments are courier (1), store (2)")
        let unknown = #expect(throws: ActivityAlertError.self) {
            try ActivityAlert(key: "k", arguments: ["courier": "Ayşe", "extra": "x"], order: ["courier"])
        }
        #expect(unknown?.code == .unknownArgument && unknown?.name == "extra" && unknown?.expected == ["courier"])
        let start = #expect(throws: ActivityPayloadError.self) {
            try ActivityPayload(event: .start, state: DeliveryState.sample(at: now), timestamp: now)
        }
        #expect(start?.code == .startNeedsAttributes)
    }
}
