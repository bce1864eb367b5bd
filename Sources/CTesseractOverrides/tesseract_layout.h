// Tesseract's private layouts the overrides read (LP64), and the index steps they share.
#ifndef TESSERACT_LAYOUT_H
#define TESSERACT_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "override_support.h"

#if OVERRIDES_INTERPOSE

// As Tesseract's arithmetic, in every file that includes this: each product and sum rounded
// on its own, never fused.
#pragma STDC FP_CONTRACT OFF

// Tesseract 5's `StrideMap` (src/lstm/stridemap.h, unchanged from 5.0.0 to 5.5): the shape
// and the t increments of its batch, height and width dimensions, then the heights and
// widths of the batch's images (`std::vector<int>`: begin, end, capacity).
typedef struct {
    int shape[3];
    int t_increments[3];
    const int *heights_begin, *heights_end, *heights_capacity;
    const int *widths_begin, *widths_end, *widths_capacity;
} stride_map;

// Its `StrideMap::Index`: the map, the flat index t, and the batch, y and x indices.
typedef struct {
    const stride_map *map;
    int t;
    int indices[3];
} stride_index;

enum { batch_dimension = 0, height_dimension = 1, width_dimension = 2 };

// Tesseract 5.3's `GENERIC_2D_ARRAY<T>` (src/ccstruct/matrix.h: a virtual destructor, then
// `array_`, `empty_`, `dim1_`, `dim2_`, `size_allocated_`; row t of a matrix starts at
// `array_ + t * dim2_`) and `NetworkIO` (src/lstm/networkio.h: `f_`, `i_`, `int_mode_`,
// `stride_map_`).
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
    stride_map stride_map;
} network_io;

// Tesseract 5.3's `TRand` (src/ccutil/helpers.h: a `std::minstd_rand`, whose state
// libstdc++ keeps in one `unsigned long`).
typedef struct {
    unsigned long state;
} random_numbers;

// Tesseract 5.3's `Network` (src/lstm/network.h: a vtable, then `type_`, `training_`,
// `needs_to_backprop_`, `network_flags_`, `ni_`, `no_`, `num_weights_`, `name_` (a
// `std::string`), `forward_win_`, `backward_win_`, `randomizer_`) and `Convolve`
// (src/lstm/convolve.h: `half_x_`, `half_y_` after it).
typedef struct {
    const void *vtable;
    int type, training;
    bool needs_to_backprop;
    int32_t network_flags, ni, no, num_weights;
    struct {
        char *data;
        size_t length;
        char local[16];
    } name;
    void *forward_window, *backward_window;
    random_numbers *randomizer;
} network_layer;

typedef struct {
    network_layer network;
    int32_t half_x, half_y;
} convolve_layer;

// `Maxpool` (src/lstm/maxpool.h), a `Reconfig` (src/lstm/reconfig.h: `back_map_`,
// `x_scale_`, `y_scale_` after the `Network`).
typedef struct {
    network_layer network;
    stride_map back_map;
    int32_t x_scale, y_scale;
} maxpool_layer;

// Tesseract 5.3's `WeightMatrix` (src/lstm/weightmatrix.h: `wf_`, `wi_`, `wf_t_` (a
// `TransposedArray`, which adds nothing to its `GENERIC_2D_ARRAY`), `int_mode_`, `use_adam_`,
// `scales_`, `dw_`, `updates_`, `dw_sq_sum_`, `shaped_w_`; the vectors as begin, end, capacity).
typedef struct {
    float_matrix wf;
    int8_matrix wi;
    float_matrix wf_t;
    bool int_mode, use_adam;
    struct {
        const float *begin, *end, *capacity;
    } scales;
    float_matrix dw, updates, dw_sq_sum;
    struct {
        const int8_t *begin, *end, *capacity;
    } shaped_w;
} weight_matrix;

// Tesseract 5.3's `LSTM` (src/lstm/lstm.h: after the `Network`, `na_`, `ns_`, `nf_`, `is_2d_`,
// `gate_weights_[WT_COUNT]`, `softmax_`, `source_`, `state_`, `which_fg_`,
// `node_values_[WT_COUNT]`, `input_map_`, `input_width_`).
typedef struct {
    network_layer network;
    int32_t na, ns, nf;
    bool is_2d;
    weight_matrix gate_weights[5];
    void *softmax;
    network_io source, state;
    int8_matrix which_fg;
    network_io node_values[5];
    stride_map input_map;
    int input_width;
} lstm_layer;

// Tesseract 5's `IntSimdMatrix` (src/arch/intsimdmatrix.h): its product function, then the
// shape of the weights it was made for.
typedef struct {
    void (*matrix_dot_vector)(int, int, const int8_t *, const float *, const int8_t *, float *);
    int num_outputs_per_register, max_output_registers, num_inputs_per_register, num_inputs_per_group;
} int_simd_matrix;

/// `IntSimdMatrix::intSimdMatrix` (the matrix set the library multiplies with, NULL without
/// one) and `IntSimdMatrix::intSimdMatrixAVX2`, by name.
#define INT_SIMD_MATRIX_SYMBOL "_ZN9tesseract13IntSimdMatrix13intSimdMatrixE"
#define AVX2_MATRIX_SYMBOL "_ZN9tesseract13IntSimdMatrix17intSimdMatrixAVX2E"

/// `Network::training_` of a network that will never learn (`TS_DISABLED`).
enum { training_disabled = 0 };

