// LibRaw's C API as Photolala uses it: the last resort for camera RAW files without a usable
// embedded JPEG preview (a half-size decode), and the reader of formats whose containers
// Photolala does not walk itself (CRW, MRW, X3F).
//
// libraw_data_t is a large struct with unions; the fields Photolala reads and the options it
// sets are reached through these functions rather than from Swift. Those that call LibRaw are
// defined in CImaging, which opens LibRaw when first used.
#ifndef PHOTOLALA_CLIBRAW_SHIM_H
#define PHOTOLALA_CLIBRAW_SHIM_H

#include <libraw/libraw.h>

/// Opens a RAW file held in memory (LibRaw reads it in place; `buffer` must outlive the
/// handle) and reads its sizes; NULL with `*error` set when LibRaw cannot read it.
libraw_data_t *clibraw_open(const void *buffer, size_t length, int *error);

/// The raw sensor's size, the pixels a full decode would hold.
static inline int clibraw_raw_width(const libraw_data_t *raw) { return raw->sizes.raw_width; }
static inline int clibraw_raw_height(const libraw_data_t *raw) { return raw->sizes.raw_height; }
/// The visible image's size, before orientation.
static inline int clibraw_width(const libraw_data_t *raw) { return raw->sizes.width; }
static inline int clibraw_height(const libraw_data_t *raw) { return raw->sizes.height; }
/// LibRaw's orientation code: 0 none, 3 180°, 5 90° counter-clockwise, 6 90° clockwise.
static inline int clibraw_flip(const libraw_data_t *raw) { return raw->sizes.flip; }

/// Decodes the raw data at half size (each 2×2 sensor block becomes one pixel, so nothing is
/// interpolated), 8 bits per sample with the camera's white balance, turned upright; NULL with
/// `*error` set on failure. Free the result with libraw_dcraw_clear_mem.
libraw_processed_image_t *clibraw_decode_half_size(libraw_data_t *raw, int *error);

/// The embedded thumbnail LibRaw finds (for containers Photolala does not walk), or NULL.
libraw_processed_image_t *clibraw_thumbnail(libraw_data_t *raw, int *error);

static inline int clibraw_image_is_jpeg(const libraw_processed_image_t *image) { return image->type == LIBRAW_IMAGE_JPEG; }
static inline int clibraw_image_width(const libraw_processed_image_t *image) { return image->width; }
static inline int clibraw_image_height(const libraw_processed_image_t *image) { return image->height; }
static inline int clibraw_image_colors(const libraw_processed_image_t *image) { return image->colors; }
static inline int clibraw_image_bits(const libraw_processed_image_t *image) { return image->bits; }
static inline const unsigned char *clibraw_image_data(const libraw_processed_image_t *image) { return image->data; }
static inline size_t clibraw_image_size(const libraw_processed_image_t *image) { return image->data_size; }

#endif
