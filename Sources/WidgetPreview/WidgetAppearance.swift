import Foundation
import SampleWidgets
import TimelineEngine

/// How the home screen renders a widget since iOS 18: in full colour on a light or a dark background, or tinted,
/// its content in one accent colour over a desaturated background (WidgetKit's `widgetRenderingMode`
/// `.fullColor` in light and dark mode, `.accented`). The appearance changes colours only, never the layout.
package enum Appearance: String, CaseIterable, Hashable, Sendable {
    /// Full colour on the light background.
    case light
    /// Full colour on the dark background.
    case dark
    /// Every line in the tint colour over a dark grey desaturated from the tint.
    case tinted
}

/// A widget's accent colour, with the variants light and dark mode draw.
///
/// The named tints are Apple's system colours in their Increase Contrast variants, which keep WCAG 2's 4.5:1 at
/// caption sizes (the standard light `systemRed`, #FF3B30, has 3.5:1 on white); `automatic` is the sample
/// widgets' red.
package struct Tint: Hashable, Sendable {
    /// `automatic`, a system colour's name, or the `#RRGGBB` it was written as.
    package let name: String
    /// The colour on light backgrounds.
    package let light: LineStyle.Color
    /// The colour on dark backgrounds.
    package let dark: LineStyle.Color

    /// The sample widgets' accent colour, red.
    package static let automatic = Tint(name: "automatic", light: LineStyle.accent, dark: LineStyle.accentOnDark)

    /// The ten accent colours the sample widgets offer besides `automatic`.
    package static let named: [Tint] = [
        ("red", "#D70015", "#FF6961"), ("orange", "#C93400", "#FFB340"), ("yellow", "#B25000", "#FFD426"),
        ("green", "#248A3D", "#30DB5B"), ("mint", "#0C817B", "#66F0EA"), ("teal", "#008299", "#5DE6FF"),
        ("cyan", "#0071A4", "#70D7FF"), ("blue", "#0040DD", "#409CFF"), ("indigo", "#3634A3", "#7D7AFF"),
        ("purple", "#8944AB", "#DA8FFF"),
    ].map { Tint(name: $0.0, light: LineStyle.Color(hex: $0.1)!, dark: LineStyle.Color(hex: $0.2)!) }

    /// The tint named `name` (`automatic` or one of `named`, in any letter case) or written `#RRGGBB`, which is
    /// drawn the same in light and dark.
    /// - Parameter name: a tint's name or an sRGB colour in hex.
    package init?(_ name: String) {
        let lowered = name.lowercased()
        if lowered == Self.automatic.name {
            self = .automatic
        } else if let tint = Self.named.first(where: { $0.name == lowered }) {
            self = tint
        } else if let color = LineStyle.Color(hex: name) {
            self.init(name: color.hex, light: color, dark: color)
        } else {
            return nil
        }
    }

    init(name: String, light: LineStyle.Color, dark: LineStyle.Color) {
        self.name = name
        self.light = light
        self.dark = dark
    }
}