_Static_assert(offsetof(maxpool_layer, x_scale) == 168, "Reconfig's layout");
_Static_assert(offsetof(network_io, int_mode) == 64 && offsetof(network_io, stride_map) == 72, "NetworkIO's layout");
_Static_assert(offsetof(network_layer, ni) == 24 && offsetof(network_layer, randomizer) == 88, "Network's layout");
_Static_assert(offsetof(convolve_layer, half_x) == 96, "Convolve's layout");
_Static_assert(offsetof(weight_matrix, wi.dim1) == 52 && offsetof(weight_matrix, scales) == 104
                   && offsetof(weight_matrix, shaped_w) == 224,
               "WeightMatrix's layout");
_Static_assert(offsetof(lstm_layer, ns) == 100 && offsetof(lstm_layer, gate_weights) == 112 && offsetof(lstm_layer, softmax) == 1352
                   && offsetof(lstm_layer, source) == 1360 && offsetof(lstm_layer, input_map) == 2400
                   && offsetof(lstm_layer, input_width) == 2472,
               "LSTM's layout");

// `StrideMap::Index`'s steps, as Tesseract's stridemap.cpp does them.

static inline int stride_max_index(const stride_index *index, int dimension) {
    const stride_map *map = index->map;
    int max_index = map->shape[dimension] - 1;
    if (dimension == batch_dimension) return max_index;
    size_t batch = (size_t)index->indices[batch_dimension];
    const int *sizes = dimension == height_dimension ? map->heights_begin : map->widths_begin;
    const int *end = dimension == height_dimension ? map->heights_end : map->widths_end;
    if (batch >= (size_t)(end - sizes) || sizes[batch] > max_index) return max_index;
    return sizes[batch] - 1;
}

static inline bool stride_is_valid(const stride_index *index) {
    if (index->indices[0] < 0 || index->indices[1] < 0 || index->indices[2] < 0) return false;
    for (int d = 0; d < 3; ++d) {
        if (index->indices[d] > stride_max_index(index, d)) return false;
    }
    return true;
}

static inline void stride_set_t(stride_index *index) {
    const int *increments = index->map->t_increments;
    index->t = 0;
    for (int d = 0; d < 3; ++d) index->t += increments[d] * index->indices[d];
}

static inline void stride_init_to_last_of_batch(stride_index *index, int batch) {
    index->indices[batch_dimension] = batch;
    for (int d = batch_dimension + 1; d < 3; ++d) index->indices[d] = stride_max_index(index, d);
    stride_set_t(index);
}

static inline bool stride_add_offset(stride_index *index, int offset, int dimension) {
    index->indices[dimension] += offset;
    stride_set_t(index);
    return stride_is_valid(index);
}

static inline bool stride_increment(stride_index *index) {
    const int *increments = index->map->t_increments;
    for (int d = 2; d >= 0; --d) {
        if (stride_max_index(index, d) != index->indices[d]) {
            index->t += increments[d];
            ++index->indices[d];
            return true;
        }
        index->t -= increments[d] * index->indices[d];
        index->indices[d] = 0;
    }
    return false;
}

// `NetworkIO`'s time steps, as Tesseract's networkio.cpp reads and writes them.

/// Step `t`'s values in 8-bit mode and in float mode (`NetworkIO::i_[t]`, `f_[t]`).
static inline int8_t *byte_row(const network_io *io, int t) { return io->i.array + (size_t)t * io->i.dim2; }
static inline float *float_row(const network_io *io, int t) { return io->f.array + (size_t)t * io->f.dim2; }

/// `IntCastRounded(value * INT8_MAX)` clipped to ±INT8_MAX, as `WriteTimeStepPart` writes an
/// activation in 8-bit mode (helpers.h: half away from zero).
static inline int8_t quantised(float value) {
    float scaled = value * 127.0F;
    int rounded = scaled >= 0.0F ? (int)(scaled + 0.5F) : -(int)(-scaled + 0.5F);
    return (int8_t)(rounded < -127 ? -127 : rounded > 127 ? 127 : rounded);
}

/// `NetworkIO::NumFeatures`: how many values a step holds, in its mode.
static inline int step_width(const network_io *io) { return io->int_mode ? io->i.dim2 : io->f.dim2; }

/// `n` of `values`, each `quantised`, into `line` (a loop the compiler vectorises).
static inline void quantise_values(int8_t *restrict line, const float *restrict values, int n) {
    for (int k = 0; k < n; ++k) line[k] = quantised(values[k]);
}

/// `NetworkIO::WriteTimeStep`: step `t`'s values written from `values` (`WriteTimeStepPart`
/// of the whole step: in 8-bit mode each `quantised`).
static inline void write_step(network_io *io, int t, const float *values) {
    if (io->int_mode) {
        quantise_values(byte_row(io, t), values, io->i.dim2);
    } else {
        memcpy(float_row(io, t), values, (size_t)io->f.dim2 * sizeof(float));
    }
}

/// `NetworkIO::CopyTimeStepGeneral`: `features` values of the source's step `from` copied
/// into step `t` from `offset` on (both in the same mode).
static inline void copy_step(network_io *io, int t, int offset, int features, const network_io *source, int from) {
    if (io->int_mode) {
        int8_t *line = byte_row(io, t) + offset;
        const int8_t *values = byte_row(source, from);
        // A first layer's steps hold one value or a few: no call for those.
        if (features <= 16) {
            for (int k = 0; k < features; ++k) line[k] = values[k];
        } else {
            memcpy(line, values, (size_t)features);
        }
    } else {
        memcpy(float_row(io, t) + offset, float_row(source, from), (size_t)features * sizeof(float));
    }
}

#endif  // OVERRIDES_INTERPOSE

#endif
