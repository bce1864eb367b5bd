// Tesseract's line images stored, not compressed: see include/tesseract_overrides.h.
#include "override_support.h"
#include "tesseract_overrides.h"

#include <leptonica/allheaders.h>

#if OVERRIDES_INTERPOSE

typedef l_ok (*write_memory_function)(l_uint8 **data, size_t *size, PIX *pix, l_int32 format);

static _Thread_local override_stretch storing = {0, 0};
static _Atomic(void *) leptonica_write_memory = NULL;

int tesseract_overrides_store_line_images_begin(void) { return override_stretch_begin(&storing); }
void tesseract_overrides_store_line_images_end(void) { override_stretch_end(&storing); }
long tesseract_overrides_stored_line_images(void) { return storing.changed; }

// Takes the place of Leptonica's `pixWriteMem`. A PNG's zlib level is the pix's "special"
// field minus 10 when it lies in 10...19 (`pixSetZlibCompression`); it is set to 0. (Left so
// after the write: Leptonica 1.82 has no getter to give the old value back with, and the
// pixes written inside a stretch are Tesseract's own line crops, destroyed right after.)
__attribute__((visibility("default"), used))
l_ok pixWriteMem(l_uint8 **data, size_t *size, PIX *pix, l_int32 format) {
    write_memory_function function = (write_memory_function)override_library_function(&leptonica_write_memory, "pixWriteMem");
    if (function == NULL) return 1;
    if (override_stretch_active(&storing) && format == IFF_PNG && pix != NULL) {
        pixSetZlibCompression(pix, 0);
        storing.changed += 1;
    }
    return function(data, size, pix, format);
}

#else  // not built here: nothing begins, Tesseract runs unchanged

int tesseract_overrides_store_line_images_begin(void) { return 0; }
void tesseract_overrides_store_line_images_end(void) {}
long tesseract_overrides_stored_line_images(void) { return 0; }

#endif
