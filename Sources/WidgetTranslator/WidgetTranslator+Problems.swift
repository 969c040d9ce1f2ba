import GroupContract
import GroupStore
import I18nCore
import LocaleData
import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the translator met reading the store, reported once each instead of thrown.
extension WidgetTranslator {
    /// Problems met while reading the store (unreadable values, corrupt bundles, invalid stored locale).
    public var diagnostics: [String] { problems.map(\.description) }

    /// Problems met while reading the store, each once, in the order met: what ``diagnostics`` says, with a
    /// code to switch on and the locale concerned.
    public var problems: [StoreProblem] { state.withLock { $0.problems } }

    /// What `error`, met reading the messages of `locale`, is as a problem: messages that are not a bundle
    /// are unusable, anything else unreadable.
    func problem(_ error: any Error, locale: LocaleTag, then: String) -> StoreProblem {
        guard let error = error as? MessageBundleError else {
            return StoreProblem(.unreadableValue, locale: locale, message: "\(error)\(then)")
        }
        return StoreProblem(
            .unusableMessages, locale: locale,
            message:
                "The cached messages for '\(locale.displayForm)' in \(store.displayName) are unusable (\(error))\(then)"
        )
    }

    /// Reports, once per locale, a locale the build's locale data slice does not hold: it still renders, with
    /// the nearest locale of its chain the slice holds.
    ///
    /// A build with no locale data at all (the `AllLocaleData` trait off and no slice installed) is said once,
    /// whatever the locale, with the call that fixes it, instead of a family or a locale at a time.
    func reportIfOutsideSlice(_ locale: LocaleTag) {
        guard let sliced = LocaleDataTables.sliceLocales else { return }
        if sliced.isEmpty {
            guard state.withLock({ $0.sliceChecked.insert("").inserted }) else { return }
            return report(
                StoreProblem(
                    .localeOutsideSlice, locale: locale,
                    message: "This build has no locale data: the package's AllLocaleData trait is off and no slice "
                        + "is installed, so every locale formats as 'root'; call try LocaleDataTables.install("
                        + ".widgetI18nSlice) before anything formats, in the widget's WidgetBundle init and the app's "
                        + "init"))
        }
        guard state.withLock({ $0.sliceChecked.insert(locale.normalized).inserted }),
            let fallback = LocaleDataTables.fallback(for: locale)
        else { return }
        report(
            StoreProblem(
                .localeOutsideSlice, locale: locale,
                message: "This build's locale data is a slice of \(sliced.joined(separator: ", ")), which does not "
                    + "hold '\(locale.displayForm)': its numbers and dates are formatted as '\(fallback)'"))
    }

    func report(_ problem: StoreProblem) {
        state.withLock { state in
            if !state.problems.contains(problem) { state.problems.append(problem) }
        }
    }
}
