// Tesseract's LSTM: a time step written in a loop the compiler vectorises, and its first two
// layers without their calls per pixel: see include/tesseract_overrides.h.
#include "override_support.h"
#include "tesseract_layout.h"
#include "tesseract_overrides.h"

#if OVERRIDES_INTERPOSE

static _Thread_local override_stretch stepping = {0, 0};

/// Whether the libtesseract in the process is one whose `NetworkIO` this file reads (5.3.x,
/// LP64), asked once (`override_layout_known`).
static _Atomic int layout = 0;

int tesseract_overrides_vectorise_network_steps_begin(void) {
    if (!override_layout_known(&layout, "5.3.")) return 0;
    return override_stretch_begin(&stepping);
}

void tesseract_overrides_vectorise_network_steps_end(void) { override_stretch_end(&stepping); }
long tesseract_overrides_vectorised_network_steps(void) { return stepping.changed; }

static _Atomic(void *) library_write_part = NULL;
static _Atomic(void *) library_convolve = NULL;
static _Atomic(void *) library_resize_to_map = NULL;
static _Atomic(void *) library_maxpool = NULL;
static _Atomic(void *) library_resize_scaled = NULL;

#define WRITE_PART_SYMBOL "_ZN9tesseract9NetworkIO17WriteTimeStepPartEiiiPKf"
#define CONVOLVE_SYMBOL "_ZN9tesseract8Convolve7ForwardEbRKNS_9NetworkIOEPKNS_15TransposedArrayEPNS_14NetworkScratchEPS1_"
#define RESIZE_TO_MAP_SYMBOL "_ZN9tesseract9NetworkIO11ResizeToMapEbRKNS_9StrideMapEi"
#define MAXPOOL_SYMBOL "_ZN9tesseract7Maxpool7ForwardEbRKNS_9NetworkIOEPKNS_15TransposedArrayEPNS_14NetworkScratchEPS1_"
#define RESIZE_SCALED_SYMBOL "_ZN9tesseract9NetworkIO12ResizeScaledERKS0_iii"

// Exported under the C++ names so that they take the place of Tesseract's functions.

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
        int8_t *line = byte_row(io, t) + offset;
        for (int k = 0; k < features; ++k) line[k] = quantised(input[k]);
    } else {
        float *line = float_row(io, t) + offset;
        for (int k = 0; k < features; ++k) line[k] = input[k];
    }
}

/// `TRand::SignedRand(range)`: the next of `std::minstd_rand`'s numbers, scaled to ±`range`.
static inline double signed_random(random_numbers *numbers, double range) {
    numbers->state = numbers->state * 48271UL % 2147483647UL;
    return range * 2.0 * (int32_t)numbers->state / INT32_MAX - range;
}

/// `NetworkIO::Randomize`: `features` values of step `t` from `offset` on set at random, as
/// a convolution fills the places it reaches outside the image.
static void randomize(network_io *io, int t, int offset, int features, random_numbers *numbers) {
    if (io->int_mode) {
        int8_t *line = byte_row(io, t) + offset;
        for (int k = 0; k < features; ++k) {
            double value = signed_random(numbers, INT8_MAX);
            line[k] = (int8_t)(value >= 0.0 ? (int)(value + 0.5) : -(int)(-value + 0.5));
        }
    } else {
        float *line = float_row(io, t) + offset;
        for (int k = 0; k < features; ++k) line[k] = (float)signed_random(numbers, 1.0);
    }
}

typedef void (*convolve_function)(convolve_layer *, bool, const network_io *, const void *, void *, network_io *);
typedef void (*resize_function)(network_io *, bool, const stride_map *, int);

/// `void Convolve::Forward(bool debug, const NetworkIO &input, const TransposedArray *,
/// NetworkScratch *, NetworkIO *output)`: each position of `output` holds the input's
/// values at the positions around it (`half_x` either side across, `half_y` up and down),
/// those outside the image set at random; as convolve.cpp does it, without a call per
/// position and neighbour (`StrideMap::Index::AddOffset`, `NetworkIO::CopyTimeStepGeneral`
/// of one value).
__attribute__((visibility("default"), used))
void _ZN9tesseract8Convolve7ForwardEbRKNS_9NetworkIOEPKNS_15TransposedArrayEPNS_14NetworkScratchEPS1_(
    convolve_layer *layer, bool debug, const network_io *input, const void *transpose, void *scratch, network_io *output) {
    resize_function resize = (resize_function)override_library_function(&library_resize_to_map, RESIZE_TO_MAP_SYMBOL);
    random_numbers *numbers = layer->network.randomizer;
    // Debugging displays, and an engine without its randomizer (Tesseract's to report), are Tesseract's.
    if (!override_stretch_active(&stepping) || debug || numbers == NULL || resize == NULL) {
        convolve_function function = (convolve_function)override_library_function(&library_convolve, CONVOLVE_SYMBOL);
        function(layer, debug, input, transpose, scratch, output);
        return;
    }
    stepping.changed += 1;
    resize(output, input->int_mode, &input->stride_map, layer->network.no);
    int features = layer->network.ni;
    int y_scale = 2 * layer->half_y + 1;
    // The output's map is the input's: a neighbour (x, y) away is inside the image when its x
    // and y are within the image's (what `StrideMap::Index::AddOffset` finds), and lies
    // x and y increments of t away.
    const int *increments = output->stride_map.t_increments;
    stride_index destination = {&output->stride_map, 0, {0, 0, 0}};
    do {
        int t = destination.t;
        int x0 = destination.indices[width_dimension];
        int y0 = destination.indices[height_dimension];
        int last_x = stride_max_index(&destination, width_dimension);
        int last_y = stride_max_index(&destination, height_dimension);
        int out_x = 0;
        for (int x = -layer->half_x; x <= layer->half_x; ++x, out_x += y_scale * features) {
            if (x0 + x < 0 || x0 + x > last_x) {
                randomize(output, t, out_x, y_scale * features, numbers);
                continue;
            }
            int out_y = out_x;
            for (int y = -layer->half_y; y <= layer->half_y; ++y, out_y += features) {
                if (y0 + y < 0 || y0 + y > last_y) {
                    randomize(output, t, out_y, features, numbers);
                } else {
                    copy_step(output, t, out_y, features, input, t + x * increments[width_dimension] + y * increments[height_dimension]);
                }
            }
        }
    } while (stride_increment(&destination));
}

