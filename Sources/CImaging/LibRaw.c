// LibRaw's functions as Photolala calls them: the wrappers of shim.h, and the library's own,
// each through the address resolved when LibRaw was opened.
#include "Library.h"
#include "include/CImaging.h"
#include "../CLibRaw/shim.h"

#define LIBRAW_FUNCTIONS(X) \
    X(libraw_close) \
    X(libraw_dcraw_clear_mem) \
    X(libraw_dcraw_make_mem_image) \
    X(libraw_dcraw_make_mem_thumb) \
    X(libraw_dcraw_process) \
    X(libraw_init) \
    X(libraw_open_buffer) \
    X(libraw_strerror) \
    X(libraw_unpack) \
    X(libraw_unpack_thumb)

CIMAGING_DEFINE_LIBRARY(libraw, "libraw_r", LIBRAW_SHLIB_CURRENT - LIBRAW_SHLIB_AGE, LIBRAW_FUNCTIONS)

#define CALL(function) CIMAGING_CALL(libraw, function)

libraw_data_t *clibraw_open(const void *buffer, size_t length, int *error) {
    libraw_data_t *raw = CALL(libraw_init)(0);
    if (raw == NULL) {
        *error = LIBRAW_UNSUFFICIENT_MEMORY;
        return NULL;
    }
    int result = CALL(libraw_open_buffer)(raw, (void *)buffer, length);
    if (result != LIBRAW_SUCCESS) {
        *error = result;
        CALL(libraw_close)(raw);
        return NULL;
    }
    return raw;
}

libraw_processed_image_t *clibraw_decode_half_size(libraw_data_t *raw, int *error) {
    raw->params.half_size = 1;
    raw->params.use_camera_wb = 1;
    raw->params.output_bps = 8;
    int result = CALL(libraw_unpack)(raw);
    if (result == LIBRAW_SUCCESS) result = CALL(libraw_dcraw_process)(raw);
    if (result != LIBRAW_SUCCESS) {
        *error = result;
        return NULL;
    }
    return CALL(libraw_dcraw_make_mem_image)(raw, error);
}

libraw_processed_image_t *clibraw_thumbnail(libraw_data_t *raw, int *error) {
    int result = CALL(libraw_unpack_thumb)(raw);
    if (result != LIBRAW_SUCCESS) {
        *error = result;
        return NULL;
    }
    return CALL(libraw_dcraw_make_mem_thumb)(raw, error);
}

// MARK: - Called from Swift as they are

void libraw_close(libraw_data_t *raw) {
    CALL(libraw_close)(raw);
}

void libraw_dcraw_clear_mem(libraw_processed_image_t *image) {
    CALL(libraw_dcraw_clear_mem)(image);
}

const char *libraw_strerror(int code) {
    return CALL(libraw_strerror)(code);
}
