// One shared library opened on first use, with the functions Photolala calls from it.
#ifndef PHOTOLALA_CIMAGING_LIBRARY_H
#define PHOTOLALA_CIMAGING_LIBRARY_H

#include <pthread.h>

typedef struct CImagingLibrary {
    /// The file name without its version (`libvips`), and the major version of its SONAME that
    /// the headers built against describe (libtool's current − age): the name the linker
    /// would have recorded, `libvips.so.42`.
    const char *name;
    int major;
    /// The functions to resolve, NULL-terminated, and where their addresses go.
    const char *const *names;
    void **functions;
    pthread_mutex_t lock;
    int opened;
    /// Why it cannot be opened; empty once open.
    char problem[512];
} CImagingLibrary;

#define CIMAGING_LIBRARY(name, major, names, functions) \
    { name, major, names, functions, PTHREAD_MUTEX_INITIALIZER, 0, "" }

/// Opens `library` once; NULL when open, else why it cannot be.
const char *cimaging_open(CImagingLibrary *library);

/// The address of the function at `index` of `library`'s names. The library must have been
/// opened (by its `cimaging_open_…` gate): a call that skipped it, on a machine without the
/// library, ends the process with the reason, as the dynamic linker would have at start.
void *cimaging_function(CImagingLibrary *library, int index);

/// The enumeration of a library's function list, its names and its address table.
#define CIMAGING_INDEX(function) cimaging_index_##function,
#define CIMAGING_NAME(function) #function,

#endif
