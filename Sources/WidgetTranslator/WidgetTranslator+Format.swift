import I18nCore
import LocaleData

extension WidgetTranslator {
    /// The formatter of the detected locale and the translator's time zone (its `ICUMessageFormatter`'s, else the
    /// process's): what a widget formats relative times, lists, durations and language names with. A call that
    /// needs a family of locale data the build's slice leaves out is reported in `problems` (`.unlinkedFamily`).
    public var format: WidgetFormatter {
        let zone = timeZone ?? .current
        let locale = self.locale
        reportIfOutsideSlice(locale)
        // With every locale's data nothing is left out; with none, the one problem above says so.
        guard LocaleDataTables.sliceLocales?.isEmpty == false else {
            return WidgetFormatter(locale: locale, timeZone: zone)
        }
        return WidgetFormatter(locale: locale, timeZone: zone) { [weak self] family, shownInstead in
            self?.report(
                StoreProblem(
                    .unlinkedFamily, locale: locale,
                    message: "This build's locale data leaves out the '\(family.rawValue)' family: \(shownInstead)"))
        }
    }
}
