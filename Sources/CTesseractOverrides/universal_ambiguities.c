// Tesseract's built-in table of ambiguities left out: see include/tesseract_overrides.h.
#include "override_support.h"
#include "tesseract_overrides.h"

#if OVERRIDES_INTERPOSE

/// `void tesseract::UnicharAmbigs::LoadUniversal(const UNICHARSET &encoder_set,
/// UNICHARSET *unicharset)`: a non-static member function, so `this` comes first.
typedef void (*load_universal_function)(void *self, const void *encoder_set, void *unicharset);

#define LOAD_UNIVERSAL_SYMBOL "_ZN9tesseract13UnicharAmbigs13LoadUniversalERKNS_10UNICHARSETEPS1_"

static _Thread_local override_stretch skipping = {0, 0};
static _Atomic(void *) tesseract_load_universal = NULL;

int tesseract_overrides_skip_ambiguities_begin(void) { return override_stretch_begin(&skipping); }
void tesseract_overrides_skip_ambiguities_end(void) { override_stretch_end(&skipping); }
long tesseract_overrides_skipped_ambiguity_tables(void) { return skipping.changed; }

// Exported under the C++ name so that it takes the place of Tesseract's function.
__attribute__((visibility("default"), used))
void _ZN9tesseract13UnicharAmbigs13LoadUniversalERKNS_10UNICHARSETEPS1_(void *self, const void *encoder_set, void *unicharset) {
    if (override_stretch_active(&skipping)) {
        // The table stays as `InitUnicharAmbigs` left it: sized for the unicharset, empty.
        skipping.changed += 1;
        return;
    }
    load_universal_function function =
        (load_universal_function)override_library_function(&tesseract_load_universal, LOAD_UNIVERSAL_SYMBOL);
    if (function != NULL) function(self, encoder_set, unicharset);
}

#else  // not built here: nothing begins, Tesseract runs unchanged

int tesseract_overrides_skip_ambiguities_begin(void) { return 0; }
void tesseract_overrides_skip_ambiguities_end(void) {}
long tesseract_overrides_skipped_ambiguity_tables(void) { return 0; }

#endif
