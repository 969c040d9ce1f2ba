import SampleWidgets
import TimelineEngine

/// A widget family's size on an iPhone 15/16 Pro, with the system's content margins and corner radius.
/// Previews draw at `scale` (@2x): a small widget is 158×158 pt, 316×316 px.
public struct WidgetCanvas: Hashable, Sendable {
    /// The widget family whose size this is.
    public let family: HomeScreenFamily
    /// The width in points.
    public let width: Double
    /// The height in points.
    public let height: Double
    /// The margin the system keeps between a widget's edge and its content (`contentMargins`).
    public static let contentMargin: Double = 16
    /// The home screen's corner radius for widgets.
    public static let cornerRadius: Double = 22
    /// Pixels per point in the PNGs.
    public static let scale = 2

    /// The canvas of `family` on an iPhone 15/16 Pro.
    /// - Parameter family: the widget family.
    public init(_ family: HomeScreenFamily) {
        self.family = family
        switch family {
        case .systemSmall: (width, height) = (158, 158)
        case .systemMedium: (width, height) = (338, 158)
        case .systemLarge: (width, height) = (338, 354)
        }
    }

    /// The width of the PNG, in pixels.
    public var pixelWidth: Int { Int(width) * Self.scale }
    /// The height of the PNG, in pixels.
    public var pixelHeight: Int { Int(height) * Self.scale }
    /// The width lines are laid out in.
    public var contentWidth: Double { width - 2 * Self.contentMargin }
    /// The height lines are stacked in, inside the top and bottom margins.
    public var contentHeight: Double { height - 2 * Self.contentMargin }
    /// The space between two stacked lines, as `VStack(alignment: .leading, spacing: 4)`.
    public static let lineSpacing: Double = 4
}

/// How a line of a given role looks: the SwiftUI text style it stands for, its colour and its line limit.
/// The package has no SwiftUI views; these are the styles WidgetPreview gives each role, chosen as a widget's
/// view would style such a line.
public struct LineStyle: Hashable, Sendable {
    /// Point size, as the text style's size at the default Dynamic Type size.
    public let size: Double
    /// Whether the text is bold (or semibold, which previews draw as bold).
    public let bold: Bool
    /// The text colour.
    public let color: Color
    /// `.lineLimit(n)`: more is cut with an ellipsis.
    public let lineLimit: Int

    /// An sRGB colour, 0–255 per channel.
    public struct Color: Hashable, Sendable {
        /// The red, green or blue channel, 0–255.
        public let red, green, blue: UInt8
    }

    static let label = Color(red: 0, green: 0, blue: 0)
    static let secondaryLabel = Color(red: 0x8A, green: 0x8A, blue: 0x8E)
    static let accent = Color(red: 0xFF, green: 0x3B, blue: 0x30)

    /// The style a role has in a family.
    /// - Parameters:
    ///   - role: the line's role in the entry.
    ///   - family: the widget family.
    public static func of(_ role: WidgetEntry.Role, in family: HomeScreenFamily) -> LineStyle {
        switch role {
        // `.font(.footnote.weight(.semibold)).foregroundStyle(.red)`
        case .title: LineStyle(size: 13, bold: true, color: accent, lineLimit: 1)
        // `.font(.headline)`, `.title3` in the large family
        case .headline:
            LineStyle(
                size: family == .systemLarge ? 20 : 17, bold: true, color: label,
                lineLimit: family == .systemMedium ? 2 : 3)
        // `.font(.subheadline)`
        case .body: LineStyle(size: 15, bold: false, color: label, lineLimit: 2)
        // `.font(.caption.weight(.semibold)).foregroundStyle(.secondary)`
        case .caption: LineStyle(size: 12, bold: true, color: secondaryLabel, lineLimit: 1)
        // `.font(.caption2).foregroundStyle(.secondary)`, pinned to the bottom
        case .secondary: LineStyle(size: 11, bold: false, color: secondaryLabel, lineLimit: 1)
        }
    }
}
