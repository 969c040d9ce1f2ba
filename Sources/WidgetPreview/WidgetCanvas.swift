import HomeScreenSimulator
import SampleWidgets
import TimelineEngine

/// A widget family's size on an iPhone 15/16 Pro (393×852 pt), with the system's content margins and corner
/// radius. Previews draw at `scale` (@2x): a small widget is 158×158 pt, 316×316 px.
///
/// A Live Activity's presentations have the sizes of Apple's Human Interface Guidelines, Live Activities ›
/// Specifications, for the 393×852 pt screen (<https://developer.apple.com/design/human-interface-guidelines/live-activities#Specifications>):
/// the Lock Screen and the expanded Dynamic Island at their largest, 371×160 pt (the system lays out less, down
/// to 84 pt, when the content is shorter; the check holds the content to the largest), the compact trailing view
/// 52.33×36.67 pt and the minimal view 36.67×36.67 pt. The Lock Screen keeps 14 pt margins, as notifications do
/// (WWDC23, "Design dynamic Live Activities"); the Dynamic Island's compact and minimal views are snug against
/// its capsule, 4 pt from its edge (Apple documents no figure for them: an estimate, to verify on a device).
package struct WidgetCanvas: Hashable, Sendable {
    /// The widget family whose size this is.
    package let family: HomeScreenFamily
    /// The width in points.
    package let width: Double
    /// The height in points.
    package let height: Double
    /// The margin the system keeps between the canvas's edge and its content (`contentMargins`).
    package let margin: Double
    /// The corner radius it is drawn with.
    package let cornerRadius: Double
    /// The margin the system keeps between a widget's edge and its content (`contentMargins`).
    package static let contentMargin: Double = 16
    /// The home screen's corner radius for widgets.
    package static let cornerRadius: Double = 22
    /// Pixels per point in the PNGs.
    package static let scale = 2

    /// The canvas of `family` on an iPhone 15/16 Pro.
    /// - Parameter family: the widget family or activity presentation.
    package init(_ family: HomeScreenFamily) {
        self.family = family
        let widget = (Self.contentMargin, Self.cornerRadius)
        switch family {
        case .systemSmall: (width, height, margin, cornerRadius) = (158, 158, widget.0, widget.1)
        case .systemMedium: (width, height, margin, cornerRadius) = (338, 158, widget.0, widget.1)
        case .systemLarge: (width, height, margin, cornerRadius) = (338, 354, widget.0, widget.1)
        case .lockScreen: (width, height, margin, cornerRadius) = (371, 160, 14, 24)
        case .islandExpanded: (width, height, margin, cornerRadius) = (371, 160, 14, 44)
        case .islandCompact: (width, height, margin, cornerRadius) = (52.33, 36.67, 4, 18.335)
        case .islandMinimal: (width, height, margin, cornerRadius) = (36.67, 36.67, 4, 18.335)
        }
    }

    /// The width of the PNG, in pixels.
    package var pixelWidth: Int { Int((width * Double(Self.scale)).rounded()) }
    /// The height of the PNG, in pixels.
    package var pixelHeight: Int { Int((height * Double(Self.scale)).rounded()) }
    /// The width lines are laid out in.
    package var contentWidth: Double { width - 2 * margin }
    /// The height lines are stacked in, inside the top and bottom margins.
    package var contentHeight: Double { height - 2 * margin }
    /// The space between two stacked lines, as `VStack(alignment: .leading, spacing: 4)`.
    package static let lineSpacing: Double = 4
}

/// One of Apple's content size categories, the user's text size (Settings › Display & Brightness › Text Size, and
/// Accessibility › Larger Text for the five accessibility sizes); SwiftUI's `DynamicTypeSize`.
///
/// Which ones a widget honours: SwiftUI text in a widget follows the environment's `dynamicTypeSize`, and Apple's
/// documentation of `DynamicTypeSize` and of WidgetKit states no limit for Home Screen widgets (a widget can set
/// one with `.dynamicTypeSize(...)`; the sample widgets do not). Without a source that caps them, every size is
/// taken to apply, the five accessibility sizes included, and `all` checks all twelve.
/// <https://developer.apple.com/documentation/swiftui/dynamictypesize>
package enum TextSize: Int, CaseIterable, Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Extra small, the smallest.
    case xSmall
    /// Small.
    case small
    /// Medium.
    case medium
    /// Large, the default.
    case large
    /// Extra large.
    case xLarge
    /// Extra extra large.
    case xxLarge
    /// Extra extra extra large, the largest without Larger Accessibility Sizes.
    case xxxLarge
    /// The first accessibility size, AX1.
    case accessibility1
    /// AX2.
    case accessibility2
    /// AX3.
    case accessibility3
    /// AX4.
    case accessibility4
    /// AX5, the largest.
    case accessibility5

    /// The default text size.
    package static let `default` = TextSize.large

    /// The name on the command line and in `report.json`: `xSmall` … `xxxLarge`, `AX1` … `AX5`.
    package var name: String {
        switch self {
        case .xSmall: "xSmall"
        case .small: "small"
        case .medium: "medium"
        case .large: "large"
        case .xLarge: "xLarge"
        case .xxLarge: "xxLarge"
        case .xxxLarge: "xxxLarge"
        case .accessibility1: "AX1"
        case .accessibility2: "AX2"
        case .accessibility3: "AX3"
        case .accessibility4: "AX4"
        case .accessibility5: "AX5"
        }
    }

    package var description: String { name }

    /// Whether this is one of the five larger accessibility sizes.
    package var isAccessibilitySize: Bool { self >= .accessibility1 }

    /// The size named `name` (`xxxLarge`, `AX3` or `accessibility3`), in any letter case.
    /// - Parameter name: the name of the size.
    package init?(name: String) {
        let lowered = name.lowercased()
        for size in Self.allCases {
            let number = size.rawValue - Self.accessibility1.rawValue + 1
            if size.name.lowercased() == lowered || (size.isAccessibilitySize && lowered == "accessibility\(number)") {
                self = size
                return
            }
        }
        return nil
    }

    package static func < (lhs: TextSize, rhs: TextSize) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The Dynamic Type text styles the line roles use.
