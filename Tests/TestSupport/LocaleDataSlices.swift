import Foundation
import LocaleData

/// The body of an exit test that checks a corpus on a slice: installs the locale data of `locales` only (every
/// family, as `widget-i18n data --families all` cuts it) before anything formats, then runs `failures` and exits
/// 0 when it finds none, 1 printing the first twenty otherwise (2 when the slice cannot be installed).
/// - Parameters:
///   - locales: The corpus's locales.
///   - failures: The corpus's check: each case that does not come out as ICU printed it.
public func exitCheckingOnASlice(of locales: [String], _ failures: () throws -> [String]) -> Never {
    let tags = Set(locales).compactMap { LocaleTag(parsing: $0) }
    let slice = LocaleDataSlice(locales: tags, families: Set(LocaleDataTables.Family.allCases))
    do { try LocaleDataTables.install(slice.installable()) } catch { exit(2) }
    let found = (try? failures()) ?? ["the corpus could not be read"]
    for failure in found.prefix(20) { print(failure) }
    exit(found.isEmpty ? 0 : 1)
}
