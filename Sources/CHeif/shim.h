// libheif, for what libvips does not say of a HEIF: its thumbnail items' sizes, read from the
// file's boxes without decoding anything.
#ifndef PHOTOLALA_CHEIF_SHIM_H
#define PHOTOLALA_CHEIF_SHIM_H

#include <libheif/heif.h>

#endif
