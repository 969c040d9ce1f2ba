import Foundation
import LocaleData
import Testing

/// What an ICU corpus check returns: each case that does not come out as ICU printed it, and how many it checked.
public typealias CorpusFailures = (failures: [String], count: Int)

/// Expects a corpus check to find no case that differs from ICU, and to have checked at least `minimum` cases
/// (so a corpus that was cut short cannot pass); the comment names the first `shown` differences.
public func expectEveryCaseAsICU(
    _ result: CorpusFailures, atLeast minimum: Int, showing shown: Int = 80,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(result.count >= minimum, "\(result.count) cases, fewer than \(minimum)", sourceLocation: sourceLocation)
    #expect(
        result.failures.isEmpty,
        Comment(
            rawValue: "\(result.failures.count) of \(result.count) differ:\n"
                + result.failures.prefix(shown).joined(separator: "\n")),
        sourceLocation: sourceLocation)
}

/// The body of an exit test that checks a corpus on a slice: installs the locale data of `locales` only (every
/// family, as `widget-i18n data --families all` cuts it) before anything formats, then runs `check` and exits
/// 0 when it finds no difference, 1 printing the first twenty otherwise (2 when the slice cannot be installed).
/// - Parameters:
///   - locales: The corpus's locales.
///   - check: The corpus's check, as ``expectEveryCaseAsICU(_:atLeast:showing:sourceLocation:)`` takes it.
public func exitCheckingOnASlice(of locales: [String], _ check: () throws -> CorpusFailures) -> Never {
    let tags = Set(locales).compactMap { LocaleTag(parsing: $0) }
    let slice = LocaleDataSlice(locales: tags, families: Set(LocaleDataTables.Family.allCases))
    do { try LocaleDataTables.install(slice.installable()) } catch { exit(2) }
    let found = (try? check().failures) ?? ["the corpus could not be read"]
    for failure in found.prefix(20) { print(failure) }
    exit(found.isEmpty ? 0 : 1)
}
