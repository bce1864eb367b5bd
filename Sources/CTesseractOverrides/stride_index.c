// Tesseract's LSTM index steps done without calls between them: see include/tesseract_overrides.h.
#include "override_support.h"
#include "tesseract_layout.h"
#include "tesseract_overrides.h"

#if OVERRIDES_INTERPOSE

static _Thread_local override_stretch indexing = {0, 0};

/// Whether the libtesseract in the process is one whose `StrideMap` this file reads (5.x,
/// LP64), asked once (`override_layout_known`).
static _Atomic int layout = 0;

int tesseract_overrides_inline_stride_index_begin(void) {
    if (!override_layout_known(&layout, "5.3.")) return 0;
    return override_stretch_begin(&indexing);
}

void tesseract_overrides_inline_stride_index_end(void) { override_stretch_end(&indexing); }
long tesseract_overrides_inlined_stride_index_steps(void) { return indexing.changed; }

// The library's own definitions, for calls outside a stretch.
static _Atomic(void *) library_max_index = NULL;
static _Atomic(void *) library_is_valid = NULL;
static _Atomic(void *) library_is_last = NULL;
static _Atomic(void *) library_set_t = NULL;
static _Atomic(void *) library_add_offset = NULL;
static _Atomic(void *) library_increment = NULL;
static _Atomic(void *) library_decrement = NULL;
static _Atomic(void *) library_init_to_last = NULL;

#define MAX_INDEX_SYMBOL "_ZNK9tesseract9StrideMap5Index13MaxIndexOfDimENS_14FlexDimensionsE"
#define IS_VALID_SYMBOL "_ZNK9tesseract9StrideMap5Index7IsValidEv"
#define IS_LAST_SYMBOL "_ZNK9tesseract9StrideMap5Index6IsLastENS_14FlexDimensionsE"
#define SET_T_SYMBOL "_ZN9tesseract9StrideMap5Index15SetTFromIndicesEv"
#define ADD_OFFSET_SYMBOL "_ZN9tesseract9StrideMap5Index9AddOffsetEiNS_14FlexDimensionsE"
#define INCREMENT_SYMBOL "_ZN9tesseract9StrideMap5Index9IncrementEv"
#define DECREMENT_SYMBOL "_ZN9tesseract9StrideMap5Index9DecrementEv"
#define INIT_TO_LAST_SYMBOL "_ZN9tesseract9StrideMap5Index17InitToLastOfBatchEi"

/// Whether the calling thread's stretch is on; counts the step when it is.
static inline bool inlining(void) {
    if (!override_stretch_active(&indexing)) return false;
    indexing.changed += 1;
    return true;
}

// Exported under the C++ names so that they take the place of Tesseract's functions.

__attribute__((visibility("default"), used))
int _ZNK9tesseract9StrideMap5Index13MaxIndexOfDimENS_14FlexDimensionsE(const stride_index *index, int dimension) {
    if (inlining()) return stride_max_index(index, dimension);
    int (*function)(const stride_index *, int) = override_library_function(&library_max_index, MAX_INDEX_SYMBOL);
    return function(index, dimension);
}

__attribute__((visibility("default"), used))
bool _ZNK9tesseract9StrideMap5Index7IsValidEv(const stride_index *index) {
    if (inlining()) return stride_is_valid(index);
    bool (*function)(const stride_index *) = override_library_function(&library_is_valid, IS_VALID_SYMBOL);
    return function(index);
}

__attribute__((visibility("default"), used))
bool _ZNK9tesseract9StrideMap5Index6IsLastENS_14FlexDimensionsE(const stride_index *index, int dimension) {
    if (inlining()) return stride_max_index(index, dimension) == index->indices[dimension];
    bool (*function)(const stride_index *, int) = override_library_function(&library_is_last, IS_LAST_SYMBOL);
    return function(index, dimension);
}

__attribute__((visibility("default"), used))
void _ZN9tesseract9StrideMap5Index15SetTFromIndicesEv(stride_index *index) {
    if (inlining()) return stride_set_t(index);
    void (*function)(stride_index *) = override_library_function(&library_set_t, SET_T_SYMBOL);
    function(index);
}

__attribute__((visibility("default"), used))
bool _ZN9tesseract9StrideMap5Index9AddOffsetEiNS_14FlexDimensionsE(stride_index *index, int offset, int dimension) {
    if (inlining()) return stride_add_offset(index, offset, dimension);
    bool (*function)(stride_index *, int, int) = override_library_function(&library_add_offset, ADD_OFFSET_SYMBOL);
    return function(index, offset, dimension);
}

__attribute__((visibility("default"), used))
bool _ZN9tesseract9StrideMap5Index9IncrementEv(stride_index *index) {
    if (inlining()) return stride_increment(index);
    bool (*function)(stride_index *) = override_library_function(&library_increment, INCREMENT_SYMBOL);
    return function(index);
}

__attribute__((visibility("default"), used))
bool _ZN9tesseract9StrideMap5Index9DecrementEv(stride_index *index) {
    if (inlining()) {
        const int *increments = index->map->t_increments;
        for (int d = 2; d >= 0; --d) {
            if (index->indices[d] > 0) {
                --index->indices[d];
                if (d == batch_dimension) {
                    stride_init_to_last_of_batch(index, index->indices[batch_dimension]);
                } else {
                    index->t -= increments[d];
                }
                return true;
            }
            index->indices[d] = stride_max_index(index, d);
            index->t += increments[d] * index->indices[d];
        }
        return false;
    }
    bool (*function)(stride_index *) = override_library_function(&library_decrement, DECREMENT_SYMBOL);
    return function(index);
}

__attribute__((visibility("default"), used))
void _ZN9tesseract9StrideMap5Index17InitToLastOfBatchEi(stride_index *index, int batch) {
    if (inlining()) return stride_init_to_last_of_batch(index, batch);
    void (*function)(stride_index *, int) = override_library_function(&library_init_to_last, INIT_TO_LAST_SYMBOL);
    function(index, batch);
}

#else  // not built here: nothing begins, Tesseract runs unchanged

int tesseract_overrides_inline_stride_index_begin(void) { return 0; }
void tesseract_overrides_inline_stride_index_end(void) {}
long tesseract_overrides_inlined_stride_index_steps(void) { return 0; }

#endif
