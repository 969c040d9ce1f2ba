import GroupContract
import I18nCore
import WidgetTranslator

/// What the command line adds to a library's message: the command that fixes it. Libraries say what happened
/// and never name a command; this is the one place that does.
enum CLIAdvice {
    /// A translator's problem, and what to run about it.
    static func text(of problem: StoreProblem) -> String {
        guard problem.code == .unusableMessages, let locale = problem.locale else { return problem.message }
        return problem.message + ". Run 'widget-i18n fetch --locale \(locale.normalized) --force' to replace them"
    }

    /// Why the stored locale was not changed, and what to run about it.
    static func text(of error: LocaleSelectionError) -> String {
        switch error {
        case .notCached(let requested, _, _):
            return "\(error); run 'widget-i18n fetch --locale \(requested.displayForm)' first"
        case .unusable(let locale, _):
            return "\(error). Run 'widget-i18n fetch --locale \(locale.displayForm) --force' to replace them"
        case .store:
            return "\(error)"
        }
    }
}
