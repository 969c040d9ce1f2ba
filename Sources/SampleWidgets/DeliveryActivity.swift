import HomeScreenSimulator
import I18nCore
import LiveActivities
import LocaleData
import TimelineEngine
import WidgetTranslator

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `delivery` sample Live Activity's static data: ActivityKit's `ActivityAttributes`, set when the activity
/// starts.
package struct DeliveryAttributes: Codable, Hashable, Sendable {
    /// The order's number, shown as it is (data, not text).
    package var orderNumber: String

    /// The attributes of order `orderNumber`.
    /// - Parameter orderNumber: the order's number.
    package init(orderNumber: String) {
        self.orderNumber = orderNumber
    }
}

/// The `delivery` sample Live Activity's dynamic data: ActivityKit's `ContentState`, as keys and arguments, never
/// display text, so a server that does not know the user's language can push it.
///
///     {"status":{"key":"delivery.status.onTheWay"},"courier":"Ayşe","stops":3,"arrival":786300000}
///
/// (`arrival` in seconds since 2001, as ActivityKit's JSON encodes a `Date`.)
package struct DeliveryState: Codable, Hashable, Sendable {
    /// The order's status, a message key (`delivery.status.onTheWay`, `delivery.status.preparing`).
    package var status: LocalizedMessage
    /// The courier's name, an argument.
    package var courier: String
    /// How many stops the courier makes before this one.
    package var stops: Int
    /// When the order arrives: the countdown runs to it.
    package var arrival: Date

    /// A state with `status`, the courier, the stops and the arrival.
    /// - Parameters:
    ///   - status: the status message.
    ///   - courier: the courier's name.
    ///   - stops: the stops before this one.
    ///   - arrival: when the order arrives.
    package init(status: LocalizedMessage, courier: String, stops: Int, arrival: Date) {
        self.status = status
        self.courier = courier
        self.stops = stops
        self.arrival = arrival
    }

    private enum CodingKeys: String, CodingKey {
        case status, courier, stops, arrival
    }

    /// Decodes a state as ActivityKit encodes it, `stops` a whole number from 0.
    /// - Throws: `DecodingError`; for a `stops` that is negative, fractional or past `Int.max` (which JSONDecoder
    ///   reports as "not valid JSON"), one that says what `stops` must be and what it is.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decode(LocalizedMessage.self, forKey: .status)
        courier = try container.decode(String.self, forKey: .courier)
        // A missing or non-number `stops` is the decoder's own error; any other is a number no Int holds.
        var decoded: Int?
        do { decoded = try container.decode(Int.self, forKey: .stops) } catch let error as DecodingError {
            throw error
        } catch {
            decoded = nil
        }
        guard let stops = decoded, stops >= 0 else {
            let shown = decoded.map(String.init) ?? (try? container.decode(Decimal.self, forKey: .stops))?.description
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "'stops' must be a whole number from 0 to \(Int.max)"
                        + (shown.map { ", not \($0)" } ?? "")))
        }
        self.stops = stops
        arrival = try container.decode(Date.self, forKey: .arrival)
    }

    /// The sample's state at `date`: on the way with Ayşe, three stops, arriving 12 minutes later.
    /// - Parameter date: the moment the state is made.
    package static func sample(at date: Date) -> DeliveryState {
        DeliveryState(
            status: LocalizedMessage("delivery.status.onTheWay"), courier: "Ayşe", stops: 3,
            arrival: date.addingTimeInterval(12 * 60))
    }
}

