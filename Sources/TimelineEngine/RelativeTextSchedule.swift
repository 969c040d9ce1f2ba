import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// When a relative text ("Updated 5 minutes ago") changes, so that a timeline can carry an entry for each change
/// instead of spending reloads on it. SwiftUI's `Text(date, style: .relative)` keeps itself current, but only as a
/// text of its own, in Apple's wording: a relative time inside a translated sentence ("{ago} güncellendi"), worded
/// as the app's JavaScript words it, is formatted by the widget, which needs an entry wherever the text changes.
///
/// The changes are found, not guessed: the text is formatted at each instant where formatjs' `selectUnit` may
/// answer differently (`RelativeTimeSelection.nextBoundary`), and an instant is kept when the text differs from
/// the last one kept. So words ("now", "yesterday"), plural forms and locales whose text stays the same across a
/// step all come out right.
///
/// **The policy.** Entries are placed exactly at changes, then thinned as they get further apart:
/// - a change is kept only when it is at least `minimumSpacing` (default 45 s) after the last entry kept, so the
///   seconds of the first 45 seconds collapse into the switch to "1 minute ago";
/// - a change that would show for less than that spacing gives way to the next one ("45 minutes ago", half a
///   minute before "1 hour ago"), unless that would leave the entry before it on screen for twice the spacing;
/// - a change is kept only when it is at least `spacingFraction` (default 1/50) of the text's age after the last
///   one: with `selectUnit`'s units that keeps every minute up to "44 minutes ago", then every hour, then every
///   day, and a finer unit (a custom text in seconds) is thinned to one entry per fiftieth of its age;
/// - at most `maximumEntries` (default 100) are placed; the rest wait for the timeline's next reload.
///
/// None of it costs a reload: the entries are part of one timeline, reloaded by its policy (the sample `today`
/// widget's at midnight), so the daily reload budget WidgetKit keeps is untouched by the relative text.
public struct RelativeTextSchedule: Sendable {
    /// The least time between two entries.
    package var minimumSpacing: Double
    /// The least time between two entries, as a fraction of the text's age at the later one.
    package var spacingFraction: Double
    /// The most change instants returned.
    package var maximumEntries: Int

    /// A schedule with the policy's defaults: 45 s apart at least, a fiftieth of the age apart at least, 100 entries.
    /// - Parameters:
    ///   - minimumSpacing: the least time between two entries, in seconds.
    ///   - spacingFraction: the least time between two entries, as a fraction of the text's age.
    ///   - maximumEntries: the most instants returned.
    public init(minimumSpacing: Double = 45, spacingFraction: Double = 0.02, maximumEntries: Int = 100) {
        self.minimumSpacing = minimumSpacing
        self.spacingFraction = spacingFraction
        self.maximumEntries = maximumEntries
    }

    /// The instants after `start` and up to `end` at which the text describing `date` changes, thinned by the
    /// policy: each is the first instant (to the millisecond) that shows the new text.
    /// - Parameters:
    ///   - date: the instant the text describes ("updated at").
    ///   - start: the instant of the timeline's first entry; a change exactly then is not returned.
    ///   - end: the last instant to consider.
    ///   - timeZone: the zone whose calendar months the unit selection counts.
    ///   - thresholds: the thresholds `text` selects its unit with; formatjs' by default.
    ///   - text: the text shown at an instant, e.g. `{ try translator.format.relativeTime(from: date, to: $0) }`.
    /// - Throws: `DateRangeError` when `date`, `start` or `end` lies outside `DateRangeError.range` (the dates of
    ///   JavaScript's `Date`), or what `text` throws.
    public func changes(
        of date: Date, after start: Date, through end: Date, timeZone: ZoneInfo,
        thresholds: RelativeTimeThresholds = .formatjs, text: (Date) throws -> String
    ) throws -> [Date] {
        try DateRangeError.check(date, start, end)
        var raw = try RawChanges(
            date: date, now: start, end: end, timeZone: timeZone, thresholds: thresholds, shown: text(start))
        var result: [Date] = []
        var shown = raw.shown
        var lastEntry = start
        var change = try raw.next(text)
        while let current = change, result.count < maximumEntries {
            let following = try raw.next(text)
            let spacing = max(minimumSpacing, abs(current.instant.timeIntervalSince(date)) * spacingFraction)
            if current.instant.timeIntervalSince(lastEntry) >= spacing, current.text != shown {
                // A text that would show only briefly gives way to the next one, unless waiting for that one would
                // leave the entry before it on screen for more than twice the spacing.
                let brief = following.map {
                    $0.instant.timeIntervalSince(current.instant) < spacing
                        && $0.instant.timeIntervalSince(lastEntry) < 2 * spacing
                }
                if brief != true {
                    result.append(current.instant)
                    shown = current.text
                    lastEntry = current.instant
                }
            }
            change = following
        }
        return result
    }

    /// Every change of the text, unthinned, in order: where `selectUnit` may answer differently and the text does
    /// differ.
    private struct RawChanges {
        let date: Date
        var now: Date
        let end: Date
        let timeZone: ZoneInfo
        let thresholds: RelativeTimeThresholds
        var shown: String
        var steps = 0

        mutating func next(_ text: (Date) throws -> String) throws -> (instant: Date, text: String)? {
            // A step of a rounded value takes effect just after its half (JavaScript rounds halves up), so the text
            // at a boundary may still be the old one; a millisecond later it is the new one.
            while steps < 100_000 {
                steps += 1
                let boundary = try RelativeTimeSelection.nextBoundary(
                    of: date, after: now, timeZone: timeZone, thresholds: thresholds)
                guard boundary <= end else { return nil }
                var instant = boundary
                var current = try text(instant)
                if current == shown {
                    instant = boundary.addingTimeInterval(0.001)
                    guard instant <= end else { return nil }
                    current = try text(instant)
                }
                now = instant
                guard current != shown, instant <= end else { continue }
                shown = current
                return (instant, current)
            }
            return nil
        }
    }
}
