// Tesseract's LSTM layers and fully connected layers with their functions vectorised: see
// include/tesseract_overrides.h.
#include <stdbool.h>
#include <stdlib.h>

#include "override_support.h"
#include "tesseract_layout.h"
#include "tesseract_overrides.h"

#if OVERRIDES_X86_64
#include <immintrin.h>

static _Thread_local override_stretch forwarding = {0, 0};

/// Whether the libtesseract in the process is one whose `LSTM` this file reads (5.3.x, LP64),
/// asked once (`override_layout_known`).
static _Atomic int layout = 0;

int tesseract_overrides_avx2_available(void) { return (override_processor_features() & override_avx2) != 0; }

int tesseract_overrides_vectorise_lstm_begin(void) {
    if (!override_layout_known(&layout, "5.3.") || !tesseract_overrides_avx2_available()) return 0;
    return override_stretch_begin(&forwarding);
}

void tesseract_overrides_vectorise_lstm_end(void) { override_stretch_end(&forwarding); }
long tesseract_overrides_vectorised_lstm_layers(void) { return forwarding.changed; }

static _Atomic(void *) library_forward = NULL;
static _Atomic(void *) library_resize_forward = NULL;
static _Atomic(void *) library_resize_to_map = NULL;
static _Atomic(void *) library_resize_x_to_1 = NULL;
static _Atomic(void *) library_tanh_table = NULL;
static _Atomic(void *) library_logistic_table = NULL;

#define FORWARD_SYMBOL "_ZN9tesseract4LSTM7ForwardEbRKNS_9NetworkIOEPKNS_15TransposedArrayEPNS_14NetworkScratchEPS1_"
#define RESIZE_FORWARD_SYMBOL "_ZN9tesseract4LSTM13ResizeForwardERKNS_9NetworkIOE"
#define RESIZE_TO_MAP_SYMBOL "_ZN9tesseract9NetworkIO11ResizeToMapEbRKNS_9StrideMapEi"
#define RESIZE_X_TO_1_SYMBOL "_ZN9tesseract9NetworkIO10ResizeXTo1ERKS0_i"
#define TANH_TABLE_SYMBOL "_ZN9tesseract9TanhTableE"
#define LOGISTIC_TABLE_SYMBOL "_ZN9tesseract13LogisticTableE"

// MARK: The gates' functions (functions.h), eight values at a time

/// functions.h's `kTableSize` and `kScaleFactor`.
enum { table_size = 4096 };
static const float scale_factor = 256.0F;

/// functions.h's `Tanh` or `Logistic` of a value not below 0 (or NaN), from `table`, as
/// Debian's build computes it: the scaled value truncated to 64 bits (`cvttss2si`; out of
/// range or NaN gives INT64_MIN), and its low 32 bits taken as the unsigned index.
static inline float table_function(float value, const float *table) {
    float scaled = value * scale_factor;
    int64_t wide = scaled < 0x1p63F ? (int64_t)scaled : INT64_MIN;
    uint32_t index = (uint32_t)wide;
    if (index >= table_size - 1) return 1.0F;
    float low = table[index];
    float high = table[index + 1];
    return low + (high - low) * (scaled - (float)(int32_t)index);
}

/// `Tanh(x)`: if x < 0, -Tanh(-x).
static inline float tanh_of(float x, const float *table) {
    return x < 0.0F ? -table_function(-x, table) : table_function(x, table);
}

/// `Logistic(x)`: if x < 0, 1 - Logistic(-x).
static inline float logistic_of(float x, const float *table) {
    return x < 0.0F ? 1.0F - table_function(-x, table) : table_function(x, table);
}

#define VECTOR_TARGET __attribute__((target("avx2")))

