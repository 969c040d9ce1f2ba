import Foundation
import GroupStore
import HomeScreenSimulator
import I18nCore
import LocaleData
import TestSupport
import Testing

@testable import SampleWidgets
@testable import TimelineEngine
@testable import WidgetPreview

/// One entry with the given lines, as a sample widget would make it.
func entry(
    _ lines: [(key: String, text: String, role: WidgetEntry.Role)], locale: String = "en",
    family: HomeScreenFamily = .systemSmall
) -> WidgetEntry {
    let tag = LocaleTag(parsing: locale)!
    return WidgetEntry(
        date: Date(timeIntervalSince1970: 0),
        lines: lines.map {
            WidgetEntry.Line(message: LocalizedMessage($0.key), text: $0.text, source: .callerDefault, role: $0.role)
        },
        locale: tag, direction: tag.isRightToLeft ? .rightToLeft : .leftToRight, family: family)
}

// A class, so that each test's folder of images is removed after it (`deinit`), not left in /tmp.
@Suite(.serialized) final class WidgetLayoutTests {
    let renderer: WidgetRenderer
    let directory: TemporaryDirectory

    init() throws {
        renderer = try WidgetRenderer()
        directory = try TemporaryDirectory(prefix: "widget-preview")
    }

    deinit { directory.remove() }

    @Test(arguments: [
        (HomeScreenFamily.systemSmall, 316, 316), (.systemMedium, 676, 316), (.systemLarge, 676, 708),
    ])
    func imagesHaveTheFamilysSizeAt2x(_ family: HomeScreenFamily, _ width: Int, _ height: Int) throws {
        let path = directory.appending("\(family.shortName).png")
        try renderer.render(entry([("today.title", "Today", .title)], family: family), toPNG: path)
        let image = try #require(PNGImage(path: path))
        #expect(image.width == width)
        #expect(image.height == height)
        // Rounded corners: the corner pixel is transparent, the centre is the widget's white.
        #expect(image.pixel(x: 0, y: 0) >> 24 == 0)
        #expect(image.pixel(x: width / 2, y: height - 2) == 0xFFFF_FFFF)
    }

    @Test(arguments: [("ar", "اليوم", true), ("en", "Today", false), ("he", "היום", true), ("ja", "今日", false)])
    func rightToLeftTextSitsOnTheRightAndLeftToRightOnTheLeft(_ locale: String, _ text: String, _ isRTL: Bool)
        throws
    {
        let path = directory.appending("ink-\(locale).png")
        let layout = try renderer.render(entry([("today.title", text, .headline)], locale: locale), toPNG: path)
        let image = try #require(PNGImage(path: path))
        let line = try #require(layout.lines.first)
        let rows = Int(line.y) * 2..<Int(line.y + line.height) * 2
        let ink = try #require(image.inkColumns(rows: rows))
        let margin = Int(WidgetCanvas.contentMargin) * 2
        if isRTL {
            #expect(ink.lowerBound > image.width / 2, "ink at \(ink)")
            #expect(abs(ink.upperBound - (image.width - margin)) <= 4, "ink at \(ink)")
        } else {
            #expect(ink.upperBound < image.width / 2, "ink at \(ink)")
            #expect(abs(ink.lowerBound - margin) <= 4, "ink at \(ink)")
        }
    }

    @Test func aLongGermanTitleInASmallWidgetIsTruncatedAndMeasured() {
        let title = String(repeating: "Donaudampfschifffahrt", count: 4).prefix(70)
        let layout = renderer.layout(entry([("today.title", String(title), .title)], locale: "de"))
        let line = layout.lines[0]
        #expect(title.count == 70)
        #expect(line.isTruncated && line.isEllipsized)
        #expect(line.key == "today.title")
        #expect(line.availableWidth == 126)
        #expect(line.neededWidth > 300)
        // One unbroken word wraps letter by letter, so the lines past the first hold what it needs beyond one
        // line, give or take the letters a line break moves (a bold letter is under 20 pt).
        #expect(abs(line.overflowWidth - (line.neededWidth - line.availableWidth)) < 20)
        #expect(layout.problems.map(\.key) == ["today.title"])
        #expect(line.problemDescription?.hasPrefix("overflows by ") == true)
    }

    @Test func aShortTitleFitsWithRoomToSpare() {
        let line = renderer.layout(entry([("today.title", "Heute", .title)], locale: "de")).lines[0]
        #expect(!line.isTruncated)
        #expect(line.overflowWidth == 0)
        #expect(line.neededWidth > 20 && line.neededWidth < line.availableWidth)
        #expect(line.problemDescription == nil)
    }

