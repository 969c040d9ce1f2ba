import I18nCore
import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A daily allowance of timeline reloads, like WidgetKit's: each reload the host performs on a request or a
/// policy costs one; when the day's allowance is spent, reloads wait for the next local day.
package struct ReloadBudget: Hashable, Sendable {
    /// How many reloads a local day allows.
    package let dailyLimit: Int
    /// The start of the local day that `used` counts, or `nil` before the first reload is counted.
    package private(set) var day: Date?
    /// How many reloads have been counted on `day`.
    package private(set) var used = 0

    /// A budget of `dailyLimit` reloads per local day, none of them used yet.
    /// - Parameter dailyLimit: how many reloads a local day allows.
    package init(dailyLimit: Int) {
        self.dailyLimit = dailyLimit
    }

    /// Whether a reload at `date` fits, counting it if it does.
    /// - Parameters:
    ///   - date: when the reload would happen.
    ///   - timeZone: the zone whose local days the allowance is counted in.
    package mutating func consume(at date: Date, timeZone: ZoneInfo) -> Bool {
        let today = timeZone.startOfDay(for: date)
        if day != today {
            day = today
            used = 0
        }
        guard used < dailyLimit else { return false }
        used += 1
        return true
    }

    /// When the allowance is renewed after `date`: the next local midnight.
    /// - Parameters:
    ///   - date: the instant to look from.
    ///   - timeZone: the zone whose local midnight renews the allowance.
    package func renewal(after date: Date, timeZone: ZoneInfo) -> Date {
        timeZone.startOfDay(number: timeZone.dayNumber(of: date) + 1)
    }
}