/// `table_function` of eight values made not below 0 (`magnitude`), or NULL when one of them
/// scales beyond 32 bits (or is NaN), which `table_function` takes one at a time.
VECTOR_TARGET static inline bool table_functions(__m256 magnitude, const float *table, __m256 *result) {
    __m256 scaled = _mm256_mul_ps(magnitude, _mm256_set1_ps(scale_factor));
    if (_mm256_movemask_ps(_mm256_cmp_ps(scaled, _mm256_set1_ps(0x1p31F), _CMP_LT_OQ)) != 0xFF) return false;
    __m256i index = _mm256_cvttps_epi32(scaled);
    __m256i last = _mm256_set1_epi32(table_size - 2);
    __m256i beyond = _mm256_cmpgt_epi32(index, last);
    __m256i within = _mm256_min_epi32(index, last);
    __m256 low = _mm256_i32gather_ps(table, within, 4);
    __m256 high = _mm256_i32gather_ps(table + 1, within, 4);
    __m256 value = _mm256_add_ps(low, _mm256_mul_ps(_mm256_sub_ps(high, low), _mm256_sub_ps(scaled, _mm256_cvtepi32_ps(index))));
    *result = _mm256_blendv_ps(value, _mm256_set1_ps(1.0F), _mm256_castsi256_ps(beyond));
    return true;
}

/// `FuncInplace<GFunc>` (`is_tanh`) or `FuncInplace<FFunc>` over `n` values.
VECTOR_TARGET static void gate_function_in_place(int n, float *values, const float *table, bool is_tanh) {
    const __m256 sign = _mm256_set1_ps(-0.0F);
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 x = _mm256_loadu_ps(values + i);
        __m256 negative = _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_LT_OQ);
        __m256 result;
        if (!table_functions(_mm256_xor_ps(x, _mm256_and_ps(negative, sign)), table, &result)) {
            for (int k = i; k < i + 8; ++k) values[k] = is_tanh ? tanh_of(values[k], table) : logistic_of(values[k], table);
            continue;
        }
        if (is_tanh) {
            result = _mm256_xor_ps(result, _mm256_and_ps(negative, sign));
        } else {
            result = _mm256_blendv_ps(result, _mm256_sub_ps(_mm256_set1_ps(1.0F), result), negative);
        }
        _mm256_storeu_ps(values + i, result);
    }
    for (; i < n; ++i) values[i] = is_tanh ? tanh_of(values[i], table) : logistic_of(values[i], table);
}

/// The cell's new state (lstm.cpp): kept by the forget gate (`MultiplyVectorsInPlace`), the
/// gated input added (`MultiplyAccumulate`) and clipped to ±`kStateClip` (`ClipVector`).
VECTOR_TARGET static void update_state(int n, const float *forget, const float *input, const float *input_gate, float *state) {
    const float clip = 100.0F;
    for (int i = 0; i < n; ++i) {
        float value = state[i] * forget[i];
        value = value + input[i] * input_gate[i];
        state[i] = value < -clip ? -clip : value > clip ? clip : value;
    }
}

/// `write_step` and `quantise_values` with AVX2.
VECTOR_TARGET static void write_step_wide(network_io *io, int t, const float *values) { write_step(io, t, values); }
VECTOR_TARGET static void quantise_values_wide(int8_t *line, const float *values, int n) { quantise_values(line, values, n); }

// MARK: The layer

/// `network.type_` of an LSTM whose every output is kept, and of one that keeps only the last
/// of each row (network.h `NT_LSTM`, `NT_LSTM_SUMMARY`).
enum { lstm_type = 14, lstm_summary_type = 15 };

/// lstm.h's gates (`WeightType`): cell input, input gate, forget gate, output gate.
enum { cell_input = 0, input_gate = 1, forget_gate = 2, output_gate = 3, gate_count = 4 };

/// `WeightMatrix::MatrixDotVector(const int8_t *, TFloat *)`: this package's (matrix_products.c),
/// which passes the call on to the library's outside its own stretch.
void _ZNK9tesseract12WeightMatrix15MatrixDotVectorEPKaPf(const weight_matrix *matrix, const int8_t *u, float *v);

/// The library's `IntSimdMatrix::intSimdMatrix->RoundOutputs(size)` (`WeightMatrix` reaches it
/// through the same pointer), or `size` without one.
static int rounded_outputs(int size) {
    static _Atomic(void *) library_int_simd_matrix = NULL;
    const int_simd_matrix *const *current = override_library_data(&library_int_simd_matrix, INT_SIMD_MATRIX_SYMBOL);
    if (current == NULL || *current == NULL || (*current)->num_outputs_per_register < 1) return size;
    int per_register = (*current)->num_outputs_per_register;
    return (size + per_register - 1) / per_register * per_register;
}