    @Test func aStackTallerThanTheWidgetPushesItsLastLinesOut() {
        let lines = (1...8).map { (key: "line\($0)", text: "Line \($0)", role: WidgetEntry.Role.headline) }
        let layout = renderer.layout(entry(lines))
        #expect(layout.lines.first?.clippedHeight == 0)
        #expect(layout.lines.last!.clippedHeight > 0)
        #expect(layout.problems.map(\.key).contains("line8"))
        #expect(!layout.problems.map(\.key).contains("line1"))
    }

    /// What the check counts as clipped is exactly what the picture cuts: no ink below the edge a stack may
    /// use, with a footer and without one.
    @Test(arguments: [false, true])
    func theCheckAndThePictureCutAtTheSameEdge(withFooter: Bool) throws {
        var lines = (1...8).map { (key: "line\($0)", text: "Line \($0)", role: WidgetEntry.Role.headline) }
        if withFooter { lines.append((key: "updated", text: "Updated 8:00", role: .secondary)) }
        let path = directory.appending("clip-\(withFooter).png")
        let layout = try renderer.render(entry(lines), toPNG: path)
        let image = try #require(PNGImage(path: path))
        let footer = layout.lines.first { $0.role == .secondary }
        let edge = footer.map { $0.y - WidgetCanvas.lineSpacing } ?? (158 - WidgetCanvas.contentMargin)
        for line in layout.lines where line.role != .secondary {
            #expect((line.clippedHeight > 0) == (line.y + line.height > edge + 0.0001), "\(line.key)")
        }
        // Between the edge and the footer (or the widget's bottom), nothing is drawn.
        let below = Int((edge * 2).rounded(.up))..<Int(((footer?.y ?? 158) * 2).rounded(.down))
        #expect(image.inkColumns(rows: below) == nil, "ink in rows \(below)")
        // …while the lines above it are drawn.
        #expect(image.inkColumns(rows: 32..<Int(edge * 2)) != nil)
        if let footer { #expect(footer.clippedHeight == 0 && !footer.isTruncated) }
    }

    /// Each role scales by Apple's Dynamic Type table for its text style; `large` keeps the sizes previews always had.
    @Test func textSizesScaleEachRoleByApplesTable() {
        let roles: [WidgetEntry.Role] = [.title, .headline, .body, .caption, .secondary]
        func sizes(_ family: HomeScreenFamily, _ size: TextSize) -> [Double] {
            roles.map { LineStyle.of($0, in: family, at: size).size }
        }
        // footnote, headline, subheadline, caption 1, caption 2
        #expect(sizes(.systemSmall, .large) == [13, 17, 15, 12, 11])
        #expect(roles.map { LineStyle.of($0, in: .systemSmall).size } == [13, 17, 15, 12, 11])
        #expect(sizes(.systemSmall, .xSmall) == [12, 14, 12, 11, 11])
        #expect(sizes(.systemSmall, .xxxLarge) == [19, 23, 21, 18, 17])
        #expect(sizes(.systemSmall, .accessibility5) == [44, 53, 49, 43, 40])
        // The large family's headline is `.title3`.
        #expect(LineStyle.of(.headline, in: .systemLarge, at: .large).size == 20)
        #expect(LineStyle.of(.headline, in: .systemLarge, at: .xxxLarge).size == 26)
        // No style shrinks as the text size grows.
        for style in TextStyle.allCases {
            let points = TextSize.allCases.map { style.pointSize(at: $0) }
            #expect(points == points.sorted(), "\(style)")
        }
        #expect(TextSize(name: "xxxLarge") == .xxxLarge && TextSize(name: "XXXLARGE") == .xxxLarge)
        #expect(TextSize(name: "AX3") == .accessibility3 && TextSize(name: "accessibility3") == .accessibility3)
        #expect(TextSize(name: "accessibility6") == nil && TextSize(name: "huge") == nil)
        #expect(
            TextSize.allCases.map(\.name).joined(separator: " ")
                == "xSmall small medium large xLarge xxLarge xxxLarge AX1 AX2 AX3 AX4 AX5")
    }

