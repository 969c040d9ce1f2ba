import I18nCore
import LocaleData
import SampleWidgets
import TimelineEngine
import WidgetI18nSupport

/// One line of a widget as laid out, with what the layout check needs to know about it.
package struct LaidOutLine: Hashable, Sendable {
    /// The message key the line shows.
    package let key: String
    /// The text as rendered, before any truncation.
    package let text: String
    /// The line's part in the widget's view, which decides its style.
    package let role: WidgetEntry.Role
    /// The line box, in points from the widget's top-left corner.
    package let x, y, width, height: Double
    /// The text's width on one unbroken line.
    package let neededWidth: Double
    /// The room the line has: its box's width times its line limit.
    package let availableWidth: Double
    /// How many lines the text may wrap to before it is cut with an ellipsis.
    package let lineLimit: Int
    /// The width of the lines the wrapped text would need past its line limit: at least this much more room
    /// (the part of the last shown line that the ellipsis replaces comes on top).
    package let overflowWidth: Double
    /// How far the line reaches out of the part of the widget its stack may use (the content area, less the
    /// footer's lines), when the lines together are too tall.
    package let clippedHeight: Double
    /// Pango cut the text with an ellipsis.
    package let isEllipsized: Bool
    /// Characters no installed font has (drawn as boxes).
    package let unknownGlyphs: Int
    /// The band of the widget the line is drawn in; what lies outside is cut.
    let visibleTop, visibleBottom: Double

    /// Not shown whole: cut with an ellipsis or pushed out of the widget.
    package var isTruncated: Bool { isEllipsized || clippedHeight > 0 }
    /// Whether the line is truncated or shows boxes for missing glyphs.
    package var hasProblem: Bool { isTruncated || unknownGlyphs > 0 }
}

/// A widget entry laid out on a family's canvas: the lines stacked from the top, secondary lines pinned to
/// the bottom, each wrapped and cut at its style's line limit, mirrored for right-to-left locales.
package struct WidgetLayout: Sendable {
    /// The family's canvas the entry is laid out on.
    package let canvas: WidgetCanvas
    /// The entry's locale, which picks the fonts and the language Pango shapes the text for.
    package let locale: LocaleTag
    /// The direction the lines are laid out in.
    package let direction: WidgetEntry.Direction
    /// The user's text size the lines are styled for.
    package let textSize: TextSize
    /// The entry's lines, in the entry's order.
    package let lines: [LaidOutLine]

    /// The lines that are truncated or show boxes.
    package var problems: [LaidOutLine] { lines.filter(\.hasProblem) }
}

