// libvips' functions as Photolala calls them: the wrappers Swift calls (it cannot call C
// variadic functions or expand VIPS_INIT), and the library's own non-variadic functions, each
// through the address resolved when libvips was opened.
#include "Library.h"
#include "include/CImaging.h"
#include "../CVips/shim.h"

#define VIPS_FUNCTIONS(X) \
    X(g_free) \
    X(g_log_set_handler) \
    X(g_object_unref) \
    X(vips_area_unref) \
    X(vips_array_double_new) \
    X(vips_autorot) \
    X(vips_block_untrusted_set) \
    X(vips_cache_set_max) \
    X(vips_colourspace) \
    X(vips_concurrency_set) \
    X(vips_copy) \
    X(vips_error) \
    X(vips_error_buffer) \
    X(vips_error_clear) \
    X(vips_flatten) \
    X(vips_heifload_buffer) \
    X(vips_image_get_bands) \
    X(vips_image_get_blob) \
    X(vips_image_get_format) \
    X(vips_image_get_height) \
    X(vips_image_get_interpretation) \
    X(vips_image_get_orientation) \
    X(vips_image_get_orientation_swap) \
    X(vips_image_get_typeof) \
    X(vips_image_get_width) \
    X(vips_image_hasalpha) \
    X(vips_image_new_from_buffer) \
    X(vips_image_new_from_memory_copy) \
    X(vips_image_new_matrix_from_array) \
    X(vips_image_set_int) \
    X(vips_init) \
    X(vips_jpegsave_buffer) \
    X(vips_maplut) \
    X(vips_operation_block_set) \
    X(vips_recomb) \
    X(vips_thumbnail_buffer) \
    X(vips_thumbnail_image) \
    X(vips_type_find) \
    X(vips_version)

CIMAGING_DEFINE_LIBRARY(vips, "libvips", VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE, VIPS_FUNCTIONS)

#define CALL(function) CIMAGING_CALL(vips, function)

int cvips_init(const char *program_name) {
    // VIPS_INIT's check, through the opened library: the headers' ABI must be the library's.
    if (CALL(vips_version)(3) - CALL(vips_version)(5) != VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE) {
        CALL(vips_error)("vips_init", "libvips' ABI is not the one photolala was built with");
        return -1;
    }
    return CALL(vips_init)(program_name);
}

static void ignore_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {}

void cvips_silence_warnings(void) {
    CALL(g_log_set_handler)("VIPS", G_LOG_LEVEL_WARNING, ignore_log, NULL);
}

VipsImage *cvips_header_from_buffer(const void *buffer, size_t length) {
    return CALL(vips_image_new_from_buffer)(buffer, length, "", NULL);
}

int cvips_thumbnail_buffer(void *buffer, size_t length, VipsImage **out,
                                         int width, int height, gboolean crop_centre) {
    return CALL(vips_thumbnail_buffer)(buffer, length, out, width,
                                 "height", height,
                                 "crop", crop_centre ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                                 "fail_on", VIPS_FAIL_ON_TRUNCATED,
                                 // libvips 8.14 does not pass fail_on on to buffer loaders; the
                                 // option string does.
                                 "option_string", "fail_on=truncated",
                                 NULL);
}