/// The greater, value by value, of step `t` and the source's step `from` (in the same mode),
/// kept in step `t`: `NetworkIO::MaxpoolTimeStep` without noting where each came from.
static inline void raise_step(network_io *io, int t, const network_io *source, int from) {
    if (io->int_mode) {
        int features = io->i.dim2;
        int8_t *line = byte_row(io, t);
        const int8_t *values = byte_row(source, from);
        for (int k = 0; k < features; ++k) line[k] = line[k] < values[k] ? values[k] : line[k];
    } else {
        int features = io->f.dim2;
        float *line = float_row(io, t);
        const float *values = float_row(source, from);
        for (int k = 0; k < features; ++k) line[k] = line[k] < values[k] ? values[k] : line[k];
    }
}

typedef void (*maxpool_function)(maxpool_layer *, bool, const network_io *, const void *, void *, network_io *);
typedef void (*resize_scaled_function)(network_io *, const network_io *, int, int, int);

/// `void Maxpool::Forward(bool debug, const NetworkIO &input, const TransposedArray *,
/// NetworkScratch *, NetworkIO *output)`: each position of `output` the greatest, value by
/// value, of the `x_scale` by `y_scale` input positions it covers; as maxpool.cpp does it,
/// without a call per position covered. Where each greatest came from (`maxes_`) and the
/// input's map (`back_map_`) are kept only for learning (`Maxpool::Backward`): a network
/// that will never learn (`training_disabled`) is not given them.
__attribute__((visibility("default"), used))
void _ZN9tesseract7Maxpool7ForwardEbRKNS_9NetworkIOEPKNS_15TransposedArrayEPNS_14NetworkScratchEPS1_(
    maxpool_layer *layer, bool debug, const network_io *input, const void *transpose, void *scratch, network_io *output) {
    resize_scaled_function resize = (resize_scaled_function)override_library_function(&library_resize_scaled, RESIZE_SCALED_SYMBOL);
    if (!override_stretch_active(&stepping) || debug || layer->network.training != training_disabled || resize == NULL
        || layer->x_scale < 1 || layer->y_scale < 1)
    {
        maxpool_function function = (maxpool_function)override_library_function(&library_maxpool, MAXPOOL_SYMBOL);
        function(layer, debug, input, transpose, scratch, output);
        return;
    }
    stepping.changed += 1;
    resize(output, input, layer->x_scale, layer->y_scale, layer->network.no);
    stride_index destination = {&output->stride_map, 0, {0, 0, 0}};
    do {
        int t = destination.t;
        stride_index covered = {&input->stride_map, 0, {0, 0, 0}};
        covered.indices[batch_dimension] = destination.indices[batch_dimension];
        covered.indices[height_dimension] = destination.indices[height_dimension] * layer->y_scale;
        covered.indices[width_dimension] = destination.indices[width_dimension] * layer->x_scale;
        stride_set_t(&covered);
        // `NetworkIO::CopyTimeStepFrom`: the first position covered, whole.
        copy_step(output, t, 0, step_width(output), input, covered.t);
        for (int x = 0; x < layer->x_scale; ++x) {
            for (int y = 0; y < layer->y_scale; ++y) {
                stride_index position = covered;
                if (stride_add_offset(&position, x, width_dimension) && stride_add_offset(&position, y, height_dimension)) {
                    raise_step(output, t, input, position.t);
                }
            }
        }
    } while (stride_increment(&destination));
}

#else  // not built here: nothing begins, Tesseract runs unchanged

int tesseract_overrides_vectorise_network_steps_begin(void) { return 0; }
void tesseract_overrides_vectorise_network_steps_end(void) {}
long tesseract_overrides_vectorised_network_steps(void) { return 0; }

#endif
