import CPangoCairo

/// A PNG read back through Cairo: its size and where its ink is, for tests that look at what was drawn.
package struct PNGImage {
    package let width: Int
    package let height: Int
    /// Premultiplied ARGB, one `UInt32` per pixel, row by row.
    private let pixels: [UInt32]

    package init?(path: String) {
        let surface = cairo_image_surface_create_from_png(path)
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == UInt32(WIDGET_I18N_CAIRO_STATUS_SUCCESS),
            let data = cairo_image_surface_get_data(surface)
        else { return nil }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for row in 0..<height {
            let line = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            pixels.append(contentsOf: UnsafeBufferPointer(start: line, count: width))
        }
        self.pixels = pixels
    }

    /// The pixel at `x`, `y` as premultiplied ARGB.
    package func pixel(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

    /// The columns, within `rows`, of the pixels that differ from opaque white: the horizontal extent of ink.
    package func inkColumns(rows: Range<Int>) -> ClosedRange<Int>? {
        var low = Int.max
        var high = Int.min
        for y in rows {
            for x in 0..<width where pixels[y * width + x] != 0xFFFF_FFFF && pixels[y * width + x] >> 24 == 0xFF {
                low = min(low, x)
                high = max(high, x)
            }
        }
        return low <= high ? low...high : nil
    }

    /// The rows, within `rows`, of the pixels that differ from opaque white: the vertical extent of ink.
    package func inkRows(within rows: Range<Int>) -> ClosedRange<Int>? {
        var low = Int.max
        var high = Int.min
        for y in rows {
            for x in 0..<width where pixels[y * width + x] != 0xFFFF_FFFF && pixels[y * width + x] >> 24 == 0xFF {
                low = min(low, y)
                high = max(high, y)
                break
            }
        }
        return low <= high ? low...high : nil
    }
}