VipsImage *cvips_heifload_buffer(const void *buffer, size_t length, gboolean thumbnail) {
    VipsImage *out = NULL;
    if (CALL(vips_heifload_buffer)((void *)buffer, length, &out, "thumbnail", thumbnail,
                             "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL) != 0) return NULL;
    return out;
}

int cvips_thumbnail_image(VipsImage *in, VipsImage **out, int width, int height) {
    return CALL(vips_thumbnail_image)(in, out, width, "height", height, NULL);
}

int cvips_maplut(VipsImage *in, VipsImage **out, VipsImage *lut) {
    return CALL(vips_maplut)(in, out, lut, NULL);
}

int cvips_recomb3(VipsImage *in, VipsImage **out, const double matrix[9]) {
    VipsImage *m = CALL(vips_image_new_matrix_from_array)(3, 3, matrix, 9);
    if (m == NULL) return -1;
    int result = CALL(vips_recomb)(in, out, m, NULL);
    CALL(g_object_unref)(m);
    return result;
}

int cvips_as_scrgb(VipsImage *in, VipsImage **out) {
    return CALL(vips_copy)(in, out, "interpretation", VIPS_INTERPRETATION_scRGB, NULL);
}

int cvips_colourspace(VipsImage *in, VipsImage **out, VipsInterpretation space) {
    return CALL(vips_colourspace)(in, out, space, NULL);
}

int cvips_flatten_white(VipsImage *in, VipsImage **out) {
    double white[3] = {255.0, 255.0, 255.0};
    VipsArrayDouble *background = CALL(vips_array_double_new)(white, 3);
    int result = CALL(vips_flatten)(in, out, "background", background, NULL);
    CALL(vips_area_unref)(VIPS_AREA(background));
    return result;
}

int cvips_jpegsave_buffer(VipsImage *in, void **buffer, size_t *length, int quality) {
    return CALL(vips_jpegsave_buffer)(in, buffer, length, "Q", quality, "strip", TRUE, NULL);
}

int cvips_render_jpeg(const void *source, size_t source_length, void **buffer, size_t *length, int quality) {
    VipsImage *image = CALL(vips_image_new_from_buffer)(source, source_length, "", "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
    if (image == NULL) return -1;
    VipsImage *upright = NULL;
    int result = CALL(vips_autorot)(image, &upright, NULL);
    CALL(g_object_unref)(image);
    if (result != 0) return result;
    result = CALL(vips_jpegsave_buffer)(upright, buffer, length, "Q", quality, NULL);
    CALL(g_object_unref)(upright);
    return result;
}

/// Turns an image upright by `orientation` (EXIF 1–8), whatever orientation its own metadata
/// says: a camera RAW's embedded preview is turned by the RAW's orientation, not its own.
static int orient(VipsImage *in, VipsImage **out, int orientation) {
    VipsImage *copy = NULL;
    if (CALL(vips_copy)(in, &copy, NULL) != 0) return -1;
    CALL(vips_image_set_int)(copy, VIPS_META_ORIENTATION, orientation);
    int result = CALL(vips_autorot)(copy, out, NULL);
    CALL(g_object_unref)(copy);
    return result;
}

int cvips_thumbnail_buffer_oriented(void *buffer, size_t length, VipsImage **out,
                                                  int width, int height, int orientation) {
    VipsImage *thumbnail = NULL;
    if (CALL(vips_thumbnail_buffer)(buffer, length, &thumbnail, width,
                              "height", height,
                              "no_rotate", TRUE,
                              "fail_on", VIPS_FAIL_ON_TRUNCATED,
                              "option_string", "fail_on=truncated",
                              NULL) != 0) return -1;
    int result = orient(thumbnail, out, orientation);
    CALL(g_object_unref)(thumbnail);
    return result;
}

int cvips_render_jpeg_oriented(const void *source, size_t source_length, void **buffer, size_t *length,
                                             int quality, int orientation) {
    VipsImage *image = CALL(vips_image_new_from_buffer)(source, source_length, "", "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
    if (image == NULL) return -1;
    VipsImage *upright = NULL;
    int result = orient(image, &upright, orientation);
    CALL(g_object_unref)(image);
    if (result != 0) return result;
    result = CALL(vips_jpegsave_buffer)(upright, buffer, length, "Q", quality, NULL);
    CALL(g_object_unref)(upright);
    return result;
}

void cvips_unref(VipsImage *image) {
    CALL(g_object_unref)(image);
}

// MARK: - Called from Swift as they are

void vips_block_untrusted_set(gboolean state) {
    CALL(vips_block_untrusted_set)(state);
}

void vips_cache_set_max(int max) {
    CALL(vips_cache_set_max)(max);
}

void vips_concurrency_set(int concurrency) {
    CALL(vips_concurrency_set)(concurrency);
}

const char *vips_error_buffer(void) {
    return CALL(vips_error_buffer)();
}

void vips_error_clear(void) {
    CALL(vips_error_clear)();
}

int vips_image_get_bands(const VipsImage *image) {
    return CALL(vips_image_get_bands)(image);
}

int vips_image_get_blob(const VipsImage *image, const char *name, const void **data, size_t *length) {
    return CALL(vips_image_get_blob)(image, name, data, length);
}

VipsBandFormat vips_image_get_format(const VipsImage *image) {
    return CALL(vips_image_get_format)(image);
}

int vips_image_get_height(const VipsImage *image) {
    return CALL(vips_image_get_height)(image);
}

VipsInterpretation vips_image_get_interpretation(const VipsImage *image) {
    return CALL(vips_image_get_interpretation)(image);
}

int vips_image_get_orientation(VipsImage *image) {
    return CALL(vips_image_get_orientation)(image);
}

gboolean vips_image_get_orientation_swap(VipsImage *image) {
    return CALL(vips_image_get_orientation_swap)(image);
}

GType vips_image_get_typeof(const VipsImage *image, const char *name) {
    return CALL(vips_image_get_typeof)(image, name);
}

int vips_image_get_width(const VipsImage *image) {
    return CALL(vips_image_get_width)(image);
}

gboolean vips_image_hasalpha(VipsImage *image) {
    return CALL(vips_image_hasalpha)(image);
}

VipsImage *vips_image_new_from_memory_copy(const void *data, size_t size, int width, int height, int bands, VipsBandFormat format) {
    return CALL(vips_image_new_from_memory_copy)(data, size, width, height, bands, format);
}

void vips_operation_block_set(const char *name, gboolean state) {
    CALL(vips_operation_block_set)(name, state);
}

GType vips_type_find(const char *basename, const char *nickname) {
    return CALL(vips_type_find)(basename, nickname);
}

void g_free(gpointer memory) {
    CALL(g_free)(memory);
}
