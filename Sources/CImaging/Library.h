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

#define CIMAGING_INDEX(function) cimaging_index_##function,
#define CIMAGING_NAME(function) #function,

/// Defines `library`, opened from `file` (`libvips`) at SONAME version `major`, with the
/// functions `FUNCTIONS(X)` lists (`X(vips_init) X(vips_copy)…`), its gate
/// `cimaging_open_<library>` (declared in CImaging.h), and `CALL(function)`, the function's
/// address with its own type.
#define CIMAGING_DEFINE_LIBRARY(library, file, major, FUNCTIONS) \
    enum { FUNCTIONS(CIMAGING_INDEX) cimaging_function_count }; \
    static const char *const cimaging_names[] = { FUNCTIONS(CIMAGING_NAME) NULL }; \
    static void *cimaging_functions[cimaging_function_count]; \
    static CImagingLibrary library = CIMAGING_LIBRARY(file, major, cimaging_names, cimaging_functions); \
    const char *cimaging_open_##library(void) { return cimaging_open(&library); }

#define CIMAGING_CALL(library, function) ((__typeof__(&function))cimaging_function(&library, cimaging_index_##function))

#endif
