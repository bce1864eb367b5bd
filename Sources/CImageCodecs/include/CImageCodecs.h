// Decoders that turn PNG, JPEG and WebP data straight into 8-bit grayscale rows of a
// Leptonica PIX, with every library message kept off stderr.
//
// Leptonica's own readers leave libpng's and libjpeg's message handlers at their defaults,
// which print to stderr ("libpng warning: ...", "Premature end of JPEG file"); a library
// must not print. These decoders install their own handlers, report what went wrong in
// `message`, bound the memory libpng may spend on ancillary chunks, and write gray levels
// (alpha blended onto white) directly into the destination, so a colour image never
// exists at full size in memory.
#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H

#include <stddef.h>
#include <stdint.h>

/// Where decoded gray levels go: a PIX's data (`pixGetData`) and words per line
/// (`pixGetWpl`) of an 8-bit image `width` × `height`, stored as Leptonica stores bytes.
typedef struct {
    uint32_t *words;
    int32_t wordsPerLine;
    int32_t width;
    int32_t height;
} codec_gray_target;

/// What went wrong; empty on success.
typedef struct {
    char text[320];
} codec_message;

/// Asked now and then while an image is decoded: the decoder stops, returning 2, as soon
/// as `should_stop(context)` returns non-zero (a time limit passed, the caller cancelled).
/// A `NULL` stop, or a `NULL` function, never stops.
typedef struct {
    int (*should_stop)(void *context);
    void *context;
} codec_stop;

/// What the decoders return when `codec_stop` stopped them.
#define CODEC_STOPPED 2
/// What the decoders return for a valid image stored in a way they refuse to decode;
/// the message says which way, and what to do.
#define CODEC_UNSUPPORTED 3

/// The size of the image in a PNG's header (IHDR), without decoding it. 0 on success.
int codec_png_size(const uint8_t *data, size_t size, int32_t *width, int32_t *height, codec_message *message);
/// Decodes a PNG into `target` (whose size must be the image's). 0 on success.
int codec_png_decode_gray(const uint8_t *data, size_t size, const codec_gray_target *target, const codec_stop *stop,
                          codec_message *message);

/// The size of a JPEG (its frame header) when decoded with `scale_denominator` (1, 2, 4 or 8). 0 on success.
int codec_jpeg_size(const uint8_t *data, size_t size, int32_t scale_denominator, int32_t *width, int32_t *height,
                    codec_message *message);
/// Decodes a JPEG, reduced by `scale_denominator` in the DCT, into `target`. 0 on success.
int codec_jpeg_decode_gray(const uint8_t *data, size_t size, int32_t scale_denominator, const codec_gray_target *target,
                           const codec_stop *stop, codec_message *message);

/// Decodes a JPEG in colour, reduced by `scale_denominator` in the DCT (8: from its DC
/// coefficients alone, cheaply), into `target`: the words of a 32-bit PIX of its reduced
/// size, each pixel red, green and blue from the most significant byte (Leptonica's order).
/// 0 on success.
int codec_jpeg_decode_colour(const uint8_t *data, size_t size, int32_t scale_denominator, const codec_gray_target *target,
                             codec_message *message);

/// The size of a WebP image (its first frame, for an animation), and whether it is
/// animated. 0 on success.
int codec_webp_size(const uint8_t *data, size_t size, int32_t *width, int32_t *height, int32_t *animated,
                    codec_message *message);
/// Decodes a WebP image (its first frame) into `target`. 0 on success.
int codec_webp_decode_gray(const uint8_t *data, size_t size, const codec_gray_target *target, codec_message *message);

#endif
