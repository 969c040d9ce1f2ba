import Foundation
import HomeScreenSimulator
import I18nCore
import LocaleData
import SampleWidgets
import TimelineEngine

/// A widget to preview: its kind and how to make its timeline provider for a source.
package struct PreviewWidget: Sendable {
    /// The widget's kind, which names its directory in a preview (`today`, `days-since`).
    package let kind: String
    /// The families it is drawn in (WidgetKit's `supportedFamilies`): the home-screen sizes, or a Live Activity's
    /// presentations.
    package let families: [HomeScreenFamily]
    let provider: @Sendable (WidgetSource) -> any EntryTimelineProvider<WidgetEntry>

    /// A widget of `kind` whose timeline provider `provider` makes for a source.
    /// - Parameters:
    ///   - kind: the widget's kind, such as `today`.
    ///   - families: the families it supports; the three home-screen sizes by default.
    ///   - provider: makes the widget's timeline provider for a source.
    package init(
        kind: String, families: [HomeScreenFamily] = HomeScreenFamily.homeScreen,
        provider: @escaping @Sendable (WidgetSource) -> any EntryTimelineProvider<WidgetEntry>
    ) {
        self.kind = kind
        self.families = families
        self.provider = provider
    }

    /// The `delivery` sample Live Activity, in its four presentations.
    /// - Parameter state: the state to show; the sample's at the preview's date when `nil`, the default.
    package static func delivery(state: DeliveryState? = nil) -> PreviewWidget {
        PreviewWidget(kind: "delivery", families: HomeScreenFamily.activityPresentations) {
            DeliveryActivity(source: $0, state: state)
        }
    }

    /// The "days since" sample widget, showing `eventID` or the most recent event.
    /// - Parameter eventID: the identifier of the event to show; the most recent started event when `nil`, the default.
    package static func daysSince(eventID: String? = nil) -> PreviewWidget {
        PreviewWidget(kind: "days-since") { DaysSinceWidget(source: $0, eventID: eventID) }
    }

    /// The "today" sample widget.
    package static let today = PreviewWidget(kind: "today") { TodayWidget(source: $0) }
}

/// What to preview: every widget × family × locale, at one moment.
package struct PreviewOptions: Sendable {
    /// The widgets to preview.
    package var widgets: [PreviewWidget]
    /// The sizes to preview each widget at.
    package var families: [HomeScreenFamily]
    /// The locales to preview each widget in; each overrides the detected locale, as `--locale` does.
    package var locales: [LocaleTag]
    /// The moment the timelines are made at.
    package var date: Date
    /// The time zone the timelines' midnights and times are computed in.
    package var timeZone: ZoneInfo
    /// Every entry of each timeline, rather than only the one shown at `date`.
    package var allEntries: Bool
    /// The user's text sizes to lay each entry out at; `large`, the default, alone by default. With any other
    /// selection each PNG's path gets the size as a directory: `today/small/xxxLarge/de.png`.
    package var textSizes: [TextSize]
    /// The appearances to draw each entry in; light alone by default. With any other selection each PNG's path
    /// gets the appearance as a directory: `today/small/dark/de.png`.
    package var appearances: [Appearance]
    /// The widget's accent colour in every appearance; `automatic` by default.
    package var tint: Tint

    /// Options for previewing `widgets` (both sample widgets by default) in every family by default, in
    /// `locales`, at `date` in `timeZone`.
    /// - Parameters:
    ///   - widgets: the widgets to preview; both sample widgets by default.
    ///   - families: the sizes to preview each widget at; every family by default.
    ///   - locales: the locales to preview each widget in; each overrides the detected locale.
    ///   - date: the moment the timelines are made at; the current time by default.
    ///   - timeZone: the zone midnights and times are computed in; the process's time zone by default.
    ///   - allEntries: whether to preview every entry of each timeline instead of the one shown at `date`; `false`
    ///     by default.
    ///   - textSizes: the text sizes to lay each entry out at; `[.large]` by default.
    ///   - appearances: the appearances to draw each entry in; `[.light]` by default.
    ///   - tint: the widget's accent colour; `automatic` by default.
    package init(
        widgets: [PreviewWidget] = [.daysSince(), .today], families: [HomeScreenFamily] = HomeScreenFamily.allCases,
        locales: [LocaleTag], date: Date = Date(), timeZone: ZoneInfo = .current, allEntries: Bool = false,
        textSizes: [TextSize] = [.default], appearances: [Appearance] = [.light], tint: Tint = .automatic
    ) {
        self.widgets = widgets
        self.families = families
        self.locales = locales
        self.date = date
        self.timeZone = timeZone
        self.allEntries = allEntries
        self.textSizes = textSizes
        self.appearances = appearances
        self.tint = tint
    }
}

/// One widget entry laid out (and, in a preview directory, drawn).
package struct PreviewImage: Sendable {
    /// The kind of the widget shown.
    package let widget: String
    /// The size the entry was laid out at.
    package let family: HomeScreenFamily
    /// The locale the entry was rendered in.
    package let locale: LocaleTag
    /// The user's text size the entry was laid out at.
    package var textSize: TextSize { layout.textSize }
    /// The colours the entry is drawn in.
    package let appearance: WidgetAppearance
    /// The entry's position in its timeline's selected entries, from 0.
    package let entryIndex: Int
    /// The date of the entry, from which its timeline shows it.
    package let date: Date
    /// The entry's lines as laid out on the family's canvas.
    package let layout: WidgetLayout
    /// The PNG's path relative to the preview directory.
    package let png: String

    /// The direction the entry's lines are laid out in.
    package var direction: WidgetEntry.Direction { layout.direction }
}

