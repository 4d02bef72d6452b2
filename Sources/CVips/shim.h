// Non-variadic wrappers around the libvips calls Photolala uses, defined in CImaging (which
// opens libvips when first used).
//
// Swift cannot call C variadic functions or expand the VIPS_INIT macro, so each call the
// engine needs is wrapped with the options it passes spelled out.
#ifndef PHOTOLALA_CVIPS_SHIM_H
#define PHOTOLALA_CVIPS_SHIM_H

#include <vips/vips.h>

int cvips_init(const char *program_name);

/// Keeps libvips warnings off standard error: Photolala reports failures as errors instead.
void cvips_silence_warnings(void);

/// Opens an image lazily: only the header is decoded until pixels are needed.
VipsImage *cvips_header_from_buffer(const void *buffer, size_t length);

/// Shrink-on-load thumbnail from an encoded image held in memory.
int cvips_thumbnail_buffer(void *buffer, size_t length, VipsImage **out,
                                         int width, int height, gboolean crop_centre);

/// Opens a HEIF or AVIF image lazily with libheif: its first thumbnail item when `thumbnail` is
/// set and the file has one (else the primary image), turned upright by its own irot/imir.
VipsImage *cvips_heifload_buffer(const void *buffer, size_t length, gboolean thumbnail);

/// Shrinks a decoded image to fit width × height: for sources without shrink-on-load, such as a
/// HEIF's primary image or thumbnail item, or a RAW's half-size decode. The caller picks a size
/// that does not enlarge it.
int cvips_thumbnail_image(VipsImage *in, VipsImage **out, int width, int height);

/// Maps every band of a 16-bit image through a table of 65,536 entries, one per code.
int cvips_maplut(VipsImage *in, VipsImage **out, VipsImage *lut);

/// Multiplies each pixel's three bands by a row-major 3 × 3 matrix.
int cvips_recomb3(VipsImage *in, VipsImage **out, const double matrix[9]);

/// Says the pixels are linear light with BT.709 primaries (scRGB), as vips_colourspace expects.
int cvips_as_scrgb(VipsImage *in, VipsImage **out);

/// Converts 16-bit and other interpretations to 8-bit sRGB or grey, as JPEG needs.
int cvips_colourspace(VipsImage *in, VipsImage **out, VipsInterpretation space);

/// Composites an alpha channel over white.
int cvips_flatten_white(VipsImage *in, VipsImage **out);

/// Saves a baseline JPEG with every metadata block stripped.
int cvips_jpegsave_buffer(VipsImage *in, void **buffer, size_t *length, int quality);

/// Decodes a whole image, turns it upright and encodes it as JPEG: the full-size view of
/// formats browsers cannot show (HEIC, TIFF).
int cvips_render_jpeg(const void *source, size_t source_length, void **buffer, size_t *length, int quality);

/// Shrink-on-load thumbnail of an embedded JPEG (a RAW's preview), turned upright by
/// `orientation` rather than by the JPEG's own EXIF.
int cvips_thumbnail_buffer_oriented(void *buffer, size_t length, VipsImage **out,
                                                  int width, int height, int orientation);

/// Decodes an embedded JPEG whole, turns it upright by `orientation` and encodes it as JPEG:
/// the full-size view of a camera RAW.
int cvips_render_jpeg_oriented(const void *source, size_t source_length, void **buffer, size_t *length,
                                             int quality, int orientation);

void cvips_unref(VipsImage *image);

#endif
