import GroupContract
import I18nCore
import WidgetTranslator

/// What the command line adds to a library's message: the command that fixes it. Libraries say what happened
/// and never name a command; this is the one place that does.
enum CLIAdvice {
    /// The library settings a message names, and the command line's options for them.
    static let options = [
        ("FetchOptions.caCertificatePath", "--cacert FILE"), ("FetchOptions.timeout", "--timeout"),
        ("FetchOptions.cdn", "--cdn"), ("FileGroupStore(directory:)", "--group-dir"),
    ]

    /// `text` with each library setting it names spelled as the option that sets it here: a library error says
    /// "raise FetchOptions.timeout", the command line "raise --timeout".
    static func flags(in text: String) -> String {
        options.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    /// A translator's problem, and what to run about it.
    /// - Parameters:
    ///   - problem: what the translator met.
    ///   - readOnlyCopy: whether the store is `--suite-plist`'s copy of a suite, which takes no fetch.
    static func text(of problem: StoreProblem, readOnlyCopy: Bool = false) -> String {
        guard problem.code == .unusableMessages, let locale = problem.locale else { return problem.message }
        guard !readOnlyCopy else {
            return problem.message
                + ". --suite-plist reads a copy, which nothing here writes: replace them in the suite "
                + "the copy came from (on a device, in the app; a suite here: 'widget-i18n fetch --locale "
                + "\(locale.displayForm) --force --suite NAME'), then copy its property list again"
        }
        return problem.message + ". Run 'widget-i18n fetch --locale \(locale.displayForm) --force' to replace them"
    }

    /// Why the stored locale was not changed, and what to run about it.
    static func text(of error: LocaleSelectionError) -> String {
        switch (error.code, error.locale) {
        case (.notCached, let locale?):
            return "\(error); run 'widget-i18n fetch --locale \(locale.displayForm)' first"
        case (.unusable, let locale?):
            return "\(error). Run 'widget-i18n fetch --locale \(locale.displayForm) --force' to replace them"
        default:
            return "\(error)"
        }
    }
}
