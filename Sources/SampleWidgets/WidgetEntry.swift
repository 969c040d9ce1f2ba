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

/// What the sample widgets render: text lines in one locale, with the direction to lay them out in and the
/// fallback step that answered each one.
package struct WidgetEntry: DatedEntry, Hashable {
    /// One rendered string.
    package struct Line: Hashable, Sendable {
        /// The message the line shows, resolved late as a widget's entry carries it (`event` for the next event's
        /// time and title, which is the app's data).
        package let message: LocalizedMessage
        /// The text to show, formatted for the entry's locale.
        package let text: String
        /// The step of the fallback chain that answered (`locale ar`, `default locale en`, …).
        package let source: ResolutionStep
        /// How the widget's view shows the line: its text style, colour and line limit.
        package let role: Role

        /// The message's key.
        package var key: String { message.key }
    }

    /// A line's part in the widget's view, as a SwiftUI view would style it (`.font(.headline)`,
    /// `.foregroundStyle(.secondary)`, `.lineLimit(2)`). Previews and the layout check read it.
    package enum Role: String, Hashable, Sendable, CaseIterable {
        /// The widget's name at the top, in the accent colour.
        case title
        /// The one thing the widget says, large.
        case headline
        /// Supporting text.
        case body
        /// A small label above what it introduces.
        case caption
        /// Small, dimmed text at the bottom (when the widget was updated).
        case secondary
    }

    /// The direction an entry's lines are laid out in, from its locale's script.
    package enum Direction: String, Hashable, Sendable {
        /// Left to right, as in English or Russian.
        case leftToRight = "ltr"
        /// Right to left, as in Arabic or Hebrew.
        case rightToLeft = "rtl"
    }

    /// When the widget starts showing this entry.
    package let date: Date
    /// The lines to show, top to bottom.
    package let lines: [Line]
    /// The locale the lines were rendered in: the detected one, whatever fallback step answered each line.
    package let locale: LocaleTag
    /// The direction to lay the lines out in.
    package let direction: Direction
    /// The size the entry was made for.
    package let family: HomeScreenFamily
    /// What the translator that rendered the entry met in the store (unreadable values, corrupt or oversized
    /// bundles), as `WidgetTranslator.problems` gives it: a host reports these, not a translator's that never
    /// rendered anything.
    package internal(set) var problems: [StoreProblem] = []

    /// The same content from another date on.
    /// - Parameter date: when the new entry takes over.
    package func with(date: Date) -> WidgetEntry {
        WidgetEntry(
            date: date, lines: lines, locale: locale, direction: direction, family: family, problems: problems)
    }
}
