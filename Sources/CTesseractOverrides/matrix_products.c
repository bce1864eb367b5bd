// Tesseract's 8-bit matrix products with the processor's dot-product instructions (AVX-512
// VNNI): see include/tesseract_overrides.h.
#include <stdbool.h>

#include "override_support.h"
#include "tesseract_layout.h"
#include "tesseract_overrides.h"

#if OVERRIDES_X86_64
#include <immintrin.h>

static _Thread_local override_stretch multiplying = {0, 0};

/// Whether the libtesseract in the process is one whose `WeightMatrix` this file reads
/// (5.3.x, LP64), asked once (`override_layout_known`).
static _Atomic int layout = 0;

int tesseract_overrides_dot_product_instructions_available(void) {
    return (override_processor_features() & override_avx512_vnni) != 0;
}

int tesseract_overrides_use_dot_product_instructions_begin(void) {
    if (!override_layout_known(&layout, "5.3.") || !tesseract_overrides_dot_product_instructions_available()) return 0;
    return override_stretch_begin(&multiplying);
}

void tesseract_overrides_use_dot_product_instructions_end(void) { override_stretch_end(&multiplying); }
long tesseract_overrides_dot_product_instruction_products(void) { return multiplying.changed; }

static _Atomic(void *) library_matrix_dot_vector = NULL;
static _Atomic(void *) library_int_simd_matrix = NULL;
static _Atomic(void *) library_avx2_matrix = NULL;

#define MATRIX_DOT_VECTOR_SYMBOL "_ZNK9tesseract12WeightMatrix15MatrixDotVectorEPKaPf"

/// Whether the weights the library shaped are in the layout of its AVX2 products: the
/// matrix set it multiplies with (`IntSimdMatrix::intSimdMatrix`, the one `Init` shaped
/// them for) is `IntSimdMatrix::intSimdMatrixAVX2`.
static bool shaped_for_avx2(void) {
    const int_simd_matrix *const *current = override_library_data(&library_int_simd_matrix, INT_SIMD_MATRIX_SYMBOL);
    const int_simd_matrix *avx2 = override_library_data(&library_avx2_matrix, AVX2_MATRIX_SYMBOL);
    return current != NULL && avx2 != NULL && *current == avx2;
}

static inline int round_up(int value, int factor) { return (value + factor - 1) / factor * factor; }

#define PRODUCT_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni")))

// The AVX2 layout (intsimdmatrix.cpp `Init`, intsimdmatrixavx2.cpp): outputs in sets of 64,
// then one of 32, 16 and 8 as needed; within a set, for each group of 4 inputs, 4 weights of
// each output in turn, and after the last group the set's biases, one per output.
//
// `vpdpbusd` multiplies unsigned bytes by signed ones, four at a time into 32 bits. Each weight
// w (-127...127, as `WeightMatrix::ConvertToInt` rounds them) goes in as w + 128 (its sign
// bit flipped), and 128 times the inputs' sum is taken off again: the exact integer sum that
// Tesseract's `_mm256_maddubs_epi16` (its pairs stay under 2 x 127 x 127, so never saturate)
// and `_mm256_madd_epi16` reach. Then, as Tesseract: the bias times 127 added, converted to
// float and multiplied by the output's scale.

/// 128 times the sum of the first `num_in` inputs: what flipping the weights' sign bits adds
/// to each output.
static inline int32_t flipped_weights_excess(const int8_t *inputs, int num_in) {
    int32_t sum = 0;
    for (int j = 0; j < num_in; ++j) sum += inputs[j];
    return 128 * sum;
}

/// A set of `16 * REGISTERS` outputs (REGISTERS = 1, 2 or 4), `excess` taken off each.
#define PARTIAL_PRODUCT(REGISTERS)                                                                      \
    PRODUCT_TARGET static void partial_product_##REGISTERS(                                            \
        const int8_t *weights, const float *scales, const int8_t *inputs, int num_in, int32_t excess, \
        float *out) {                                                                                  \
        __m512i sums[REGISTERS];                                                                       \
        for (int r = 0; r < REGISTERS; ++r) sums[r] = _mm512_setzero_si512();                         \
        const __m512i flip = _mm512_set1_epi32((int)0x80808080);                                       \
        for (int j = 0; j < num_in; j += 4) {                                                          \
            int32_t four;                                                                              \
            memcpy(&four, inputs + j, sizeof four);                                                    \
            __m512i group = _mm512_set1_epi32(four);                                                   \
            for (int r = 0; r < REGISTERS; ++r, weights += 64) {                                       \
                __m512i w = _mm512_xor_si512(_mm512_loadu_si512(weights), flip);                       \
                sums[r] = _mm512_dpbusd_epi32(sums[r], w, group);                                      \
            }                                                                                          \
        }                                                                                              \
        const __m512i taken = _mm512_set1_epi32(excess);                                               \
        for (int r = 0; r < REGISTERS; ++r) {                                                          \
            __m512i bias = _mm512_cvtepi8_epi32(_mm_loadu_si128((const __m128i *)(weights + 16 * r))); \
            __m512i sum = _mm512_add_epi32(_mm512_sub_epi32(sums[r], taken),                           \
                                           _mm512_mullo_epi32(bias, _mm512_set1_epi32(127)));           \
            __m512 product = _mm512_mul_ps(_mm512_cvtepi32_ps(sum), _mm512_loadu_ps(scales + 16 * r)); \
            _mm512_storeu_ps(out + 16 * r, product);                                                   \
        }                                                                                              \
    }

