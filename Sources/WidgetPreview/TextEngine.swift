import CPangoCairo
import I18nCore
import LocaleData

/// Pango on Cairo, set up the same way for measuring and for drawing: fonts from fontconfig, text shaped by
/// HarfBuzz, grey antialiasing and unhinted metrics, so widths do not depend on the pixel grid and a line
/// measures the same in `check --layout` as in a PNG. Pango's objects are not thread-safe: a `TextEngine` is
/// not `Sendable` and is used by one task at a time.
final class TextEngine {
    private let fontMap: OpaquePointer
    /// A 1×1 surface at @2x that every context takes its transformation from.
    private let scratchSurface: OpaquePointer
    private let scratch: OpaquePointer
    private var contexts: [String: OpaquePointer] = [:]

    /// The families before the CJK one, in fallback order.
    static let latinAndArabic = "Noto Sans, Noto Sans Arabic UI"

    /// The font families that stand in for SF Pro, in fallback order, per script of the locale.
    static func fontFamilies(for locale: LocaleTag) -> String {
        let cjk: String
        switch (locale.language, locale.script, locale.region) {
        case ("zh", "Hant", _), ("zh", nil, "TW"), ("zh", nil, "HK"), ("zh", nil, "MO"): cjk = "Noto Sans CJK TC"
        case ("zh", _, _): cjk = "Noto Sans CJK SC"
        case ("ko", _, _): cjk = "Noto Sans CJK KR"
        default: cjk = "Noto Sans CJK JP"
        }
        return "\(latinAndArabic), \(cjk)"
    }

    init() throws(PreviewError) {
        fontMap = pango_cairo_font_map_new()
        scratchSurface = cairo_image_surface_create(Int32(WIDGET_I18N_CAIRO_FORMAT_ARGB32), 1, 1)
        scratch = cairo_create(scratchSurface)
        cairo_scale(scratch, Double(WidgetCanvas.scale), Double(WidgetCanvas.scale))
        let missing = Self.requiredFamilies.filter { !hasFamily($0) }
        guard missing.isEmpty else { throw .missingFonts(missing) }
    }

    deinit {
        for context in contexts.values { g_object_unref(UnsafeMutableRawPointer(context)) }
        cairo_destroy(scratch)
        cairo_surface_destroy(scratchSurface)
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// Families every locale of the bundled `Locales/` needs.
    static let requiredFamilies = ["Noto Sans", "Noto Sans Arabic UI", "Noto Sans CJK JP", "Noto Sans CJK TC"]

    private func hasFamily(_ name: String) -> Bool {
        var families: UnsafeMutablePointer<OpaquePointer?>?
        var count: Int32 = 0
        pango_font_map_list_families(fontMap, &families, &count)
        defer { g_free(families) }
        guard let families else { return false }
        for index in 0..<Int(count) {
            if let family = families[index], String(cString: pango_font_family_get_name(family)) == name {
                return true
            }
        }
        return false
    }

    /// A Pango context for a locale and a writing direction, made once.
    private func context(for locale: LocaleTag, rightToLeft: Bool) -> OpaquePointer {
        let key = locale.normalized + (rightToLeft ? "/rtl" : "/ltr")
        if let context = contexts[key] { return context }
        let context = pango_font_map_create_context(fontMap)!
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, UInt32(WIDGET_I18N_CAIRO_ANTIALIAS_GRAY))
        cairo_font_options_set_hint_style(options, UInt32(WIDGET_I18N_CAIRO_HINT_STYLE_NONE))
        cairo_font_options_set_hint_metrics(options, UInt32(WIDGET_I18N_CAIRO_HINT_METRICS_OFF))
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_language(context, pango_language_from_string(locale.displayForm))
        pango_context_set_base_dir(
            context, rightToLeft ? UInt32(WIDGET_I18N_PANGO_DIRECTION_RTL) : UInt32(WIDGET_I18N_PANGO_DIRECTION_LTR))
        pango_cairo_update_context(scratch, context)
        contexts[key] = context
        return context
    }

