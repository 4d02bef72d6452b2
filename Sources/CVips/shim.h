// Non-variadic wrappers around the libvips calls Photolala uses.
//
// Swift cannot call C variadic functions or expand the VIPS_INIT macro, so each
// call the engine needs is wrapped here in a static inline function with the
// options it passes spelled out.
#ifndef PHOTOLALA_CVIPS_SHIM_H
#define PHOTOLALA_CVIPS_SHIM_H

#include <vips/vips.h>

static inline int cvips_init(const char *program_name) {
    return VIPS_INIT(program_name);
}

static void cvips_ignore_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {}

/// Keeps libvips warnings off standard error: Photolala reports failures as errors instead.
static inline void cvips_silence_warnings(void) {
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, cvips_ignore_log, NULL);
}

/// Opens an image lazily: only the header is decoded until pixels are needed.
static inline VipsImage *cvips_header_from_buffer(const void *buffer, size_t length) {
    return vips_image_new_from_buffer(buffer, length, "", NULL);
}

/// Shrink-on-load thumbnail from an encoded image held in memory.
static inline int cvips_thumbnail_buffer(void *buffer, size_t length, VipsImage **out,
                                         int width, int height, gboolean crop_centre) {
    return vips_thumbnail_buffer(buffer, length, out, width,
                                 "height", height,
                                 "crop", crop_centre ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                                 "fail_on", VIPS_FAIL_ON_TRUNCATED,
                                 // libvips 8.14 does not pass fail_on on to buffer loaders; the
                                 // option string does.
                                 "option_string", "fail_on=truncated",
                                 NULL);
}

/// Opens a HEIF or AVIF image lazily with libheif: its first thumbnail item when `thumbnail` is
/// set and the file has one (else the primary image), turned upright by its own irot/imir.
static inline VipsImage *cvips_heifload_buffer(const void *buffer, size_t length, gboolean thumbnail) {
    VipsImage *out = NULL;
    if (vips_heifload_buffer((void *)buffer, length, &out, "thumbnail", thumbnail,
                             "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL) != 0) return NULL;
    return out;
}

/// Shrinks a decoded image to fit width × height: for sources without shrink-on-load, such as a
/// HEIF's primary image or thumbnail item, or a RAW's half-size decode. The caller picks a size
/// that does not enlarge it.
static inline int cvips_thumbnail_image(VipsImage *in, VipsImage **out, int width, int height) {
    return vips_thumbnail_image(in, out, width, "height", height, NULL);
}

/// Maps every band of a 16-bit image through a table of 65,536 entries, one per code.
static inline int cvips_maplut(VipsImage *in, VipsImage **out, VipsImage *lut) {
    return vips_maplut(in, out, lut, NULL);
}

/// Multiplies each pixel's three bands by a row-major 3 × 3 matrix.
static inline int cvips_recomb3(VipsImage *in, VipsImage **out, const double matrix[9]) {
    VipsImage *m = vips_image_new_matrix_from_array(3, 3, matrix, 9);
    if (m == NULL) return -1;
    int result = vips_recomb(in, out, m, NULL);
    g_object_unref(m);
    return result;
}

/// Says the pixels are linear light with BT.709 primaries (scRGB), as vips_colourspace expects.
static inline int cvips_as_scrgb(VipsImage *in, VipsImage **out) {
    return vips_copy(in, out, "interpretation", VIPS_INTERPRETATION_scRGB, NULL);
}

/// Converts 16-bit and other interpretations to 8-bit sRGB or grey, as JPEG needs.
static inline int cvips_colourspace(VipsImage *in, VipsImage **out, VipsInterpretation space) {
    return vips_colourspace(in, out, space, NULL);
}

/// Composites an alpha channel over white.
static inline int cvips_flatten_white(VipsImage *in, VipsImage **out) {
    double white[3] = {255.0, 255.0, 255.0};
    VipsArrayDouble *background = vips_array_double_new(white, 3);
    int result = vips_flatten(in, out, "background", background, NULL);
    vips_area_unref(VIPS_AREA(background));
    return result;
}

/// Saves a baseline JPEG with every metadata block stripped.
static inline int cvips_jpegsave_buffer(VipsImage *in, void **buffer, size_t *length, int quality) {
    return vips_jpegsave_buffer(in, buffer, length, "Q", quality, "strip", TRUE, NULL);
}

/// Decodes a whole image, turns it upright and encodes it as JPEG: the full-size view of
/// formats browsers cannot show (HEIC, TIFF).
static inline int cvips_render_jpeg(const void *source, size_t source_length, void **buffer, size_t *length, int quality) {
    VipsImage *image = vips_image_new_from_buffer(source, source_length, "", "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
    if (image == NULL) return -1;
    VipsImage *upright = NULL;
    int result = vips_autorot(image, &upright, NULL);
    g_object_unref(image);
    if (result != 0) return result;
    result = vips_jpegsave_buffer(upright, buffer, length, "Q", quality, NULL);
    g_object_unref(upright);
    return result;
}

/// Turns an image upright by `orientation` (EXIF 1–8), whatever orientation its own metadata
/// says: a camera RAW's embedded preview is turned by the RAW's orientation, not its own.
static inline int cvips_orient(VipsImage *in, VipsImage **out, int orientation) {
    VipsImage *copy = NULL;
    if (vips_copy(in, &copy, NULL) != 0) return -1;
    vips_image_set_int(copy, VIPS_META_ORIENTATION, orientation);
    int result = vips_autorot(copy, out, NULL);
    g_object_unref(copy);
    return result;
}

/// Shrink-on-load thumbnail of an embedded JPEG (a RAW's preview), turned upright by
/// `orientation` rather than by the JPEG's own EXIF.
static inline int cvips_thumbnail_buffer_oriented(void *buffer, size_t length, VipsImage **out,
                                                  int width, int height, int orientation) {
    VipsImage *thumbnail = NULL;
    if (vips_thumbnail_buffer(buffer, length, &thumbnail, width,
                              "height", height,
                              "no_rotate", TRUE,
                              "fail_on", VIPS_FAIL_ON_TRUNCATED,
                              "option_string", "fail_on=truncated",
                              NULL) != 0) return -1;
    int result = cvips_orient(thumbnail, out, orientation);
    g_object_unref(thumbnail);
    return result;
}

/// Decodes an embedded JPEG whole, turns it upright by `orientation` and encodes it as JPEG:
/// the full-size view of a camera RAW.
static inline int cvips_render_jpeg_oriented(const void *source, size_t source_length, void **buffer, size_t *length,
                                             int quality, int orientation) {
    VipsImage *image = vips_image_new_from_buffer(source, source_length, "", "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
    if (image == NULL) return -1;
    VipsImage *upright = NULL;
    int result = cvips_orient(image, &upright, orientation);
    g_object_unref(image);
    if (result != 0) return result;
    result = vips_jpegsave_buffer(upright, buffer, length, "Q", quality, NULL);
    g_object_unref(upright);
    return result;
}

static inline void cvips_unref(VipsImage *image) {
    g_object_unref(image);
}

#endif
