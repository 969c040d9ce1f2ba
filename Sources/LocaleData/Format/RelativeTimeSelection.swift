#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The unit and value a relative time between two instants is shown in, chosen as formatjs' `selectUnit` chooses
/// them (`@formatjs/intl-utils`, `packages/intl-utils/src/diff.ts`), so that a widget says what the app's
/// `formatRelativeTime(selectUnit(date))` says:
///
/// | distance from `date` to `now` | unit | value |
/// |---|---|---|
/// | under 45 seconds | second | seconds, rounded |
/// | under 45 minutes | minute | minutes, rounded |
/// | under 22 hours | hour | hours, rounded |
/// | under 5 days | day | days (of 24 hours), rounded |
/// | another calendar year | year | difference of the local years |
/// | another calendar month | month | difference of the local months |
/// | otherwise | week | weeks, rounded |
///
/// Rounding is JavaScript's `Math.round`: halves go up (-2.5 is -2). Years and months are the Gregorian fields of
/// both instants in `timeZone`, as `Date.getFullYear()` and `getMonth()` read them in the app's zone. The four
/// thresholds can be moved, as `selectUnit`'s third argument moves them (`RelativeTimeThresholds`). Both instants
/// must lie in `DateRangeError.range`, the dates a JavaScript app can send; any other throws `DateRangeError`.
package struct RelativeTimeSelection: Hashable, Sendable {
    /// How many units `date` is from `now`: negative in the past ("5 minutes ago" is -5).
    package let value: Double
    /// The unit of `value`.
    package let unit: RelativeTimeUnit

    /// The units `selectUnit` counts below its thresholds, each with its length in seconds and its limit, in
    /// seconds.
    static func regimes(_ thresholds: RelativeTimeThresholds) -> [(
        unit: RelativeTimeUnit, seconds: Double, limit: Double
    )] {
        [
            (.second, 1, thresholds.second), (.minute, 60, thresholds.minute * 60),
            (.hour, 3600, thresholds.hour * 3600), (.day, 86_400, thresholds.day * 86_400),
        ]
    }
    static let week = 604_800.0

    /// The unit and value of `date` seen from `now`.
    /// - Parameters:
    ///   - date: the instant described ("updated at").
    ///   - now: the instant it is described from.
    ///   - timeZone: the zone whose calendar years and months count.
    ///   - thresholds: where each unit gives way to the next; formatjs' by default.
    /// - Throws: `DateRangeError` for an instant outside `DateRangeError.range`, or NaN.
    package init(
        of date: Date, from now: Date, timeZone: ZoneInfo, thresholds: RelativeTimeThresholds = .formatjs
    ) throws(DateRangeError) {
        try DateRangeError.check(date, now)
        let seconds = date.timeIntervalSince(now)
        for threshold in Self.regimes(thresholds) where abs(seconds) < threshold.limit {
            self.init(value: Self.round(seconds / threshold.seconds), unit: threshold.unit)
            return
        }
        let from = Self.yearMonth(of: date, in: timeZone)
        let to = Self.yearMonth(of: now, in: timeZone)
        let years = from.year - to.year
        if years != 0 {
            self.init(value: Double(years), unit: .year)
            return
        }
        let months = years * 12 + from.month - to.month
        if months != 0 {
            self.init(value: Double(months), unit: .month)
            return
        }
        self.init(value: Self.round(seconds / Self.week), unit: .week)
    }

    /// A selection of `value` `unit`s.
    /// - Parameters:
    ///   - value: how many units; negative in the past.
    ///   - unit: the unit.
    package init(value: Double, unit: RelativeTimeUnit) {
        self.value = value
        self.unit = unit
    }

    /// The first instant after `now` at which the selection of `date` may change: where a rounded value steps, a
    /// threshold is crossed (on the way out of a unit for a past `date`, into one for a future `date`), or a local
    /// month begins. Every change happens at one of these instants; not every one of them is a change.
    /// - Parameters:
    ///   - date: the instant described.
    ///   - now: the instant to look after.
    ///   - timeZone: the zone whose calendar months count.
    ///   - thresholds: the thresholds the selection uses; formatjs' by default.
    /// - Throws: `DateRangeError` for an instant outside `DateRangeError.range`, or NaN.
    package static func nextBoundary(
        of date: Date, after now: Date, timeZone: ZoneInfo, thresholds: RelativeTimeThresholds = .formatjs
    ) throws(DateRangeError) -> Date {
        try DateRangeError.check(date, now)
        let seconds = date.timeIntervalSince(now)
        let regimes = Self.regimes(thresholds)
        // A threshold is crossed where `date - now` is ±limit; as `now` grows, `date - now` falls, so a future date
        // comes into each unit in turn (a week, then 5 days, then 22 hours …) and a past one leaves each.
        var candidates = regimes.flatMap { [$0.limit, -$0.limit] }
        // Which regime `now` is in decides which steps can matter.
        if let regime = regimes.first(where: { abs(seconds) < $0.limit }) {
            candidates.append(nextStep(seconds, every: regime.seconds))
        } else {
            candidates.append(nextStep(seconds, every: week))
            let day = timeZone.dayNumber(of: now)
            let civil = CivilCalendar.civilFromDays(Int64(day))
            let next =
                civil.month == 12
                ? CivilCalendar.daysFromCivil(year: civil.year + 1, month: 1, day: 1)
                : CivilCalendar.daysFromCivil(year: civil.year, month: civil.month + 1, day: 1)
            let monthStart = timeZone.startOfDay(number: Int(next))
            candidates.append(date.timeIntervalSince(monthStart))
        }
        // The largest `date - now'` below `seconds` is the earliest `now'` after `now`.
        let best = candidates.filter { $0 < seconds }.max() ?? (seconds - 1)
        return date.addingTimeInterval(-best)
    }

    /// The next value of `seconds` (falling, as time passes) at which `Math.round(seconds / unit)` steps: the
    /// halves, `(k + 0.5) × unit`.
    private static func nextStep(_ seconds: Double, every unit: Double) -> Double {
        let scaled = seconds / unit
        var half = (scaled - 0.5).rounded(.up) + 0.5
        if half >= scaled { half -= 1 }
        return half * unit
    }

    /// JavaScript's `Math.round`: to the nearest integer, halves towards +∞.
    static func round(_ value: Double) -> Double {
        let rounded = (value + 0.5).rounded(.down)
        return rounded == 0 ? 0 : rounded
    }

    private static func yearMonth(of date: Date, in zone: ZoneInfo) -> (year: Int, month: Int) {
        let civil = CivilCalendar.civilFromDays(Int64(zone.dayNumber(of: date)))
        return (Int(civil.year), civil.month)
    }
}