    /// The line a PNG shows grows with the text size as the table says: its ink, read back from the picture, is
    /// as much taller than at `large` as the point size is larger, and the second line moves down.
    @Test func measuredLineHeightsInThePNGGrowWithTheTextSize() throws {
        let lines: [(key: String, text: String, role: WidgetEntry.Role)] = [
            ("first", "Hxg", .headline), ("second", "Hxg", .headline),
        ]
        var inkHeights: [TextSize: Int] = [:]
        var secondTops: [TextSize: Double] = [:]
        for size in TextSize.allCases where size <= .accessibility1 {
            let path = directory.appending("size-\(size.name).png")
            let layout = try renderer.render(entry(lines), textSize: size, toPNG: path)
            let image = try #require(PNGImage(path: path))
            let first = layout.lines[0]
            // The first line's ink, between its box's top and the second line's top.
            let firstInk = try #require(image.inkRows(within: Int(first.y * 2)..<Int(layout.lines[1].y * 2)))
            inkHeights[size] = firstInk.upperBound - firstInk.lowerBound + 1
            secondTops[size] = layout.lines[1].y
            #expect(first.height > 0)
        }
        let large = Double(inkHeights[.large]!)
        var previous: (size: TextSize, height: Int)?
        for size in TextSize.allCases where size <= .accessibility1 {
            let height = inkHeights[size]!
            let expected = TextStyle.headline.pointSize(at: size) / TextStyle.headline.pointSize(at: .large)
            #expect(abs(Double(height) / large - expected) < 0.08, "\(size): \(height) px against \(large) px")
            if let previous, TextStyle.headline.pointSize(at: size) > TextStyle.headline.pointSize(at: previous.size) {
                #expect(height > previous.height, "\(size)")
                #expect(secondTops[size]! > secondTops[previous.size]!, "\(size)")
            }
            previous = (size, height)
        }
    }

    @Test func aGermanTitleThatFitsAtLargeIsCutAtXXXLarge() {
        let title = entry([("today.title", "Tagesvorschau", .title)], locale: "de")
        for size in TextSize.allCases where size <= .xxLarge {
            #expect(renderer.layout(title, textSize: size).problems.isEmpty, "\(size)")
        }
        let cut = renderer.layout(title, textSize: .xxxLarge)
        #expect(cut.textSize == .xxxLarge)
        let line = cut.lines[0]
        #expect(cut.problems.map(\.key) == ["today.title"])
        #expect(line.isEllipsized && line.neededWidth > line.availableWidth && line.overflowWidth > 0)
        #expect(line.problemDescription?.hasPrefix("overflows by ") == true)
    }

    /// A dark preview's background is dark and its text light, read back from the PNG; the layout is the light
    /// one's, line for line.
    @Test func aDarkPreviewIsDarkWithLightTextAndTheSameLayout() throws {
        let lines: [(key: String, text: String, role: WidgetEntry.Role)] = [
            ("today.title", "Today", .title), ("headline", "Hello there", .headline), ("updated", "8:00", .secondary),
        ]
        let lightPath = directory.appending("light.png")
        let darkPath = directory.appending("dark.png")
        let light = try renderer.render(entry(lines), toPNG: lightPath)
        let dark = try renderer.render(entry(lines), appearance: WidgetAppearance(.dark), toPNG: darkPath)
        #expect(dark.lines == light.lines)
        for appearance in Appearance.allCases {
            let tinted = try renderer.render(
                entry(lines), appearance: WidgetAppearance(appearance, tint: Tint("blue")!),
                toPNG: directory.appending("\(appearance).png"))
            #expect(tinted.lines == light.lines, "\(appearance)")
        }
        let image = try #require(PNGImage(path: darkPath))
        func channels(_ pixel: UInt32) -> [UInt32] { [pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF] }
        // Below the headline, above the footer: only background.
        let background = channels(image.pixel(x: image.width / 2, y: image.height / 2 + 20))
        #expect(background.allSatisfy { $0 < 0x30 }, "background \(background)")
        #expect(image.pixel(x: 0, y: 0) >> 24 == 0)
        // The headline's brightest pixel is near white.
        let headline = dark.lines[1]
        var brightest: UInt32 = 0
        for y in Int(headline.y * 2)..<Int((headline.y + headline.height) * 2) {
            for x in 0..<image.width { brightest = max(brightest, channels(image.pixel(x: x, y: y)).min()!) }
        }
        #expect(brightest > 0xE0, "brightest \(brightest)")
    }