/// Lays out and draws widget entries.
///
///     let renderer = try WidgetRenderer()
///     let layout = try renderer.render(entry, toPNG: "/tmp/today-small-de.png")
///     for line in layout.problems { print(line.key, line.overflowWidth) }
package final class WidgetRenderer {
    private let engine: TextEngine

    /// - Throws: `PreviewError.missingFonts` when fontconfig does not find the Noto fonts.
    package init() throws(PreviewError) {
        engine = try TextEngine()
    }

    /// The entry's lines measured on its family's canvas.
    /// - Parameters:
    ///   - entry: the entry to lay out, on the canvas of its `family`.
    ///   - textSize: the user's text size, which scales every line's text style; `large` by default.
    package func layout(_ entry: WidgetEntry, textSize: TextSize = .default) -> WidgetLayout {
        place(entry, textSize: textSize).layout
    }

    /// Draws the entry into a PNG file at `path` and returns its layout.
    /// - Parameters:
    ///   - entry: the entry to draw, on the canvas of its `family`.
    ///   - textSize: the user's text size, which scales every line's text style; `large` by default.
    ///   - appearance: the colours to draw in, which leave the layout as it is; light by default.
    ///   - path: where to write the PNG file.
    @discardableResult
    package func render(
        _ entry: WidgetEntry, textSize: TextSize = .default, appearance: WidgetAppearance = .default,
        toPNG path: String
    ) throws(PreviewError) -> WidgetLayout {
        let (layout, texts) = place(entry, textSize: textSize)
        let canvas = layout.canvas
        let drawing = Drawing(width: canvas.pixelWidth, height: canvas.pixelHeight)
        drawing.fillRoundedRectangle(
            width: canvas.width, height: canvas.height, radius: canvas.cornerRadius,
            color: appearance.background)
        for (line, text) in zip(layout.lines, texts) {
            drawing.draw(
                text, x: line.x, y: line.y, visible: line.visibleTop..<line.visibleBottom,
                color: appearance.color(of: LineStyle.of(line.role, in: canvas.family, at: textSize)))
        }
        try drawing.writePNG(to: path)
        return layout
    }

    private func place(_ entry: WidgetEntry, textSize: TextSize) -> (layout: WidgetLayout, texts: [TextLayout]) {
        let canvas = WidgetCanvas(entry.family)
        let rightToLeft = entry.direction == .rightToLeft
        let width = canvas.contentWidth
        var measured: [(line: WidgetEntry.Line, style: LineStyle, text: TextLayout, height: Double)] = []
        for line in entry.lines {
            let style = LineStyle.of(line.role, in: canvas.family, at: textSize)
            let text = engine.layout(
                line.text, style: style, locale: entry.locale, rightToLeft: rightToLeft, width: width,
                lineLimit: style.lineLimit)
            measured.append((line, style, text, text.size.height))
        }
        // Secondary lines stack up from the bottom margin; the rest down from the top margin, down to the
        // footer's top (less the spacing) or the bottom margin. What reaches past that is cut in the picture
        // and counted in `clippedHeight`: the two use the same edges.
        let margin = canvas.margin
        let contentBottom = canvas.height - margin
        var tops = [Double](repeating: 0, count: measured.count)
        var footerTop: Double?
        for index in measured.indices.reversed() where measured[index].line.role == .secondary {
            let top = (footerTop.map { $0 - WidgetCanvas.lineSpacing } ?? contentBottom) - measured[index].height
            tops[index] = top
            footerTop = top
        }
        let stackBottom = footerTop.map { $0 - WidgetCanvas.lineSpacing } ?? contentBottom
        var top = margin
        for index in measured.indices where measured[index].line.role != .secondary {
            tops[index] = top
            top += measured[index].height + WidgetCanvas.lineSpacing
        }
        var lines: [LaidOutLine] = []
        for (index, item) in measured.enumerated() {
            let style = item.style
            let natural = engine.layout(
                item.line.text, style: style, locale: entry.locale, rightToLeft: rightToLeft, width: nil,
                lineLimit: nil)
            var overflow = 0.0
            if item.text.isEllipsized {
                let wrapped = engine.layout(
                    item.line.text, style: style, locale: entry.locale, rightToLeft: rightToLeft, width: width,
                    lineLimit: nil)
                overflow = wrapped.lineWidths.dropFirst(style.lineLimit).reduce(0, +)
            }
            let isFooter = item.line.role == .secondary
            // A canvas too small for its lines (the Dynamic Island's at the accessibility sizes) shows none of them.
            let visible = isFooter ? margin..<max(margin, contentBottom) : 0..<max(0, stackBottom)
            let y = tops[index]
            lines.append(
                LaidOutLine(
                    key: item.line.key, text: item.line.text, role: item.line.role, x: margin, y: y, width: width,
                    height: item.height, neededWidth: natural.size.width,
                    availableWidth: width * Double(style.lineLimit), lineLimit: style.lineLimit,
                    overflowWidth: overflow,
                    clippedHeight: max(0, y + item.height - visible.upperBound, visible.lowerBound - y),
                    isEllipsized: item.text.isEllipsized, unknownGlyphs: natural.unknownGlyphs,
                    visibleTop: visible.lowerBound, visibleBottom: visible.upperBound))
        }
        let layout = WidgetLayout(
            canvas: canvas, locale: entry.locale, direction: entry.direction, textSize: textSize, lines: lines)
        return (layout, measured.map(\.text))
    }
}

/// What went wrong while making previews: a ``code`` to compare, and a description that says what to do.
package struct PreviewError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it is: `missingFonts`, `cannotWrite` or `occupied`.
    package typealias Code = ErrorCode<PreviewError>

    package enum Kind: Hashable, Sendable {
        case missingFonts([String])
        case cannotWrite(String, String)
        case occupied(String)
    }

    package let kind: Kind

    /// Font families fontconfig does not know.
    package static func missingFonts(_ families: [String]) -> Self { Self(kind: .missingFonts(families)) }
    /// A file or directory could not be written: the path and why.
    package static func cannotWrite(_ path: String, _ reason: String) -> Self { Self(kind: .cannotWrite(path, reason)) }
    /// The output directory holds files that are not an earlier preview, which a preview never replaces.
    package static func occupied(_ path: String) -> Self { Self(kind: .occupied(path)) }

    /// What kind of failure it is.
    package var code: Code {
        switch kind {
        case .missingFonts: .missingFonts
        case .cannotWrite: .cannotWrite
        case .occupied: .occupied
        }
    }

    package var description: String {
        switch kind {
        case .missingFonts(let families):
            "The fonts \(families.joined(separator: ", ")) are not installed; run: "
                + "sudo apt-get install -y fonts-noto-core fonts-noto-cjk (or scripts/setup.sh)"
        case .cannotWrite(let path, let reason):
            "Cannot write '\(path)': \(reason)"
        case .occupied(let path):
            "Cannot write '\(path)': it holds other files, not an earlier preview; choose an empty or new "
                + "--out directory"
        }
    }
}

extension ErrorCode where Domain == PreviewError {
    /// Font families fontconfig does not know.
    package static var missingFonts: Self { Self("missingFonts") }
    /// A file or directory could not be written.
    package static var cannotWrite: Self { Self("cannotWrite") }
    /// The output directory holds files that are not an earlier preview.
    package static var occupied: Self { Self("occupied") }
}
