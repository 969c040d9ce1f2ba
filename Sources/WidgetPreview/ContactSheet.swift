import I18nCore
import SampleWidgets
import TimelineEngine

/// `index.html`: every image on one page, locales down and families (× appearances) across, one table per widget,
/// each image labelled with its text size and appearance (one image per size selected in a cell), with truncated lines and missing glyphs
/// flagged. Self-contained (no scripts, no fetched styles), so it opens
/// from the file system.
enum ContactSheet {
    static func html(_ images: [PreviewImage], options: PreviewOptions) -> String {
        let problems = images.problems.count
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>WidgetI18n previews</title>
            <style>
            body { font: 14px system-ui, sans-serif; background: #e5e5ea; color: #1c1c1e; margin: 24px; }
            h2 { margin-top: 32px; }
            table { border-collapse: separate; border-spacing: 16px 12px; }
            th { text-align: left; font-weight: 600; vertical-align: top; }
            td { vertical-align: top; }
            figure { margin: 0 0 8px 0; }
            img { display: block; border-radius: 22px; box-shadow: 0 1px 4px rgba(0,0,0,.2); }
            figcaption { color: #6c6c70; font-size: 12px; margin-top: 4px; }
            .problem img { outline: 3px solid #ff3b30; outline-offset: 2px; }
            ul.problems { color: #d70015; font-size: 12px; margin: 4px 0 0 0; padding-left: 16px; max-width: 320px; }
            .summary { font-weight: 600; }
            </style>
            </head>
            <body>
            <h1>WidgetI18n previews</h1>

            """
        html +=
            "<p class=\"summary\">\(images.count) image\(images.count == 1 ? "" : "s"), "
            + "\(problems) line\(problems == 1 ? "" : "s") truncated or missing glyphs</p>\n"
        html +=
            "<p>Drawn with Pango and Cairo in the Noto fonts, which stand in for SF Pro: widths and line "
            + "heights are close to an iPhone's, not the same.</p>\n"
        for widget in options.widgets.map(\.kind) {
            html += "<h2>\(escape(widget))</h2>\n<table>\n<tr><th>locale</th>"
            // A column per family and appearance.
            let columns = options.families.flatMap { family in options.appearances.map { (family, $0) } }
            for (family, appearance) in columns {
                let label = options.appearances == [.light] ? "" : " · \(appearance.rawValue)"
                html += "<th>\(family.shortName)\(label)</th>"
            }
            html += "</tr>\n"
            for locale in options.locales {
                html += "<tr><th>\(escape(locale.displayForm))</th>"
                for (family, appearance) in columns {
                    let cell = images.filter {
                        $0.widget == widget && $0.family == family && $0.locale == locale
                            && $0.appearance.appearance == appearance
                    }
                    html += "<td>" + cell.map { figure($0, numbered: options.allEntries) }.joined() + "</td>"
                }
                html += "</tr>\n"
            }
            html += "</table>\n"
        }
        return html + "</body>\n</html>\n"
    }

    private static func figure(_ image: PreviewImage, numbered: Bool) -> String {
        let canvas = image.layout.canvas
        let problems = image.layout.problems
        var html = "<figure\(problems.isEmpty ? "" : " class=\"problem\"")>"
        html +=
            "<img src=\"\(escape(image.png))\" width=\"\(Int(canvas.width))\" height=\"\(Int(canvas.height))\" "
            + "alt=\"\(escape("\(image.widget) \(image.family.shortName) \(image.locale.displayForm)"))\">"
        var caption = ["text size \(image.textSize.name)"]
        if image.appearance != .default {
            caption.append("\(image.appearance.appearance.rawValue), tint \(image.appearance.tint.name)")
        }
        if numbered { caption.append("entry \(image.entryIndex + 1)") }
        html += "<figcaption>\(escape(caption.joined(separator: ", ")))</figcaption>"
        if !problems.isEmpty {
            html += "<ul class=\"problems\">"
            for line in problems {
                html +=
                    "<li><code>\(escape(line.key))</code>: \(escape(line.problemDescription ?? ""))"
                    + " — <bdi>\(escape(line.text))</bdi></li>"
            }
            html += "</ul>"
        }
        return html + "</figure>"
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