    /// `text` in `style`, wrapped at `width` points and cut with an ellipsis after `lineLimit` lines; on one
    /// unbroken line when `width` is `nil`.
    func layout(
        _ text: String, style: LineStyle, locale: LocaleTag, rightToLeft: Bool, width: Double?, lineLimit: Int?
    ) -> TextLayout {
        let layout = pango_layout_new(context(for: locale, rightToLeft: rightToLeft))!
        pango_layout_set_text(layout, text, -1)
        let font = pango_font_description_new()
        pango_font_description_set_family(font, Self.fontFamilies(for: locale))
        pango_font_description_set_weight(
            font, style.bold ? UInt32(WIDGET_I18N_PANGO_WEIGHT_BOLD) : UInt32(WIDGET_I18N_PANGO_WEIGHT_NORMAL))
        pango_font_description_set_absolute_size(font, style.size * Double(WIDGET_I18N_PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_auto_dir(layout, 0)
        pango_layout_set_alignment(
            layout, rightToLeft ? UInt32(WIDGET_I18N_PANGO_ALIGN_RIGHT) : UInt32(WIDGET_I18N_PANGO_ALIGN_LEFT))
        if let width {
            pango_layout_set_width(layout, Int32(width * Double(WIDGET_I18N_PANGO_SCALE)))
            pango_layout_set_wrap(layout, UInt32(WIDGET_I18N_PANGO_WRAP_WORD_CHAR))
        }
        if let lineLimit {
            pango_layout_set_ellipsize(layout, UInt32(WIDGET_I18N_PANGO_ELLIPSIZE_END))
            pango_layout_set_height(layout, -Int32(lineLimit))
        }
        return TextLayout(layout)
    }

}

/// One `PangoLayout`, released with its owner.
final class TextLayout {
    let layout: OpaquePointer

    init(_ layout: OpaquePointer) { self.layout = layout }
    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    private static let scale = Double(WIDGET_I18N_PANGO_SCALE)

    /// The logical size, in points.
    var size: (width: Double, height: Double) {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return (Double(logical.width) / Self.scale, Double(logical.height) / Self.scale)
    }

    /// The logical width of each line, in points.
    var lineWidths: [Double] {
        (0..<Int(pango_layout_get_line_count(layout))).map { index in
            var logical = PangoRectangle()
            pango_layout_line_get_extents(pango_layout_get_line_readonly(layout, Int32(index)), nil, &logical)
            return Double(logical.width) / Self.scale
        }
    }

    var isEllipsized: Bool { pango_layout_is_ellipsized(layout) != 0 }

    /// Characters no font has a glyph for (drawn as boxes).
    var unknownGlyphs: Int { Int(pango_layout_get_unknown_glyphs_count(layout)) }
}

/// A Cairo image surface being drawn on, in points.
final class Drawing {
    private let surface: OpaquePointer
    private let cairo: OpaquePointer

    init(width: Int, height: Int) {
        surface = cairo_image_surface_create(Int32(WIDGET_I18N_CAIRO_FORMAT_ARGB32), Int32(width), Int32(height))
        cairo = cairo_create(surface)
        cairo_scale(cairo, Double(WidgetCanvas.scale), Double(WidgetCanvas.scale))
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// Fills a rounded rectangle and clips everything after it to that shape, as the home screen does.
    func fillRoundedRectangle(width: Double, height: Double, radius: Double, color: LineStyle.Color) {
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, width - radius, radius, radius, -Double.pi / 2, 0)
        cairo_arc(cairo, width - radius, height - radius, radius, 0, Double.pi / 2)
        cairo_arc(cairo, radius, height - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cairo, radius, radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
        setColor(color)
        cairo_fill_preserve(cairo)
        cairo_clip(cairo)
    }

    /// Draws `text` with its top-left corner at `x`, `y`, showing only what lies within `visible` vertically.
    func draw(_ text: TextLayout, x: Double, y: Double, visible: Range<Double>, color: LineStyle.Color) {
        cairo_save(cairo)
        cairo_rectangle(cairo, 0, visible.lowerBound, x + 10_000, visible.upperBound - visible.lowerBound)
        cairo_clip(cairo)
        setColor(color)
        cairo_move_to(cairo, x, y)
        pango_cairo_show_layout(cairo, text.layout)
        cairo_restore(cairo)
    }

    private func setColor(_ color: LineStyle.Color) {
        cairo_set_source_rgb(
            cairo, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
    }

    /// Writes the image as a PNG file.
    func writePNG(to path: String) throws(PreviewError) {
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == UInt32(WIDGET_I18N_CAIRO_STATUS_SUCCESS) else {
            throw .cannotWrite(path, String(cString: cairo_status_to_string(status)))
        }
    }
}
