import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A date outside the range a widget formats and counts with: ECMAScript's time values, 100,000,000 days either
/// side of 1970 (±8.64e12 s, ECMA-262 § 21.4.1.1), which is every date a JavaScript app can send. NaN is outside
/// it. It is the one error of every date-taking call that could not give a true answer past it: relative times
/// and their boundaries (`RelativeTimeSelection`, `WidgetFormatter.relativeTime(from:to:)`), skeleton formatting
/// and relative-text schedules. A message's `{d, date}` reports the same range as a per-message problem, and the
/// calendar helpers of `ZoneInfo` count a date past it as the range's nearest end.
public struct DateRangeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error it is: `outOfRange`, the one kind.
    public typealias Code = ErrorCode<DateRangeError>

    /// The seconds since 1970 of the date that was refused (NaN for NaN).
    package let secondsSince1970: Double

    /// What kind of error it is, to compare.
    public var code: Code { .outOfRange }

    /// The seconds since 1970 a date may have.
    package static let range: ClosedRange<Double> = -8.64e12...8.64e12

    /// An error for `date`.
    /// - Parameter date: the refused date.
    package init(_ date: Date) { secondsSince1970 = date.timeIntervalSince1970 }

    public var description: String {
        "\(secondsSince1970) s since 1970 is not a date a widget can format: dates lie within 100,000,000 days of "
            + "1970 (±8.64e12 s), as JavaScript's Date"
    }

    /// Throws for the first of `dates` outside `range`.
    /// - Parameter dates: the dates to check.
    package static func check(_ dates: Date...) throws(DateRangeError) {
        for date in dates where !range.contains(date.timeIntervalSince1970) { throw DateRangeError(date) }
    }

    /// `date`'s seconds since 1970 moved into `range`: the nearest end, 0 for NaN. What arithmetic that must stay
    /// total counts with.
    /// - Parameter date: the date.
    package static func clamped(_ date: Date) -> Double {
        let raw = date.timeIntervalSince1970
        return raw.isNaN ? 0 : min(max(raw, range.lowerBound), range.upperBound)
    }
}

extension ErrorCode where Domain == DateRangeError {
    /// The date lies outside ECMAScript's range, or is NaN.
    public static var outOfRange: Self { Self("outOfRange") }
}
