// Tesseract's line images stored, not compressed: see include/tesseract_overrides.h.
#define _GNU_SOURCE
#include "tesseract_overrides.h"

#include <dlfcn.h>
#include <leptonica/allheaders.h>
#include <stdatomic.h>
#include <stddef.h>

typedef l_ok (*write_memory_function)(l_uint8 **data, size_t *size, PIX *pix, l_int32 format);

static _Thread_local int store_depth = 0;
static _Thread_local long stored = 0;

void tesseract_overrides_store_line_images_begin(void) { store_depth += 1; }

void tesseract_overrides_store_line_images_end(void) {
    if (store_depth > 0) store_depth -= 1;
}

long tesseract_overrides_stored_line_images(void) { return stored; }

// Leptonica's own function, found once (the lookup is idempotent, so a race only repeats it).
static write_memory_function leptonica_write_memory(void) {
    static _Atomic(write_memory_function) found = NULL;
    write_memory_function function = atomic_load(&found);
    if (function == NULL) {
        function = (write_memory_function)dlsym(RTLD_NEXT, "pixWriteMem");
        atomic_store(&found, function);
    }
    return function;
}

// Takes the place of Leptonica's `pixWriteMem`. A PNG's zlib level is the pix's "special"
// field minus 10 when it lies in 10...19 (`pixSetZlibCompression`); it is set to 0. (Left so
// after the write: Leptonica 1.82 has no getter to give the old value back with, and the
// pixes written inside a stretch are Tesseract's own line crops, destroyed right after.)
__attribute__((visibility("default"), used))
l_ok pixWriteMem(l_uint8 **data, size_t *size, PIX *pix, l_int32 format) {
    write_memory_function function = leptonica_write_memory();
    if (function == NULL) return 1;
    if (store_depth > 0 && format == IFF_PNG && pix != NULL) {
        pixSetZlibCompression(pix, 0);
        stored += 1;
    }
    return function(data, size, pix, format);
}
