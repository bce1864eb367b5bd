// Tesseract's LSTM writing a time step as a loop the compiler can vectorise: see
// include/tesseract_overrides.h.
#include "override_support.h"
#include "tesseract_overrides.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef const char *(*version_function)(void);

// Tesseract 5.3's `GENERIC_2D_ARRAY<T>` (src/ccstruct/matrix.h: a virtual destructor, then
// `array_`, `empty_`, `dim1_`, `dim2_`, `size_allocated_`; row t of a matrix starts at
// `array_ + t * dim2_`) and `NetworkIO` (src/lstm/networkio.h: `f_`, `i_`, `int_mode_`, ...).
typedef struct {
    const void *vtable;
    float *array;
    float empty;
    int dim1, dim2, size_allocated;
} float_matrix;

typedef struct {
    const void *vtable;
    int8_t *array;
    int8_t empty;
    int dim1, dim2, size_allocated;
} int8_matrix;

typedef struct {
    float_matrix f;
    int8_matrix i;
    bool int_mode;
} network_io;

static _Thread_local override_stretch stepping = {0, 0};

/// Whether the libtesseract in the process is one whose `NetworkIO` this file reads (5.3.x,
/// LP64): asked once (0 unknown, 1 known, 2 not).
static _Atomic int layout = 0;

static int layout_known(void) {
    int known = atomic_load(&layout);
    if (known == 0) {
        const char *text = NULL;
        version_function version = (version_function)dlsym(RTLD_NEXT, "TessVersion");
        if (version != NULL) text = version();
        known = text != NULL && strncmp(text, "5.3.", 4) == 0 && sizeof(void *) == 8 ? 1 : 2;
        atomic_store(&layout, known);
    }
    return known == 1;
}

int tesseract_overrides_vectorise_network_steps_begin(void) {
    if (!layout_known()) return 0;
    return override_stretch_begin(&stepping);
}

void tesseract_overrides_vectorise_network_steps_end(void) { override_stretch_end(&stepping); }
long tesseract_overrides_vectorised_network_steps(void) { return stepping.changed; }

static _Atomic(void *) library_write_part = NULL;

#define WRITE_PART_SYMBOL "_ZN9tesseract9NetworkIO17WriteTimeStepPartEiiiPKf"

/// `IntCastRounded(value * INT8_MAX)` clipped to ±INT8_MAX, as `WriteTimeStepPart` writes an
/// activation in 8-bit mode (helpers.h: half away from zero).
static inline int8_t quantised(float value) {
    float scaled = value * 127.0F;
    int rounded = scaled >= 0.0F ? (int)(scaled + 0.5F) : -(int)(-scaled + 0.5F);
    return (int8_t)(rounded < -127 ? -127 : rounded > 127 ? 127 : rounded);
}

// Exported under the C++ name so that it takes the place of Tesseract's function.

/// `void NetworkIO::WriteTimeStepPart(int t, int offset, int num_features, const TFloat *input)`.
__attribute__((visibility("default"), used))
void _ZN9tesseract9NetworkIO17WriteTimeStepPartEiiiPKf(network_io *io, int t, int offset, int features, const float *input) {
    if (!override_stretch_active(&stepping)) {
        void (*function)(network_io *, int, int, int, const float *) = override_library_function(&library_write_part, WRITE_PART_SYMBOL);
        function(io, t, offset, features, input);
        return;
    }
    stepping.changed += 1;
    if (io->int_mode) {
        int8_t *line = io->i.array + (size_t)t * io->i.dim2 + offset;
        for (int k = 0; k < features; ++k) line[k] = quantised(input[k]);
    } else {
        float *line = io->f.array + (size_t)t * io->f.dim2 + offset;
        for (int k = 0; k < features; ++k) line[k] = input[k];
    }
}
