// libvips, LibRaw and libheif (and libqrencode, for `photolala serve`), opened the first time an image is read rather than when photolala
// starts: libvips alone brings about a hundred libraries, whose loading costs every command
// (`photolala scan`, `photolala --version`) tens of milliseconds and megabytes of resident
// memory, though most commands never decode an image.
//
// Each library is opened once. The functions Photolala calls are resolved when it opens, all of
// them, so a library that opens lacks none.
#ifndef PHOTOLALA_CIMAGING_H
#define PHOTOLALA_CIMAGING_H

/// Opens libvips and the GLib it uses; NULL once open, else why it cannot be, as a sentence.
/// Call it (and see it succeed) before any other libvips or GLib function.
const char *cimaging_open_vips(void);

/// Opens LibRaw; NULL once open, else why it cannot be, as a sentence.
const char *cimaging_open_libraw(void);

/// Opens libheif; NULL once open, else why it cannot be, as a sentence.
const char *cimaging_open_heif(void);

/// Opens libqrencode; NULL once open, else why it cannot be, as a sentence.
const char *cimaging_open_qrencode(void);

/// The QR code of `text` (error correction level M): its width in modules, and in `modules` a
/// buffer of width × width bytes, row by row, 1 for a dark module, which the caller frees with
/// `free`; 0 (and nothing to free) when the text cannot be encoded. libqrencode must be open.
int cimaging_qr_code(const char *text, unsigned char **modules);

#endif
