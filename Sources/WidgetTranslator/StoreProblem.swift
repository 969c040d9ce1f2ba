import I18nCore
import LocaleData
import WidgetI18nSupport

/// Something the translator met in the group store or in the build and worked around: a value it could not read,
/// messages it could not use, a stored locale that is no locale, a locale or a family of locale data the build's
/// slice leaves out. The translator never throws; it falls back and reports these (`WidgetTranslator.problems`),
/// each once.
///
/// A caller switches on ``code``; the description says what happened in sentence case, and never tells a user
/// what to run: a command-line tool adds its own advice.
///
///     for problem in translator.problems where problem.code == .unusableMessages {
///         print("refetch \(problem.locale?.displayForm ?? "?"): \(problem)")
///     }
public struct StoreProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is, to switch on: one of the codes below.
    public typealias Code = ErrorCode<StoreProblem>

    /// What kind of problem it is.
    public let code: Code
    /// The locale the problem concerns, when it concerns one.
    public let locale: LocaleTag?
    /// What happened, for people.
    package let message: String

    /// A problem of `code` about `locale`, described by `message`.
    /// - Parameters:
    ///   - code: what kind of problem it is.
    ///   - locale: the locale it concerns, or `nil`.
    ///   - message: what happened, in sentence case, without advice on what to run.
    package init(_ code: Code, locale: LocaleTag? = nil, message: String) {
        self.code = code
        self.locale = locale
        self.message = message
    }

    public var description: String { message }
}

extension ErrorCode where Domain == StoreProblem {
    /// A value could not be read at all (an I/O error, not a regular file, larger than a reader accepts, changing
    /// under the reader).
    public static var unreadableValue: Self { Self("unreadableValue") }
    /// A locale's messages were read but are not a bundle (invalid JSON, not UTF-8, too deep).
    public static var unusableMessages: Self { Self("unusableMessages") }
    /// A value other than messages was read but is not what its reader decodes (the app's own JSON in a shape the
    /// widget does not know).
    public static var unusableValue: Self { Self("unusableValue") }
    /// The stored locale is not a locale tag.
    public static var invalidStoredLocale: Self { Self("invalidStoredLocale") }
    /// The locale formatted in is outside the locale data slice the build installed: it formats with the nearest
    /// locale of its CLDR chain the slice holds (`LocaleDataTables.fallback(for:)`).
    public static var localeOutsideSlice: Self { Self("localeOutsideSlice") }
    /// A `format` call needs a family of locale data the build's slice leaves out (`LocaleDataTables.holds(_:)`).
    public static var unlinkedFamily: Self { Self("unlinkedFamily") }
}