    /// WCAG 2's formula, and the warning: a light-grey tint on white fails, the default styles pass in every
    /// appearance, family and text size.
    @Test func contrastBelowWCAGIsFoundForALightGreyTintAndNotForTheDefaultStyles() {
        let white = LineStyle.Color(red: 255, green: 255, blue: 255)
        let black = LineStyle.Color(red: 0, green: 0, blue: 0)
        #expect(abs(black.contrastRatio(with: white) - 21) < 0.0001)
        #expect(white.contrastRatio(with: white) == 1)
        // #777777 on white is the classic just-under-4.5 grey.
        #expect(abs(LineStyle.Color(hex: "#777777")!.contrastRatio(with: white) - 4.48) < 0.01)
        #expect(LineStyle.Color(hex: "#d3d3d3")?.hex == "#D3D3D3" && LineStyle.Color(hex: "#12345") == nil)

        let lines: [(key: String, text: String, role: WidgetEntry.Role)] = [
            ("today.title", "Today", .title), ("headline", "Hello", .headline), ("body", "Body", .body),
            ("caption", "Caption", .caption), ("updated", "8:00", .secondary),
        ]
        let grey = WidgetAppearance(.light, tint: Tint("#D3D3D3")!)
        let problems = grey.contrastProblems(in: renderer.layout(entry(lines)))
        #expect(problems.map(\.line.key) == ["today.title"])
        #expect(problems.first?.required == 4.5 && (problems.first?.ratio ?? 9) < 1.6)
        #expect(
            problems.first?.description == "#D3D3D3 on #FFFFFF is 1.5:1, under WCAG 2's 4.5:1 for 13 pt bold text")
        for appearance in Appearance.allCases {
            for family in HomeScreenFamily.allCases {
                for size in TextSize.allCases {
                    let layout = renderer.layout(entry(lines, family: family), textSize: size)
                    let found = WidgetAppearance(appearance).contrastProblems(in: layout)
                    #expect(found.isEmpty, "\(appearance) \(family) \(size): \(found.map(\.description))")
                }
            }
        }
        // Large text needs 3:1: 24 pt, or 18.67 pt bold (WCAG's 18 and 14 points).
        #expect(WidgetAppearance.requiredContrast(for: LineStyle.of(.headline, in: .systemSmall, at: .xxxLarge)) == 3)
        #expect(WidgetAppearance.requiredContrast(for: LineStyle.of(.body, in: .systemSmall, at: .xxxLarge)) == 4.5)
    }

    @Test func aCharacterNoFontHasIsCounted() {
        // U+E000 is private use: no installed font draws it.
        let layout = renderer.layout(entry([("x", "Box \u{E000}\u{E001}", .body)]))
        #expect(layout.lines[0].unknownGlyphs == 2)
        #expect(layout.problems.count == 1)
    }

    /// Every message of every locale of the bundled Locales/, with sample arguments, in every family: no
    /// character lacks a glyph.
    @Test func everyBundledLocaleHasItsGlyphs() throws {
        let root = Repository.sampleProjectLocales
        let locales = try FileManager.default.contentsOfDirectory(atPath: root).filter { !$0.hasSuffix(".json") }
        #expect(locales.count == 10)
        let formatter = ICUMessageFormatter(timeZone: ZoneInfo(identifier: "UTC"))
        let arguments: MessageArguments = [
            "event": .string("Marathon"), "name": .string("Ayşe"), "time": .string("20:00"),
            "count": .number(MessageNumber(3)),
            "days": .number(MessageNumber(52)), "weeks": .number(MessageNumber(7)),
            "months": .number(MessageNumber(2)),
        ]
        for locale in locales {
            let bundle = try MessageBundle(
                jsonBytes: Array(try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(locale)/translations.json"))))
            let tag = LocaleTag(parsing: locale)!
            let lines = bundle.keys.map { key in
                (
                    key: key,
                    text: formatter.format(bundle.message(forKey: key)!, locale: tag, arguments: arguments).text,
                    role: WidgetEntry.Role.body
                )
            }
            for family in HomeScreenFamily.allCases {
                let layout = renderer.layout(entry(lines, locale: locale, family: family))
                for line in layout.lines {
                    #expect(line.unknownGlyphs == 0, "\(locale) \(line.key): \(line.text)")
                }
            }
        }
    }
}

@Suite struct PreviewDirectoryTests {
    @Test func somethingPutAtTheDestinationDuringARunIsNeitherReplacedNorLost() throws {
        let directory = try TemporaryDirectory(prefix: "preview-directory")
        defer { directory.remove() }
        let destination = directory.appending("out")
        let output = try PreviewDirectory(destination)
        try output.writeFile("report.json", "{}")
        // Meanwhile someone makes the destination and puts a file in it.
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: destination + "/notes.txt"))
        #expect(throws: PreviewError.self) { try output.commit() }
        #expect(snapshot(of: destination) == ["notes.txt": Data("mine".utf8)])
        output.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out"])
    }

    @Test func anEarlierPreviewIsReplacedWholeWithTheUsualPermissions() throws {
        let directory = try TemporaryDirectory(prefix: "preview-directory")
        defer { directory.remove() }
        let destination = directory.appending("out")
        for text in ["first", "second"] {
            let output = try PreviewDirectory(destination)
            try output.writeFile(text + ".txt", text)
            try output.commit()
        }
        #expect(Set(snapshot(of: destination).keys) == [".widget-i18n-previews", "second.txt"])
        let attributes = try FileManager.default.attributesOfItem(atPath: destination)
        let mode = (attributes[.posixPermissions] as? Int ?? 0) & 0o777
        let mask = umask(0)
        umask(mask)
        #expect(mode == 0o777 & ~Int(mask))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out"])
    }
}
