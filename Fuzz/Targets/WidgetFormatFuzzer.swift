import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// libFuzzer entry: every value call of the widget's formatter (`WidgetFormatter`, compiled in by Fuzz/run.sh) and
// the calendar helpers a timeline counts with, on fuzzed values: relative times of any double and between any two
// instants with any thresholds, lists of fuzzed items, durations of any fields, names of any code, skeletons. A
// date past `DateRangeError.range` must be that error, never a trap (issue 32: `relativeTime(from:to:)` trapped
// past ±2^63 s and on NaN).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWidgetFormat(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let format = WidgetFormatter(locale: input.pick(FuzzInput.locales), timeZone: input.pick(FuzzInput.zones))
    let lengths = FormatLength.allCases
    let value = input.double()
    _ = format.relativeTime(
        value, unit: input.pick(RelativeTimeUnit.allCases), style: input.pick(lengths),
        numeric: input.pick(RelativeTimeNumeric.allCases))
    let date = Date(timeIntervalSince1970: input.double())
    let now = Date(timeIntervalSince1970: input.pick([1_790_000_000, input.double()]))
    let thresholds = RelativeTimeThresholds(
        second: input.pick([45, input.double()]), minute: 45, hour: input.pick([22, 26, input.double()]),
        day: input.pick([5, input.double()]))
    let inRange =
        DateRangeError.range.contains(date.timeIntervalSince1970)
        && DateRangeError.range.contains(now.timeIntervalSince1970)
    do {
        _ = try format.relativeTime(from: date, to: now, thresholds: thresholds)
        precondition(inRange, "a date past the range was formatted")
        let boundary = try RelativeTimeSelection.nextBoundary(
            of: date, after: now, timeZone: format.timeZone, thresholds: thresholds)
        precondition(!(boundary < now), "the next boundary \(boundary) is before \(now)")
    } catch {
        precondition(!inRange, "a date in the range was refused: \(error)")
    }
    _ = try? format.dateTime(date, skeleton: input.text(limit: 12))
    let items = (0..<Int(input.byte() % 8)).map { _ in input.text(limit: 6) }
    _ = format.list(items, type: input.pick(ListType.allCases), style: input.pick(lengths))
    var fields = DurationFields()
    for field in [\DurationFields.years, \.months, \.weeks, \.days, \.hours, \.minutes, \.seconds]
    where input.byte() % 2 == 0 {
        fields[keyPath: field] = input.double()
    }
    _ = format.duration(fields, style: input.pick(DurationStyle.allCases))
    _ = format.displayName(
        of: input.text(limit: 20), type: input.pick(DisplayNameType.allCases), style: input.pick(lengths))
    _ = format.number(MessageNumber(input.double()), skeleton: input.text(limit: 24))
    let zone = format.timeZone
    // At most ten days of midnights: a span of 100,000,000 days is the caller's to ask for, not a crash.
    let from = DateRangeError.clamped(now)
    _ = zone.midnights(
        after: Date(timeIntervalSince1970: from),
        through: Date(timeIntervalSince1970: from + Double(input.byte()) * 3600))
    _ = zone.midnights(after: date, through: date.addingTimeInterval(-1))
    _ = zone.months(from: date, to: now)
    _ = zone.startOfDay(number: Int(truncatingIfNeeded: UInt64(input.byte()) << 56 | UInt64(input.byte())))
    return 0
}
