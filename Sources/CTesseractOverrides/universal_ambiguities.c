// Tesseract's built-in table of ambiguities left out: see include/tesseract_overrides.h.
#define _GNU_SOURCE
#include "tesseract_overrides.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>

/// `void tesseract::UnicharAmbigs::LoadUniversal(const UNICHARSET &encoder_set,
/// UNICHARSET *unicharset)`: a non-static member function, so `this` comes first.
typedef void (*load_universal_function)(void *self, const void *encoder_set, void *unicharset);

#define LOAD_UNIVERSAL_SYMBOL "_ZN9tesseract13UnicharAmbigs13LoadUniversalERKNS_10UNICHARSETEPS1_"

static _Thread_local int skip_depth = 0;
static _Thread_local long skipped = 0;

void tesseract_overrides_skip_ambiguities_begin(void) { skip_depth += 1; }

void tesseract_overrides_skip_ambiguities_end(void) {
    if (skip_depth > 0) skip_depth -= 1;
}

long tesseract_overrides_skipped_ambiguity_tables(void) { return skipped; }

// Tesseract's own function, found once (the lookup is idempotent, so a race only repeats it).
static load_universal_function tesseract_load_universal(void) {
    static _Atomic(load_universal_function) found = NULL;
    load_universal_function function = atomic_load(&found);
    if (function == NULL) {
        function = (load_universal_function)dlsym(RTLD_NEXT, LOAD_UNIVERSAL_SYMBOL);
        atomic_store(&found, function);
    }
    return function;
}

// Exported under the C++ name so that it takes the place of Tesseract's function.
__attribute__((visibility("default"), used))
void _ZN9tesseract13UnicharAmbigs13LoadUniversalERKNS_10UNICHARSETEPS1_(void *self, const void *encoder_set, void *unicharset) {
    if (skip_depth > 0) {
        // The table stays as `InitUnicharAmbigs` left it: sized for the unicharset, empty.
        skipped += 1;
        return;
    }
    load_universal_function function = tesseract_load_universal();
    if (function != NULL) function(self, encoder_set, unicharset);
}