extension Sequence<PreviewImage> {
    /// Every line of these images that is truncated or shows boxes.
    package var problems: [LaidOutLine] { flatMap(\.layout.problems) }
}

/// Makes previews: the sample widgets' timelines for each locale, laid out by Pango and drawn with Cairo.
///
///     let previews = try Previews()
///     let images = try await previews.write(options, source: source, to: "previews")
///     // previews/report.json, previews/index.html, previews/today/small/de.png, …
package final class Previews {
    private let renderer: WidgetRenderer

    /// - Throws: `PreviewError.missingFonts` when the Noto fonts are not installed.
    package init() throws(PreviewError) {
        renderer = try WidgetRenderer()
    }

    /// Every selected entry laid out, without drawing: what `check --layout` looks at.
    /// - Parameters:
    ///   - options: what to preview: widgets, families, locales and the moment.
    ///   - source: where the widgets read their messages and data.
    package func layouts(_ options: PreviewOptions, source: WidgetSource) async -> [PreviewImage] {
        var images: [PreviewImage] = []
        for (entry, name) in await entries(options, source: source) {
            images.append(image(entry, name: name, layout: renderer.layout(entry.entry, textSize: entry.textSize)))
        }
        return images
    }

    /// Draws every selected entry into `directory` with `report.json` and `index.html`. The directory appears
    /// whole or not at all: everything is written to a hidden sibling first and renamed into place, replacing
    /// an empty directory or an earlier preview, never any other.
    /// - Parameters:
    ///   - options: what to preview: widgets, families, locales and the moment.
    ///   - source: where the widgets read their messages and data.
    ///   - directory: the path of the output directory; it must be empty, missing or an earlier preview.
    package func write(_ options: PreviewOptions, source: WidgetSource, to directory: String) async throws(PreviewError)
        -> [PreviewImage]
    {
        let output = try PreviewDirectory(directory)
        var images: [PreviewImage] = []
        let selected = await entries(options, source: source)
        do throws(PreviewError) {
            for (entry, name) in selected {
                try output.createDirectory(for: name)
                let layout: WidgetLayout
                do throws(PreviewError) {
                    layout = try renderer.render(
                        entry.entry, textSize: entry.textSize, appearance: entry.appearance,
                        toPNG: output.staging + "/" + name)
                } catch {
                    guard case .cannotWrite(_, let reason) = error.kind else { throw error }
                    throw .cannotWrite(output.published(name), reason)
                }
                images.append(image(entry, name: name, layout: layout))
            }
            try output.writeFile("report.json", PreviewReport.json(images, timeZone: options.timeZone))
            try output.writeFile("index.html", ContactSheet.html(images, options: options))
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
        return images
    }

    private struct SelectedEntry {
        let widget: String
        let index: Int
        let entry: WidgetEntry
        let textSize: TextSize
        let appearance: WidgetAppearance
    }

    private func entries(_ options: PreviewOptions, source: WidgetSource) async -> [(SelectedEntry, String)] {
        var result: [(SelectedEntry, String)] = []
        for widget in options.widgets {
            for family in options.families where widget.families.contains(family) {
                for locale in options.locales {
                    let localized = WidgetSource(
                        store: source.store, project: source.project, defaultLocale: source.defaultLocale,
                        locale: locale, bundledMessages: source.bundledMessages,
                        preferredLanguages: source.preferredLanguages)
                    let context = EntryTimelineContext(
                        family: family, timeZone: options.timeZone, date: options.date)
                    let timeline = await widget.provider(localized).timeline(in: context)
                    let selected =
                        options.allEntries ? timeline.entries : timeline.entry(at: options.date).map { [$0] } ?? []
                    for (index, entry) in selected.enumerated() {
                        let suffix = options.allEntries ? "-\(index + 1)" : ""
                        for size in options.textSizes {
                            for appearance in options.appearances {
                                // The default size and appearance alone keep the paths earlier previews had.
                                let sizes = options.textSizes == [.default] ? "" : "\(size.name)/"
                                let appearances = options.appearances == [.light] ? "" : "\(appearance.rawValue)/"
                                let name =
                                    "\(widget.kind)/\(family.shortName)/\(sizes)\(appearances)"
                                    + "\(locale.displayForm)\(suffix).png"
                                // The Dynamic Island is black in light mode too: its views are drawn dark.
                                let drawn = family.isDynamicIsland && appearance == .light ? .dark : appearance
                                let selected = SelectedEntry(
                                    widget: widget.kind, index: index, entry: entry, textSize: size,
                                    appearance: WidgetAppearance(drawn, tint: options.tint))
                                result.append((selected, name))
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    private func image(_ selected: SelectedEntry, name: String, layout: WidgetLayout) -> PreviewImage {
        PreviewImage(
            widget: selected.widget, family: selected.entry.family, locale: selected.entry.locale,
            appearance: selected.appearance, entryIndex: selected.index, date: selected.entry.date, layout: layout,
            png: name)
    }
}
