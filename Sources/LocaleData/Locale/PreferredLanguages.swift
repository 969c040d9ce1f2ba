#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The device's preferred languages, most preferred first.
///
/// ``current`` is what a `WidgetTranslator` (and an app choosing a locale) prefers unless it is given a list: on
/// Apple platforms the system's preferred languages, elsewhere ``fromEnvironment(_:)``. That one reads the
/// environment as gettext does, on every platform: every entry of `LANGUAGE` (`pt_BR:pt:en`), then the first of `LC_ALL`,
/// `LC_MESSAGES` and `LANG` that is set. POSIX locale names lose their codeset and modifier
/// (`pt_BR.UTF-8@euro` → `pt_BR`); `C` and `POSIX` name no language.
package enum PreferredLanguages {
    /// The languages a translator prefers by default: on Apple platforms Foundation's
    /// `Locale.preferredLanguages` (a widget process has no `LANG` to read), elsewhere the environment's
    /// (``fromEnvironment(_:)``).
    ///
    /// Each platform compiles one branch. The Apple one is that single call, compiled only by an Apple SDK:
    /// Linux, where this package is built and tested, compiles and runs the environment branch alone.
    package static var current: [String] {
        #if canImport(Darwin)
            Locale.preferredLanguages
        #else
            fromEnvironment()
        #endif
    }

    /// The preferred languages that `environment` names, without duplicates; empty when it names none.
    /// - Parameter environment: the variables to read (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`); the process's
    ///   by default.
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> [String]
    {
        var result: [String] = []
        func add(_ name: String) {
            var name = Substring(name)
            if let dot = name.firstIndex(of: ".") { name = name[..<dot] }
            if let at = name.firstIndex(of: "@") { name = name[..<at] }
            guard !name.isEmpty, name != "C", name != "POSIX", !result.contains(String(name)) else { return }
            result.append(String(name))
        }
        for entry in (environment["LANGUAGE"] ?? "").split(separator: ":") { add(String(entry)) }
        if let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: {
            !$0.isEmpty
        }) {
            add(locale)
        }
        return result
    }
}
