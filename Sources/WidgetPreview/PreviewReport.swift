import Foundation
import I18nCore
import LocaleData
import SampleWidgets

/// `report.json`: every image with every line's measurements, for tools and CI.
///
///     {"font": "Noto Sans, …", "images": [{"widget": "today", "family": "small", "locale": "de",
///       "text_size": "large", "appearance": "light", "tint": "#D70015", "direction": "ltr", "png": "today/small/de.png", "width": 316, "height": 316, "date": "…",
///       "lines": [{"key": "today.title", "role": "title", "text": "Heute", "needed_pt": 37.6,
///                  "available_pt": 126, "overflow_pt": 0, "clipped_pt": 0, "line_limit": 1,
///                  "truncated": false, "unknown_glyphs": 0}]}], "problems": 0}
enum PreviewReport {
    struct Report: Encodable {
        let font: String
        let images: [Image]
        let problems: Int
    }

    struct Image: Encodable {
        let widget, family, locale, textSize, appearance, tint, direction, png, date: String
        let entry, width, height: Int
        let lines: [Line]

        enum CodingKeys: String, CodingKey {
            case widget, family, locale, appearance, tint, direction, png, date, entry, width, height, lines
            case textSize = "text_size"
        }
    }

    struct Line: Encodable {
        let key, role, text: String
        let neededPt, availablePt, overflowPt, clippedPt: Double
        let lineLimit: Int
        let truncated: Bool
        let unknownGlyphs: Int

        enum CodingKeys: String, CodingKey {
            case key, role, text, truncated
            case neededPt = "needed_pt"
            case availablePt = "available_pt"
            case overflowPt = "overflow_pt"
            case clippedPt = "clipped_pt"
            case lineLimit = "line_limit"
            case unknownGlyphs = "unknown_glyphs"
        }
    }

    static func json(_ images: [PreviewImage], timeZone: ZoneInfo) -> String {
        let report = Report(
            font: TextEngine.latinAndArabic + ", Noto Sans CJK (standing in for SF Pro)",
            images: images.map { image in
                Image(
                    widget: image.widget, family: image.family.shortName, locale: image.locale.displayForm,
                    textSize: image.textSize.name, appearance: image.appearance.appearance.rawValue,
                    tint: image.appearance.tint.name, direction: image.direction.rawValue, png: image.png,
                    date: timeZone.iso8601(image.date), entry: image.entryIndex,
                    width: image.layout.canvas.pixelWidth, height: image.layout.canvas.pixelHeight,
                    lines: image.layout.lines.map { line in
                        Line(
                            key: line.key, role: line.role.rawValue, text: line.text,
                            neededPt: rounded(line.neededWidth), availablePt: rounded(line.availableWidth),
                            overflowPt: rounded(line.overflowWidth), clippedPt: rounded(line.clippedHeight),
                            lineLimit: line.lineLimit, truncated: line.isTruncated, unknownGlyphs: line.unknownGlyphs)
                    })
            },
            problems: images.problems.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        // Encoding these plain values cannot fail.
        return String(decoding: (try? encoder.encode(report)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// Points to a tenth, as a designer reads them.
    static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}

extension LaidOutLine {
    /// What is wrong with the line, for people: `overflows by 286 pt (needs 412 pt, has 1 × 126 pt)`.
    package var problemDescription: String? {
        var parts: [String] = []
        if isEllipsized {
            parts.append(
                "overflows by \(Self.points(overflowWidth)) (needs \(Self.points(neededWidth)), has "
                    + "\(lineLimit) × \(Self.points(width)))")
        }
        if clippedHeight > 0 { parts.append("overflows the widget's height by \(Self.points(clippedHeight))") }
        if unknownGlyphs > 0 {
            parts.append("\(unknownGlyphs) character\(unknownGlyphs == 1 ? "" : "s") no installed font has")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    static func points(_ value: Double) -> String {
        let rounded = PreviewReport.rounded(value)
        return rounded == rounded.rounded() ? "\(Int(rounded)) pt" : "\(rounded) pt"
    }
}
