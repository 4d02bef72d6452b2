// libheif's functions as Photolala calls them from Swift, each through the address resolved
// when libheif was opened.
#include "Library.h"
#include "include/CImaging.h"
#include "../CHeif/shim.h"

#define HEIF_FUNCTIONS(X) \
    X(heif_context_alloc) \
    X(heif_context_free) \
    X(heif_context_get_primary_image_handle) \
    X(heif_context_read_from_memory_without_copy) \
    X(heif_image_handle_get_height) \
    X(heif_image_handle_get_list_of_thumbnail_IDs) \
    X(heif_image_handle_get_nclx_color_profile) \
    X(heif_image_handle_get_thumbnail) \
    X(heif_image_handle_get_width) \
    X(heif_image_handle_release) \
    X(heif_nclx_color_profile_free)

CIMAGING_DEFINE_LIBRARY(heif, "libheif", LIBHEIF_NUMERIC_VERSION >> 24, HEIF_FUNCTIONS)

#define CALL(function) CIMAGING_CALL(heif, function)

struct heif_context *heif_context_alloc(void) {
    return CALL(heif_context_alloc)();
}

void heif_context_free(struct heif_context *context) {
    CALL(heif_context_free)(context);
}

struct heif_error heif_context_get_primary_image_handle(struct heif_context *context, struct heif_image_handle **handle) {
    return CALL(heif_context_get_primary_image_handle)(context, handle);
}

struct heif_error heif_context_read_from_memory_without_copy(struct heif_context *context, const void *memory, size_t size,
                                                             const struct heif_reading_options *options) {
    return CALL(heif_context_read_from_memory_without_copy)(context, memory, size, options);
}

int heif_image_handle_get_height(const struct heif_image_handle *handle) {
    return CALL(heif_image_handle_get_height)(handle);
}

int heif_image_handle_get_list_of_thumbnail_IDs(const struct heif_image_handle *handle, heif_item_id *ids, int count) {
    return CALL(heif_image_handle_get_list_of_thumbnail_IDs)(handle, ids, count);
}

struct heif_error heif_image_handle_get_nclx_color_profile(const struct heif_image_handle *handle,
                                                           struct heif_color_profile_nclx **profile) {
    return CALL(heif_image_handle_get_nclx_color_profile)(handle, profile);
}

struct heif_error heif_image_handle_get_thumbnail(const struct heif_image_handle *handle, heif_item_id thumbnail,
                                                  struct heif_image_handle **out) {
    return CALL(heif_image_handle_get_thumbnail)(handle, thumbnail, out);
}

int heif_image_handle_get_width(const struct heif_image_handle *handle) {
    return CALL(heif_image_handle_get_width)(handle);
}

void heif_image_handle_release(const struct heif_image_handle *handle) {
    CALL(heif_image_handle_release)(handle);
}

void heif_nclx_color_profile_free(struct heif_color_profile_nclx *profile) {
    CALL(heif_nclx_color_profile_free)(profile);
}