typedef void (*forward_function)(lstm_layer *, bool, const network_io *, const void *, void *, network_io *);
typedef void (*resize_forward_function)(lstm_layer *, const network_io *);
typedef void (*resize_to_map_function)(network_io *, bool, const stride_map *, int);
typedef void (*resize_x_to_1_function)(network_io *, const network_io *, int);

/// `void LSTM::Forward(bool debug, const NetworkIO &input, const TransposedArray *,
/// NetworkScratch *, NetworkIO *output)` for a one-dimensional LSTM in 8-bit mode that never
/// learns, without a softmax of its own (lstm.cpp): for each position of each row in turn,
/// the input and the last output as the gates' source, the four gates' products and
/// functions, the state updated and clipped, and the output written; the state cleared at the
/// end of each row. The gates' functions go eight values at a time (the same table
/// interpolation, value by value); everything else is as Tesseract does it. The layer's
/// `input_map_` and `input_width_`, which only learning reads (`LSTM::Backward`), are left.
__attribute__((visibility("default"), used))
void _ZN9tesseract4LSTM7ForwardEbRKNS_9NetworkIOEPKNS_15TransposedArrayEPNS_14NetworkScratchEPS1_(
    lstm_layer *layer, bool debug, const network_io *input, const void *transpose, void *scratch, network_io *output) {
    int type = layer->network.type;
    resize_forward_function resize_forward = (resize_forward_function)override_library_function(&library_resize_forward, RESIZE_FORWARD_SYMBOL);
    resize_to_map_function resize_to_map = (resize_to_map_function)override_library_function(&library_resize_to_map, RESIZE_TO_MAP_SYMBOL);
    resize_x_to_1_function resize_x_to_1 = (resize_x_to_1_function)override_library_function(&library_resize_x_to_1, RESIZE_X_TO_1_SYMBOL);
    const float *tanh_table = override_library_data(&library_tanh_table, TANH_TABLE_SYMBOL);
    const float *logistic_table = override_library_data(&library_logistic_table, LOGISTIC_TABLE_SYMBOL);
    int ns = layer->ns;
    // Four gates' lines (their products fill the rounded width), the state and the output.
    int rounded = rounded_outputs(ns);
    float *lines = NULL;
    if (override_stretch_active(&forwarding) && !debug && layer->network.training == training_disabled && !layer->is_2d
        && layer->softmax == NULL && (type == lstm_type || type == lstm_summary_type) && input->int_mode && ns > 0
        && resize_forward != NULL && resize_to_map != NULL && resize_x_to_1 != NULL && tanh_table != NULL && logistic_table != NULL)
    {
        lines = malloc(((size_t)gate_count * (size_t)rounded + 2 * (size_t)ns) * sizeof(float));
    }
    if (lines == NULL) {
        forward_function function = (forward_function)override_library_function(&library_forward, FORWARD_SYMBOL);
        function(layer, debug, input, transpose, scratch, output);
        return;
    }
    forwarding.changed += 1;
    if (type == lstm_summary_type) {
        resize_x_to_1(output, input, layer->network.no);
    } else {
        resize_to_map(output, input->int_mode, &input->stride_map, layer->network.no);
    }
    resize_forward(layer, input);
    float *gates[gate_count];
    for (int g = 0; g < gate_count; ++g) gates[g] = lines + (size_t)g * (size_t)rounded;
    float *state = lines + (size_t)gate_count * (size_t)rounded;
    float *last_output = state + ns;
    memset(state, 0, 2 * (size_t)ns * sizeof(float));
    network_io *source = &layer->source;
    int ni = layer->network.ni;
    stride_index position = {&input->stride_map, 0, {0, 0, 0}};
    stride_index destination = {&output->stride_map, 0, {0, 0, 0}};
    do {
        int t = position.t;
        // The source: the input, then the last output (`nf_` places for a softmax's between).
        copy_step(source, t, 0, ni, input, t);
        int8_t *row = byte_row(source, t);
        quantise_values_wide(row + ni + layer->nf, last_output, ns);
        for (int g = 0; g < gate_count; ++g) {
            _ZNK9tesseract12WeightMatrix15MatrixDotVectorEPKaPf(&layer->gate_weights[g], row, gates[g]);
            gate_function_in_place(ns, gates[g], g == cell_input ? tanh_table : logistic_table, g == cell_input);
        }
        update_state(ns, gates[forget_gate], gates[cell_input], gates[input_gate], state);
        // `FuncMultiply<HFunc>`: the output is Tanh(state) times the output gate.
        memcpy(last_output, state, (size_t)ns * sizeof(float));
        gate_function_in_place(ns, last_output, tanh_table, true);
        for (int k = 0; k < ns; ++k) last_output[k] = last_output[k] * gates[output_gate][k];
        bool row_ends = position.indices[width_dimension] == stride_max_index(&position, width_dimension);
        if (type == lstm_summary_type) {
            // Only the last output of each row is kept.
            if (row_ends) {
                write_step_wide(output, destination.t, last_output);
                stride_increment(&destination);
            }
        } else {
            write_step_wide(output, t, last_output);
        }
        if (row_ends) memset(state, 0, 2 * (size_t)ns * sizeof(float));
    } while (stride_increment(&position));
    free(lines);
}

