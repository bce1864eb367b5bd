// Tesseract's paragraph detection left out: see include/tesseract_overrides.h.
#include "override_support.h"
#include "tesseract_overrides.h"

#if OVERRIDES_INTERPOSE

/// `void tesseract::TessBaseAPI::DetectParagraphs(bool after_text_recognition)`: a
/// non-static member function, so `this` comes first.
typedef void (*detect_paragraphs_function)(void *self, _Bool after_text_recognition);

#define DETECT_PARAGRAPHS_SYMBOL "_ZN9tesseract11TessBaseAPI16DetectParagraphsEb"

static _Thread_local override_stretch skipping = {0, 0};
static _Atomic(void *) tesseract_detect_paragraphs = NULL;

int tesseract_overrides_skip_paragraphs_begin(void) { return override_stretch_begin(&skipping); }
void tesseract_overrides_skip_paragraphs_end(void) { override_stretch_end(&skipping); }
long tesseract_overrides_skipped_paragraph_detections(void) { return skipping.changed; }

// Exported under the C++ name so that it takes the place of Tesseract's function.
__attribute__((visibility("default"), used))
void _ZN9tesseract11TessBaseAPI16DetectParagraphsEb(void *self, _Bool after_text_recognition) {
    if (override_stretch_active(&skipping)) {
        // Every row keeps the paragraph it was made with (none): each block reads as one.
        skipping.changed += 1;
        return;
    }
    detect_paragraphs_function function =
        (detect_paragraphs_function)override_library_function(&tesseract_detect_paragraphs, DETECT_PARAGRAPHS_SYMBOL);
    if (function != NULL) function(self, after_text_recognition);
}

#else  // not built here: nothing begins, Tesseract runs unchanged

int tesseract_overrides_skip_paragraphs_begin(void) { return 0; }
void tesseract_overrides_skip_paragraphs_end(void) {}
long tesseract_overrides_skipped_paragraph_detections(void) { return 0; }

#endif