/// The colours one appearance draws a widget in: its background and each line's text colour.
package struct WidgetAppearance: Hashable, Sendable {
    /// Light, dark or tinted.
    package let appearance: Appearance
    /// The widget's accent colour: the title's in light and dark, every line's when tinted.
    package let tint: Tint

    /// The light appearance with the automatic tint: what previews drew before appearances.
    package static let `default` = WidgetAppearance(.light)

    /// An appearance with an accent colour.
    /// - Parameters:
    ///   - appearance: light, dark or tinted.
    ///   - tint: the accent colour; `automatic` by default.
    package init(_ appearance: Appearance, tint: Tint = .automatic) {
        self.appearance = appearance
        self.tint = tint
    }

    /// The widget's background.
    package var background: LineStyle.Color {
        switch appearance {
        case .light: return LineStyle.Color(red: 255, green: 255, blue: 255)
        // The dark `secondarySystemBackground`, as the home screen draws a widget's container in dark mode.
        case .dark: return LineStyle.Color(red: 0x1C, green: 0x1C, blue: 0x1E)
        // The tint's luminance-weighted grey, dimmed: its hue gone, dark glass under the tinted content.
        case .tinted:
            let color = tint.dark
            let grey = 0.2126 * Double(color.red) + 0.7152 * Double(color.green) + 0.0722 * Double(color.blue)
            let value = UInt8((grey * 0.15 + 20).rounded())
            return LineStyle.Color(red: value, green: value, blue: value)
        }
    }

    /// The colour a line of `style` is drawn in.
    /// - Parameter style: the line's style, whose own colour is the light appearance's.
    package func color(of style: LineStyle) -> LineStyle.Color {
        switch appearance {
        case .tinted: return tint.dark
        case .light: return style.color == LineStyle.accent ? tint.light : style.color
        case .dark:
            switch style.color {
            case LineStyle.label: return LineStyle.Color(red: 255, green: 255, blue: 255)
            // `secondaryLabel` in dark mode, over the dark background.
            case LineStyle.secondaryLabel: return LineStyle.Color(red: 0x98, green: 0x98, blue: 0x9F)
            default: return tint.dark
            }
        }
    }

    /// WCAG 2's minimum contrast for text of `style`: 3:1 for large text (18 pt, or 14 pt bold), 4.5:1 for the
    /// rest (success criterion 1.4.3, <https://www.w3.org/TR/WCAG21/#contrast-minimum>). WCAG's points are CSS
    /// points, 4/3 of a CSS pixel; an iOS point is taken as a CSS pixel, so large is 24 pt, or 18.67 pt bold.
    /// - Parameter style: the line's style.
    package static func requiredContrast(for style: LineStyle) -> Double {
        let isLarge = style.size >= 24 || (style.bold && style.size >= 14 * 4 / 3)
        return isLarge ? 3 : 4.5
    }

    /// Every line of `layout` whose colour has less contrast with the background than WCAG 2 asks for.
    /// - Parameter layout: a laid-out entry.
    package func contrastProblems(in layout: WidgetLayout) -> [ContrastProblem] {
        layout.lines.compactMap { line in
            let style = LineStyle.of(line.role, in: layout.canvas.family, at: layout.textSize)
            let foreground = color(of: style)
            let ratio = foreground.contrastRatio(with: background)
            let required = Self.requiredContrast(for: style)
            guard ratio < required else { return nil }
            return ContrastProblem(
                line: line, style: style, foreground: foreground, background: background, ratio: ratio,
                required: required)
        }
    }
}

/// A line drawn with less contrast against its background than WCAG 2 asks for.
package struct ContrastProblem: Hashable, Sendable {
    /// The line.
    package let line: LaidOutLine
    /// Its style at the text size it was laid out at.
    package let style: LineStyle
    /// The text's colour.
    package let foreground: LineStyle.Color
    /// The background's colour.
    package let background: LineStyle.Color
    /// The contrast ratio, from 1 to 21.
    package let ratio: Double
    /// The ratio WCAG 2 asks for: 4.5, or 3 for large text.
    package let required: Double

    /// For people: `#D3D3D3 on #FFFFFF is 1.5:1, under WCAG 2's 4.5:1 for 13 pt bold text`.
    package var description: String {
        let size = LaidOutLine.points(style.size) + (style.bold ? " bold" : "")
        return "\(foreground.hex) on \(background.hex) is \(String(format: "%.1f", ratio)):1, under WCAG 2's "
            + "\(required == 3 ? "3" : "4.5"):1 for \(size) text"
    }
}

extension LineStyle.Color {
    /// `#RRGGBB` (or `RRGGBB`), in any letter case.
    /// - Parameter hex: the colour in hex.
    package init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#RRGGBB`.
    package var hex: String { String(format: "#%02X%02X%02X", red, green, blue) }

    /// WCAG 2's relative luminance: each sRGB channel linearised, weighted 0.2126, 0.7152 and 0.0722
    /// (<https://www.w3.org/TR/WCAG21/#dfn-relative-luminance>).
    package var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio with `other`, (L1 + 0.05) / (L2 + 0.05) with L1 the lighter's relative luminance
    /// (<https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio>): from 1 (the same) to 21 (black on white).
    /// - Parameter other: the other colour.
    package func contrastRatio(with other: LineStyle.Color) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
