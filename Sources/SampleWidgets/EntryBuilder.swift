import GroupContract
import GroupStore
import HomeScreenSimulator
import I18nCore
import LocaleData
import TimelineEngine
import WidgetTranslator

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Builds a `WidgetEntry` line by line from a translator.
struct EntryBuilder {
    let translator: WidgetTranslator
    let locale: LocaleTag
    var lines: [WidgetEntry.Line] = []
    /// What kept the widget from reading the app's own data (`WidgetSource.json`), reported beside the
    /// translator's problems.
    var dataProblems: [StoreProblem] = []

    init(translator: WidgetTranslator) {
        self.translator = translator
        self.locale = translator.locale
    }

    mutating func add(
        _ key: String, _ arguments: [String: LocalizedMessage.Argument] = [:], as role: WidgetEntry.Role
    ) {
        add(message: LocalizedMessage(key, arguments), as: role)
    }

    mutating func add(message: LocalizedMessage, as role: WidgetEntry.Role) {
        let translation = translator.translate(message)
        lines.append(
            WidgetEntry.Line(
                message: message, text: translation.text, source: translation.resolution.step, role: role))
    }

    mutating func add(text: String, key: String, as role: WidgetEntry.Role) {
        lines.append(WidgetEntry.Line(message: LocalizedMessage(key), text: text, source: .callerDefault, role: role))
    }

    func entry(at date: Date, family: HomeScreenFamily) -> WidgetEntry {
        WidgetEntry(
            date: date, lines: lines, locale: locale, direction: locale.isRightToLeft ? .rightToLeft : .leftToRight,
            family: family, problems: translator.problems + dataProblems)
    }
}
