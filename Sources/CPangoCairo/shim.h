// The part of Pango's, Cairo's and GLib's stable C API that WidgetPreview uses, declared here rather than
// included: their headers need pkg-config's include paths, and glib-2.0.pc's `-pthread`, which SwiftPM
// refuses with a warning on every build. scripts/check-c-declarations.sh compiles this file against the
// real headers (libpango1.0-dev, libcairo2-dev), so a declaration that differs from them is an error.
#ifndef WIDGET_I18N_CPANGOCAIRO_SHIM_H
#define WIDGET_I18N_CPANGOCAIRO_SHIM_H

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _cairo_font_options cairo_font_options_t;
typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoFontFamily PangoFontFamily;
typedef struct _PangoContext PangoContext;
typedef struct _PangoLanguage PangoLanguage;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoLayoutLine PangoLayoutLine;
typedef struct _PangoFontDescription PangoFontDescription;
#ifndef __PANGO_TYPES_H__
typedef struct _PangoRectangle {
    int x;
    int y;
    int width;
    int height;
} PangoRectangle;
#endif

// Enumerations, passed as the unsigned int that C compilers on Linux give an enum without negative values
// (cairo_format_t has one, so it is an int); the checker asserts each value against the real enum.
enum {
    WIDGET_I18N_PANGO_SCALE = 1024,
    WIDGET_I18N_PANGO_DIRECTION_LTR = 0,
    WIDGET_I18N_PANGO_DIRECTION_RTL = 1,
    WIDGET_I18N_PANGO_WEIGHT_NORMAL = 400,
    WIDGET_I18N_PANGO_WEIGHT_BOLD = 700,
    WIDGET_I18N_PANGO_ALIGN_LEFT = 0,
    WIDGET_I18N_PANGO_ALIGN_RIGHT = 2,
    WIDGET_I18N_PANGO_WRAP_WORD_CHAR = 2,
    WIDGET_I18N_PANGO_ELLIPSIZE_END = 3,
    WIDGET_I18N_CAIRO_FORMAT_ARGB32 = 0,
    WIDGET_I18N_CAIRO_ANTIALIAS_GRAY = 2,
    WIDGET_I18N_CAIRO_HINT_STYLE_NONE = 1,
    WIDGET_I18N_CAIRO_HINT_METRICS_OFF = 1,
    WIDGET_I18N_CAIRO_STATUS_SUCCESS = 0,
};

// GLib
void g_object_unref(void *object);
void g_free(void *memory);

// Pango
PangoFontMap *pango_cairo_font_map_new(void);
PangoContext *pango_font_map_create_context(PangoFontMap *fontmap);
void pango_font_map_list_families(PangoFontMap *fontmap, PangoFontFamily ***families, int *n_families);
const char *pango_font_family_get_name(PangoFontFamily *family);
void pango_cairo_context_set_font_options(PangoContext *context, const cairo_font_options_t *options);
PangoLanguage *pango_language_from_string(const char *language);
void pango_context_set_language(PangoContext *context, PangoLanguage *language);
void pango_context_set_base_dir(PangoContext *context, unsigned int direction);
void pango_cairo_update_context(cairo_t *cr, PangoContext *context);
PangoLayout *pango_layout_new(PangoContext *context);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
PangoFontDescription *pango_font_description_new(void);
void pango_font_description_set_family(PangoFontDescription *desc, const char *family);
void pango_font_description_set_weight(PangoFontDescription *desc, unsigned int weight);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);
void pango_font_description_free(PangoFontDescription *desc);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_auto_dir(PangoLayout *layout, int auto_dir);
void pango_layout_set_alignment(PangoLayout *layout, unsigned int alignment);
void pango_layout_set_width(PangoLayout *layout, int width);
void pango_layout_set_wrap(PangoLayout *layout, unsigned int wrap);
void pango_layout_set_ellipsize(PangoLayout *layout, unsigned int ellipsize);
void pango_layout_set_height(PangoLayout *layout, int height);
void pango_layout_get_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
int pango_layout_get_line_count(PangoLayout *layout);
PangoLayoutLine *pango_layout_get_line_readonly(PangoLayout *layout, int line);
void pango_layout_line_get_extents(PangoLayoutLine *line, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
int pango_layout_is_ellipsized(PangoLayout *layout);
int pango_layout_get_unknown_glyphs_count(PangoLayout *layout);
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);

// Cairo
cairo_surface_t *cairo_image_surface_create(int format, int width, int height);
cairo_surface_t *cairo_image_surface_create_from_png(const char *filename);
unsigned char *cairo_image_surface_get_data(cairo_surface_t *surface);
int cairo_image_surface_get_width(cairo_surface_t *surface);
int cairo_image_surface_get_height(cairo_surface_t *surface);
int cairo_image_surface_get_stride(cairo_surface_t *surface);
unsigned int cairo_surface_status(cairo_surface_t *surface);
void cairo_surface_flush(cairo_surface_t *surface);
void cairo_surface_destroy(cairo_surface_t *surface);
unsigned int cairo_surface_write_to_png(cairo_surface_t *surface, const char *filename);
const char *cairo_status_to_string(unsigned int status);
cairo_t *cairo_create(cairo_surface_t *target);
void cairo_destroy(cairo_t *cr);
void cairo_scale(cairo_t *cr, double sx, double sy);
void cairo_new_sub_path(cairo_t *cr);
void cairo_arc(cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2);
void cairo_close_path(cairo_t *cr);
void cairo_rectangle(cairo_t *cr, double x, double y, double width, double height);
void cairo_save(cairo_t *cr);
void cairo_restore(cairo_t *cr);
void cairo_fill_preserve(cairo_t *cr);
void cairo_clip(cairo_t *cr);
void cairo_set_source_rgb(cairo_t *cr, double red, double green, double blue);
void cairo_move_to(cairo_t *cr, double x, double y);
cairo_font_options_t *cairo_font_options_create(void);
void cairo_font_options_destroy(cairo_font_options_t *options);
void cairo_font_options_set_antialias(cairo_font_options_t *options, unsigned int antialias);
void cairo_font_options_set_hint_style(cairo_font_options_t *options, unsigned int hint_style);
void cairo_font_options_set_hint_metrics(cairo_font_options_t *options, unsigned int hint_metrics);

#endif