package enum TextStyle: String, CaseIterable, Hashable, Sendable {
    /// `.title3`: the headline role in the large family.
    case title3
    /// `.headline`: the headline role.
    case headline
    /// `.subheadline`: the body role.
    case subheadline
    /// `.footnote`: the title role.
    case footnote
    /// `.caption` (UIKit's `caption1`): the caption role.
    case caption1
    /// `.caption2`: the secondary role.
    case caption2

    /// The style's point size at each text size, `xSmall` … `xxxLarge`, `AX1` … `AX5`: Apple's Human Interface
    /// Guidelines, Typography › Specifications › "iOS, iPadOS Dynamic Type sizes"
    /// (<https://developer.apple.com/design/human-interface-guidelines/typography#Specifications>). The seven
    /// standard columns agree with what `UIFont.preferredFont(forTextStyle:)` returns in the iOS simulator at each
    /// category.
    var pointSizes: [Double] {
        switch self {
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 53]
        case .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
    }

    /// The style's point size at `size`.
    /// - Parameter size: the user's text size.
    package func pointSize(at size: TextSize) -> Double { pointSizes[size.rawValue] }
}

/// How a line of a given role looks: the SwiftUI text style it stands for, its colour and its line limit.
/// The package has no SwiftUI views; these are the styles WidgetPreview gives each role, chosen as a widget's
/// view would style such a line.
package struct LineStyle: Hashable, Sendable {
    /// The Dynamic Type text style the role stands for.
    package let textStyle: TextStyle
    /// Point size: the text style's size at the text size the style was made for.
    package let size: Double
    /// Whether the text is bold (or semibold, which previews draw as bold).
    package let bold: Bool
    /// The text colour.
    package let color: Color
    /// `.lineLimit(n)`: more is cut with an ellipsis.
    package let lineLimit: Int

    /// An sRGB colour, 0–255 per channel.
    package struct Color: Hashable, Sendable {
        /// The red, green or blue channel, 0–255.
        package let red, green, blue: UInt8
    }

    static let label = Color(red: 0, green: 0, blue: 0)
    // Apple's `secondaryLabel` and `systemRed` in their Increase Contrast variants: the standard ones (#8A8A8E
    // as drawn on white, #FF3B30) have 3.4:1 and 3.5:1 on white, under WCAG 2's 4.5:1 for 11-13 pt text.
    static let secondaryLabel = Color(red: 0x6C, green: 0x6C, blue: 0x70)
    static let accent = Color(red: 0xD7, green: 0x00, blue: 0x15)
    static let accentOnDark = Color(red: 0xFF, green: 0x69, blue: 0x61)

    init(_ textStyle: TextStyle, at textSize: TextSize, bold: Bool, color: Color, lineLimit: Int) {
        self.textStyle = textStyle
        self.size = textStyle.pointSize(at: textSize)
        self.bold = bold
        self.color = color
        self.lineLimit = lineLimit
    }

    /// The style a role has in a family at a text size.
    /// - Parameters:
    ///   - role: the line's role in the entry.
    ///   - family: the widget family.
    ///   - textSize: the user's text size; `large`, the default, by default.
    package static func of(_ role: WidgetEntry.Role, in family: HomeScreenFamily, at textSize: TextSize = .default)
        -> LineStyle
    {
        switch family {
        // The Dynamic Island's small views hold one short line: `.font(.caption.weight(.semibold))`, and
        // `.caption2` in the minimal view.
        case .islandCompact: return LineStyle(.caption1, at: textSize, bold: true, color: label, lineLimit: 1)
        case .islandMinimal: return LineStyle(.caption2, at: textSize, bold: true, color: label, lineLimit: 1)
        default: break
        }
        return switch role {
        // `.font(.footnote.weight(.semibold)).foregroundStyle(.red)`
        case .title: LineStyle(.footnote, at: textSize, bold: true, color: accent, lineLimit: 1)
        // `.font(.headline)`, `.title3` in the large family
        case .headline:
            LineStyle(
                family == .systemLarge ? .title3 : .headline, at: textSize, bold: true, color: label,
                lineLimit: family == .systemMedium || family.isActivityPresentation ? 2 : 3)
        // `.font(.subheadline)`
        case .body: LineStyle(.subheadline, at: textSize, bold: false, color: label, lineLimit: 2)
        // `.font(.caption.weight(.semibold)).foregroundStyle(.secondary)`
        case .caption: LineStyle(.caption1, at: textSize, bold: true, color: secondaryLabel, lineLimit: 1)
        // `.font(.caption2).foregroundStyle(.secondary)`, pinned to the bottom
        case .secondary: LineStyle(.caption2, at: textSize, bold: false, color: secondaryLabel, lineLimit: 1)
        }
    }
}
