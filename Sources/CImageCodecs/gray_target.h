// Writing gray levels into a Leptonica PIX's words, and formatting messages.
#ifndef GRAY_TARGET_H
#define GRAY_TARGET_H

#include <stdarg.h>
#include <stdio.h>
#include "CImageCodecs.h"

// Leptonica keeps the bytes of each 32-bit word in big-endian order; on little-endian
// hosts byte x of a line lives at x ^ 3 (its SET_DATA_BYTE).
static inline void codec_set_gray(const codec_gray_target *target, int32_t x, int32_t y, uint8_t value) {
    uint8_t *line = (uint8_t *)(target->words + (size_t)y * (size_t)target->wordsPerLine);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    line[x ^ 3] = value;
#else
    line[x] = value;
#endif
}

/// A gray level over an alpha value, blended onto white.
static inline uint8_t codec_onto_white(uint32_t gray, uint32_t alpha) {
    return (uint8_t)((gray * alpha + 255u * (255u - alpha) + 127u) / 255u);
}

/// Luminance as Leptonica's pixConvertRGBToLuminance weighs it (0.3, 0.5, 0.2).
static inline uint32_t codec_luminance(uint32_t red, uint32_t green, uint32_t blue) {
    return (red * 3u + green * 5u + blue * 2u + 5u) / 10u;
}

/// Whether the caller asked the decoder to stop.
static inline int codec_should_stop(const codec_stop *stop) {
    return stop && stop->should_stop && stop->should_stop(stop->context);
}

static inline void codec_say(codec_message *message, const char *format, ...) {
    if (!message) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message->text, sizeof message->text, format, arguments);
    va_end(arguments);
}

#endif