PARTIAL_PRODUCT(1)
PARTIAL_PRODUCT(2)
PARTIAL_PRODUCT(4)

/// A set of 8 outputs, in 256-bit registers.
PRODUCT_TARGET static void partial_product_half(
    const int8_t *weights, const float *scales, const int8_t *inputs, int num_in, int32_t excess, float *out) {
    __m256i sum = _mm256_setzero_si256();
    const __m256i flip = _mm256_set1_epi32((int)0x80808080);
    for (int j = 0; j < num_in; j += 4, weights += 32) {
        int32_t four;
        memcpy(&four, inputs + j, sizeof four);
        __m256i w = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)weights), flip);
        sum = _mm256_dpbusd_epi32(sum, w, _mm256_set1_epi32(four));
    }
    int64_t eight;
    memcpy(&eight, weights, sizeof eight);
    __m256i bias = _mm256_cvtepi8_epi32(_mm_set_epi64x(0, eight));
    __m256i total = _mm256_add_epi32(_mm256_sub_epi32(sum, _mm256_set1_epi32(excess)),
                                     _mm256_mullo_epi32(bias, _mm256_set1_epi32(127)));
    _mm256_storeu_ps(out, _mm256_mul_ps(_mm256_cvtepi32_ps(total), _mm256_loadu_ps(scales)));
}

/// intsimdmatrixavx2.cpp's `matrixDotVector`: `dim1` outputs of `dim2 - 1` inputs and a bias.
PRODUCT_TARGET static void matrix_dot_vector(int dim1, int dim2, const int8_t *weights, const float *scales,
                                             const int8_t *inputs, float *out) {
    int num_in = round_up(dim2 - 1, 4);
    int num_out = round_up(dim1, 8);
    int32_t excess = flipped_weights_excess(inputs, num_in);
    int output = 0;
    for (; output + 64 <= num_out; output += 64, scales += 64, out += 64) {
        partial_product_4(weights, scales, inputs, num_in, excess, out);
        weights += (num_in + 1) * 64;
    }
    if (output + 32 <= num_out) {
        partial_product_2(weights, scales, inputs, num_in, excess, out);
        weights += (num_in + 1) * 32, scales += 32, out += 32, output += 32;
    }
    if (output + 16 <= num_out) {
        partial_product_1(weights, scales, inputs, num_in, excess, out);
        weights += (num_in + 1) * 16, scales += 16, out += 16, output += 16;
    }
    if (output + 8 <= num_out) partial_product_half(weights, scales, inputs, num_in, excess, out);
}

// Exported under the C++ name so that it takes the place of Tesseract's function.

/// `void WeightMatrix::MatrixDotVector(const int8_t *u, TFloat *v) const`: the matrix's
/// 8-bit weights times `u`, plus its biases, each output scaled, into `v`.
__attribute__((visibility("default"), used))
void _ZNK9tesseract12WeightMatrix15MatrixDotVectorEPKaPf(const weight_matrix *matrix, const int8_t *u, float *v) {
    if (!override_stretch_active(&multiplying) || !matrix->int_mode || !shaped_for_avx2()) {
        void (*function)(const weight_matrix *, const int8_t *, float *) =
            override_library_function(&library_matrix_dot_vector, MATRIX_DOT_VECTOR_SYMBOL);
        function(matrix, u, v);
        return;
    }
    multiplying.changed += 1;
    matrix_dot_vector(matrix->wi.dim1, matrix->wi.dim2, matrix->shaped_w.begin, matrix->scales.begin, u, v);
}

int tesseract_overrides_dot_product_instruction_product(
    int outputs, int inputs, const int8_t *weights, const float *scales, const int8_t *values, float *out) {
    if (!tesseract_overrides_dot_product_instructions_available()) return 0;
    matrix_dot_vector(outputs, inputs + 1, weights, scales, values, out);
    return 1;
}

int tesseract_overrides_library_product(
    int outputs, int inputs, const int8_t *weights, const float *scales, const int8_t *values, float *out) {
    const int_simd_matrix *avx2 = override_library_data(&library_avx2_matrix, AVX2_MATRIX_SYMBOL);
    if (avx2 == NULL || (override_processor_features() & override_avx2) == 0) return 0;
    avx2->matrix_dot_vector(outputs, inputs + 1, weights, scales, values, out);
    return 1;
}

#else  // not built here: nothing begins, Tesseract runs unchanged

int tesseract_overrides_dot_product_instructions_available(void) { return 0; }
int tesseract_overrides_use_dot_product_instructions_begin(void) { return 0; }
void tesseract_overrides_use_dot_product_instructions_end(void) {}
long tesseract_overrides_dot_product_instruction_products(void) { return 0; }
int tesseract_overrides_dot_product_instruction_product(
    int outputs, int inputs, const int8_t *weights, const float *scales, const int8_t *values, float *out) {
    (void)outputs, (void)inputs, (void)weights, (void)scales, (void)values, (void)out;
    return 0;
}
int tesseract_overrides_library_product(
    int outputs, int inputs, const int8_t *weights, const float *scales, const int8_t *values, float *out) {
    (void)outputs, (void)inputs, (void)weights, (void)scales, (void)values, (void)out;
    return 0;
}

#endif
