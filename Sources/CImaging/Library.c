#include "Library.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static void load(CImagingLibrary *library) {
    char soname[128];
#ifdef __APPLE__
    snprintf(soname, sizeof soname, "%s.%d.dylib", library->name, library->major);
#else
    snprintf(soname, sizeof soname, "%s.so.%d", library->name, library->major);
#endif
    // Global, as a linked library is: libvips opens its own modules (HEIF, JPEG XL), which
    // resolve libvips' functions through it.
    void *handle = dlopen(soname, RTLD_NOW | RTLD_GLOBAL);
    if (handle == NULL) {
        snprintf(library->problem, sizeof library->problem, "%s cannot be loaded (%s)", soname, dlerror());
        return;
    }
    for (int index = 0; library->names[index] != NULL; index++) {
        void *function = dlsym(handle, library->names[index]);
        if (function == NULL) {
            snprintf(library->problem, sizeof library->problem, "%s has no function %s (it is not the version photolala was built with)",
                     soname, library->names[index]);
            return;
        }
        library->functions[index] = function;
    }
    library->problem[0] = '\0';
}

const char *cimaging_open(CImagingLibrary *library) {
    if (!__atomic_load_n(&library->opened, __ATOMIC_ACQUIRE)) {
        pthread_mutex_lock(&library->lock);
        if (!library->opened) {
            load(library);
            __atomic_store_n(&library->opened, 1, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&library->lock);
    }
    return library->problem[0] == '\0' ? NULL : library->problem;
}

void *cimaging_function(CImagingLibrary *library, int index) {
    const char *problem = cimaging_open(library);
    if (problem != NULL) {
        fprintf(stderr, "photolala: %s\n", problem);
        abort();
    }
    return library->functions[index];
}
