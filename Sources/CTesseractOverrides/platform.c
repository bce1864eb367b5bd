// Where the overrides are built (override_support.h).
#include "override_support.h"
#include "tesseract_overrides.h"

int tesseract_overrides_built(void) { return OVERRIDES_INTERPOSE; }
int tesseract_overrides_vector_built(void) { return OVERRIDES_X86_64; }
