// PNG → 8-bit gray with libpng, silently (errors reported through codec_message).
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include "gray_target.h"

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
    codec_message *message;
    jmp_buf jump;
    int stopped;
} png_source;

static void read_bytes(png_structp png, png_bytep out, size_t count) {
    png_source *source = png_get_io_ptr(png);
    if (count > source->size - source->offset) {
        png_error(png, "the file ends inside the image data (truncated)");
    }
    memcpy(out, source->data + source->offset, count);
    source->offset += count;
}

static void on_error(png_structp png, png_const_charp text) {
    png_source *source = png_get_error_ptr(png);
    codec_say(source->message, "%s", text);
    longjmp(source->jump, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;  // ancillary-chunk trouble (bad CRCs, bombs): ignored, never printed
}

/// A read struct set up for untrusted data: quiet, with bounded chunk memory, and
/// ancillary chunks that only describe the image not even read.
static png_structp make_reader(png_source *source) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, source, on_error, on_warning);
    if (!png) return NULL;
    png_set_read_fn(png, source, read_bytes);
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);  // the caller's pixel limit decides
    png_set_chunk_cache_max(png, 128);
    png_set_chunk_malloc_max(png, 8u << 20);  // zTXt/iCCP/sPLT bombs
    png_set_crc_action(png, PNG_CRC_DEFAULT, PNG_CRC_QUIET_USE);
    static const png_byte ignored[] = "iCCP\0iTXt\0sPLT\0tEXt\0zTXt\0eXIf\0tIME\0pHYs\0hIST\0sBIT\0sRGB\0cHRM\0gAMA\0bKGD\0";
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, ignored, (int)(sizeof ignored / 5));
    return png;
}

int codec_png_size(const uint8_t *data, size_t size, int32_t *width, int32_t *height, codec_message *message) {
    png_source source = {data, size, 0, message};
    png_structp png = make_reader(&source);
    if (!png) { codec_say(message, "out of memory"); return 1; }
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(source.jump)) {
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return 1;
    }
    png_read_info(png, info);
    *width = (int32_t)png_get_image_width(png, info);
    *height = (int32_t)png_get_image_height(png, info);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

/// Stops the decode (through the error jump) when the caller asks, every 64 rows.
static void check_stop(png_source *source, png_uint_32 row, const codec_stop *stop) {
    if (row % 64 == 0 && codec_should_stop(stop)) {
        codec_say(source->message, "stopped");
        source->stopped = 1;
        longjmp(source->jump, 1);
    }
}

int codec_png_decode_gray(const uint8_t *data, size_t size, const codec_gray_target *target, const codec_stop *stop,
                          codec_message *message) {
    png_source source = {data, size, 0, message};
    png_structp png = make_reader(&source);
    if (!png) { codec_say(message, "out of memory"); return 1; }
    png_infop info = png_create_info_struct(png);
    png_bytep volatile image = NULL;   // interlaced images: every row, gray + alpha
    png_bytep volatile row = NULL;
    if (!info || setjmp(source.jump)) {
        free(image);
        free(row);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return source.stopped ? CODEC_STOPPED : 1;
    }
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if ((int64_t)width != target->width || (int64_t)height != target->height) {
        codec_say(message, "the image is not the size its header said");
        longjmp(source.jump, 1);
    }
    int color = png_get_color_type(png, info);
    png_set_expand(png);       // palette → RGB, gray < 8 bits → 8, tRNS → alpha
    png_set_strip_16(png);
    if (color & PNG_COLOR_MASK_COLOR) png_set_rgb_to_gray_fixed(png, 1, 30000, 50000);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    int channels = png_get_channels(png, info);  // 1 (gray) or 2 (gray + alpha)
    size_t stride = png_get_rowbytes(png, info);
    if (channels < 1 || channels > 2 || stride < (size_t)width * (size_t)channels) {
        codec_say(message, "unexpected PNG layout");
        longjmp(source.jump, 1);
    }
    if (passes > 1) {
        image = calloc(height, stride);
        if (!image) { codec_say(message, "out of memory"); longjmp(source.jump, 1); }
        for (int pass = 0; pass < passes; pass++) {
            for (png_uint_32 y = 0; y < height; y++) {
                check_stop(&source, y, stop);
                png_read_row(png, image + (size_t)y * stride, NULL);
            }
        }
    } else {
        row = malloc(stride);
        if (!row) { codec_say(message, "out of memory"); longjmp(source.jump, 1); }
    }
    for (png_uint_32 y = 0; y < height; y++) {
        check_stop(&source, y, stop);
        png_bytep pixels = image ? image + (size_t)y * stride : row;
        if (!image) png_read_row(png, pixels, NULL);
        for (png_uint_32 x = 0; x < width; x++) {
            uint8_t level = channels == 2 ? codec_onto_white(pixels[2 * x], pixels[2 * x + 1]) : pixels[x];
            codec_set_gray(target, (int32_t)x, (int32_t)y, level);
        }
    }
    free(image);
    free(row);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}