/// The `delivery` sample Live Activity: "On the way · Arrives in 12 minutes · Ayşe is bringing your order · 3
/// stops before yours" on the Lock Screen and in the expanded Dynamic Island, "12m" in the compact view and
/// "12" in the minimal one, all from the state's keys and arguments, in the app's language.
///
/// An activity has no timeline: the system redraws it when its state changes. The countdown is the
/// relative-time formatter's text at each whole minute before the arrival (what `Text(timerInterval:)` counts on
/// the device), and at the arrival it becomes a text that needs no update ("Your order is here"), so an activity
/// whose last push is late never shows a time in the past. Its timeline here is those moments, with
/// `.never` reloading.
package struct DeliveryActivity: EntryTimelineProvider {
    /// `delivery`: the activity's kind.
    package let kind = "delivery"
    /// The store, project and locales the widget extension reads.
    package let source: WidgetSource
    /// The state to show; the sample's at the context's date when `nil`.
    package let state: DeliveryState?

    /// The countdown counts minutes up to 90 (`in 75 minutes`), then hours.
    static let thresholds = RelativeTimeThresholds(minute: 90)

    /// A Live Activity lasts at most eight hours (ActivityKit, "Displaying live data with Live Activities"): the
    /// countdown has entries for no more than that, whatever arrival a push sends.
    static let longestCountdown: TimeInterval = 8 * 3600

    /// The seconds from `date` to the state's arrival: 0 once arrived, at most `longestCountdown`.
    static func secondsLeft(_ state: DeliveryState, at date: Date) -> TimeInterval {
        let left = state.arrival.timeIntervalSince(date)
        return left.isNaN ? 0 : min(max(left, 0), longestCountdown)
    }

    /// The activity reading its messages from `source`, showing `state`.
    /// - Parameters:
    ///   - source: where the extension reads its messages.
    ///   - state: the activity's state; the sample's at each context's date when `nil`, the default.
    package init(source: WidgetSource, state: DeliveryState? = nil) {
        self.source = source
        self.state = state
    }

    /// An entry with only the activity's title.
    package func placeholder(in context: EntryTimelineContext) -> WidgetEntry {
        var builder = EntryBuilder(translator: source.translator(timeZone: context.timeZone))
        builder.add("delivery.title", as: .title)
        return builder.entry(at: context.date, family: context.family)
    }

    /// The entry for the context's date.
    package func snapshot(in context: EntryTimelineContext) async -> WidgetEntry {
        render(
            at: context.date, state: state ?? .sample(at: context.date), context: context,
            translator: source.translator(timeZone: context.timeZone))
    }

    /// Entries for now, for each whole minute of the last 90 before the arrival (each whole hour before them), and
    /// for the arrival, never reloaded.
    package func timeline(in context: EntryTimelineContext) async -> EntryTimeline<WidgetEntry> {
        let state = state ?? .sample(at: context.date)
        let translator = source.translator(timeZone: context.timeZone)
        let left = Self.secondsLeft(state, at: context.date)
        var dates = [context.date]
        if left > 0 {
            // The marks counted back from the arrival (the countdown's text changes there), then the arrival.
            let minutes = stride(from: min(Int((left / 60).rounded(.up)) - 1, 90), through: 1, by: -1).map { $0 * 60 }
            let hours = stride(from: Int((left / 3600).rounded(.up)) - 1, through: 2, by: -1).map { $0 * 3600 }
            dates += (hours + minutes).map { state.arrival.addingTimeInterval(-Double($0)) }.filter {
                $0 > context.date
            }
            dates.append(state.arrival)
        }
        return EntryTimeline(
            entries: dates.map { render(at: $0, state: state, context: context, translator: translator) },
            policy: .never)
    }

    func render(at date: Date, state: DeliveryState, context: EntryTimelineContext, translator: WidgetTranslator)
        -> WidgetEntry
    {
        var builder = EntryBuilder(translator: translator)
        let arrived = date >= state.arrival
        let minutes = LocalizedMessage.Argument.number(
            MessageNumber(Int((Self.secondsLeft(state, at: date) / 60).rounded(.up))))
        switch context.family {
        case .islandCompact:
            builder.add(
                arrived ? "delivery.compact.arrived" : "delivery.compact.minutes", ["minutes": minutes], as: .headline)
        case .islandMinimal:
            builder.add(
                arrived ? "delivery.minimal.arrived" : "delivery.minimal.minutes", ["minutes": minutes], as: .headline)
        default:
            if context.family != .islandExpanded { builder.add("delivery.title", as: .title) }
            builder.add(message: state.status, as: .headline)
            if arrived {
                builder.add("delivery.arrived", as: .body)
            } else if let eta = try? translator.format.relativeTime(
                from: state.arrival, to: date, thresholds: Self.thresholds)
            {
                builder.add("delivery.eta", ["eta": .string(eta)], as: .body)
            }
            builder.add("delivery.courier", ["courier": .string(state.courier)], as: .body)
            if !arrived, state.stops > 0 {
                builder.add("delivery.stops", ["stops": .number(MessageNumber(state.stops))], as: .secondary)
            }
        }
        return builder.entry(at: date, family: context.family)
    }
}