/// `network.type_` of fully connected layers with a tanh or logistic function (network.h
/// `NT_TANH`, `NT_LOGISTIC`).
enum { tanh_type = 19, logistic_type = 16 };

static _Atomic(void *) library_time_step = NULL;

#define TIME_STEP_SYMBOL "_ZN9tesseract14FullyConnected15ForwardTimeStepEiPf"

/// `void FullyConnected::ForwardTimeStep(int t, TFloat *output_line)`: the layer's function
/// applied to its `no_` products in `line` (fullyconnected.cpp); a tanh or logistic layer's
/// eight values at a time, as `gate_function_in_place` does an LSTM's. Other functions
/// (softmax, clipping, linear) are the library's.
__attribute__((visibility("default"), used))
void _ZN9tesseract14FullyConnected15ForwardTimeStepEiPf(network_layer *layer, int t, float *line) {
    const float *tanh_table = override_library_data(&library_tanh_table, TANH_TABLE_SYMBOL);
    const float *logistic_table = override_library_data(&library_logistic_table, LOGISTIC_TABLE_SYMBOL);
    int type = layer->type;
    if (!override_stretch_active(&forwarding) || (type != tanh_type && type != logistic_type) || tanh_table == NULL
        || logistic_table == NULL)
    {
        void (*function)(network_layer *, int, float *) = override_library_function(&library_time_step, TIME_STEP_SYMBOL);
        function(layer, t, line);
        return;
    }
    forwarding.changed += 1;
    bool is_tanh = type == tanh_type;
    gate_function_in_place(layer->no, line, is_tanh ? tanh_table : logistic_table, is_tanh);
}

int tesseract_overrides_vectorised_gate_function(float *values, int n, int is_tanh) {
    const float *table = override_library_data(is_tanh ? &library_tanh_table : &library_logistic_table, is_tanh ? TANH_TABLE_SYMBOL : LOGISTIC_TABLE_SYMBOL);
    if (!tesseract_overrides_avx2_available() || table == NULL) return 0;
    gate_function_in_place(n, values, table, is_tanh != 0);
    return 1;
}

int tesseract_overrides_library_gate_function(float *values, int n, int is_tanh) {
    void (*function)(network_layer *, int, float *) = override_library_function(&library_time_step, TIME_STEP_SYMBOL);
    if (function == NULL) return 0;
    // A layer as `ForwardTimeStep` reads it: its type and its number of outputs.
    network_layer layer;
    memset(&layer, 0, sizeof layer);
    layer.type = is_tanh ? tanh_type : logistic_type;
    layer.no = n;
    function(&layer, 0, values);
    return 1;
}

#else  // not built here: nothing begins, Tesseract runs unchanged

int tesseract_overrides_avx2_available(void) { return 0; }
int tesseract_overrides_vectorise_lstm_begin(void) { return 0; }
void tesseract_overrides_vectorise_lstm_end(void) {}
long tesseract_overrides_vectorised_lstm_layers(void) { return 0; }
int tesseract_overrides_vectorised_gate_function(float *values, int n, int is_tanh) {
    (void)values, (void)n, (void)is_tanh;
    return 0;
}
int tesseract_overrides_library_gate_function(float *values, int n, int is_tanh) {
    (void)values, (void)n, (void)is_tanh;
    return 0;
}

#endif
