// JPEG → 8-bit gray (or a reduced colour copy) with libjpeg, silently (errors and warnings through codec_message).
#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include "gray_target.h"

typedef struct {
    struct jpeg_error_mgr manager;
    codec_message *message;
    int truncated;
    int stopped;  // CODEC_STOPPED or CODEC_UNSUPPORTED: why the decode ended early, when not for an error in the data
    jmp_buf jump;
} quiet_errors;

/// libjpeg's progress monitor, called for every row of MCUs of every scan (a progressive
/// file of thousands of scans spends minutes in jpeg_start_decompress): asks the caller
/// whether to stop every 64 calls, and stops through the error jump.
typedef struct {
    struct jpeg_progress_mgr manager;
    quiet_errors *errors;
    const codec_stop *stop;
    unsigned calls;
} stoppable_progress;

/// Progressive files from cameras and encoders hold about ten scans; hundreds are a
/// decoding bomb (each scan passes over the whole image), refused as libjpeg-turbo's own
/// tools do (djpeg -maxscans).
#define MOST_SCANS 200

static void on_progress(j_common_ptr info) {
    stoppable_progress *progress = (stoppable_progress *)info->progress;
    if (++progress->calls % 64 != 0) return;
    if (!info->is_decompressor || ((j_decompress_ptr)info)->input_scan_number <= MOST_SCANS) {
        if (!codec_should_stop(progress->stop)) return;
        codec_say(progress->errors->message, "stopped");
        progress->errors->stopped = CODEC_STOPPED;
    } else {
        codec_say(progress->errors->message,
                  "it is a progressive JPEG of more than %d scans (real photos have about ten), which takes minutes to "
                  "decode; re-encode it as a baseline JPEG or PNG",
                  MOST_SCANS);
        progress->errors->stopped = CODEC_UNSUPPORTED;
    }
    longjmp(progress->errors->jump, 1);
}

static void on_error(j_common_ptr info) {
    quiet_errors *errors = (quiet_errors *)info->err;
    switch (errors->manager.msg_code) {
    case JERR_BAD_PRECISION:  // 12- and 16-bit samples
        codec_say(errors->message, "its samples have %d bits, and the JPEG decoder reads 8-bit JPEGs only; convert it "
                  "(for example to PNG)", errors->manager.msg_parm.i[0]);
        errors->stopped = CODEC_UNSUPPORTED;
        break;
    case JERR_SOF_UNSUPPORTED:  // lossless (SOF3), hierarchical and other processes
        codec_say(errors->message, "it is stored with a JPEG process the decoder does not read (lossless or hierarchical, "
                  "SOF marker 0x%02X); convert it (for example to PNG)", errors->manager.msg_parm.i[0]);
        errors->stopped = CODEC_UNSUPPORTED;
        break;
    default: {
        char text[JMSG_LENGTH_MAX];
        errors->manager.format_message(info, text);
        codec_say(errors->message, "%s", text);
    }
    }
    longjmp(errors->jump, 1);
}

static void on_message(j_common_ptr info, int level) {
    quiet_errors *errors = (quiet_errors *)info->err;
    // Level -1 is a warning about corrupt data. Image data that ends before the image does
    // (the file ends, or a marker comes first) leaves the rest gray: refused as truncated.
    // Other warnings (extraneous bytes before a marker, common in camera files) are not.
    int code = errors->manager.msg_code;
    if (level < 0 && (code == JWRN_JPEG_EOF || code == JWRN_HIT_MARKER)) errors->truncated = 1;
}

static void quiet_output(j_common_ptr info) { (void)info; }

/// Reads the header and chooses the output: gray for gray files, else RGB or CMYK to
/// convert per row with Leptonica's luminance weights (libjpeg's own gray output, the Y
/// channel, weighs colours differently and would shift thresholds tuned on Leptonica's);
/// reduced by `scale_denominator` in the DCT.
static void read_header(struct jpeg_decompress_struct *info, int32_t scale_denominator) {
    jpeg_read_header(info, TRUE);
    info->scale_num = 1;
    info->scale_denom = (unsigned)(scale_denominator == 2 || scale_denominator == 4 || scale_denominator == 8 ? scale_denominator : 1);
    switch (info->jpeg_color_space) {
    case JCS_CMYK:
    case JCS_YCCK:
        info->out_color_space = JCS_CMYK;
        break;
    case JCS_GRAYSCALE:
        info->out_color_space = JCS_GRAYSCALE;
        break;
    default:
        info->out_color_space = JCS_RGB;
        break;
    }
    jpeg_calc_output_dimensions(info);
}

static void set_up(struct jpeg_decompress_struct *info, quiet_errors *errors, codec_message *message) {
    memset(errors, 0, sizeof *errors);
    info->err = jpeg_std_error(&errors->manager);
    errors->manager.error_exit = on_error;
    errors->manager.emit_message = on_message;
    errors->manager.output_message = quiet_output;
    errors->message = message;
}

int codec_jpeg_size(const uint8_t *data, size_t size, int32_t scale_denominator, int32_t *width, int32_t *height,
                    codec_message *message) {
    struct jpeg_decompress_struct info;
    quiet_errors errors;
    set_up(&info, &errors, message);
    if (setjmp(errors.jump)) {
        jpeg_destroy_decompress(&info);
        return errors.stopped ? errors.stopped : 1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    read_header(&info, scale_denominator);
    *width = (int32_t)info.output_width;
    *height = (int32_t)info.output_height;
    jpeg_destroy_decompress(&info);
    return 0;
}

/// A pixel of a decoded row as red, green and blue: gray spread over the three, CMYK as
/// Leptonica converts it (Adobe files store C, M, Y inverted).
static inline void pixel_rgb(const JSAMPLE *pixel, int components, int adobe, uint32_t *red, uint32_t *green, uint32_t *blue) {
    if (components == 1) {
        *red = *green = *blue = pixel[0];
    } else if (components == 3) {
        *red = pixel[0];
        *green = pixel[1];
        *blue = pixel[2];
    } else {
        uint32_t black = pixel[3];
        *red = adobe ? black * pixel[0] / 255 : black * (255u - pixel[0]) / 255;
        *green = adobe ? black * pixel[1] / 255 : black * (255u - pixel[1]) / 255;
        *blue = adobe ? black * pixel[2] / 255 : black * (255u - pixel[2]) / 255;
    }
}

/// Writes decoded row `y` (`components` samples a pixel) into `target`.
typedef void (*row_writer)(const codec_gray_target *target, int32_t y, const JSAMPLE *row, int components, int adobe);

static void write_gray_row(const codec_gray_target *target, int32_t y, const JSAMPLE *row, int components, int adobe) {
    for (int32_t x = 0; x < target->width; x++) {
        const JSAMPLE *pixel = row + (size_t)x * (size_t)components;
        if (components == 1) {
            codec_set_gray(target, x, y, pixel[0]);
            continue;
        }
        uint32_t red, green, blue;
        pixel_rgb(pixel, components, adobe, &red, &green, &blue);
        codec_set_gray(target, x, y, (uint8_t)codec_luminance(red, green, blue));
    }
}

/// A 32-bit PIX's pixel: red, green and blue from the most significant byte.
static void write_colour_row(const codec_gray_target *target, int32_t y, const JSAMPLE *row, int components, int adobe) {
    uint32_t *line = target->words + (size_t)y * (size_t)target->wordsPerLine;
    for (int32_t x = 0; x < target->width; x++) {
        uint32_t red, green, blue;
        pixel_rgb(row + (size_t)x * (size_t)components, components, adobe, &red, &green, &blue);
        line[x] = (red << 24) | (green << 16) | (blue << 8);
    }
}

/// Decodes a JPEG reduced by `scale_denominator` row by row through `write` into `target`
/// (whose size must be the reduced image's), stoppable through `stop`. 0 on success.
static int decode_rows(const uint8_t *data, size_t size, int32_t scale_denominator, const codec_gray_target *target,
                       const codec_stop *stop, codec_message *message, row_writer write) {
    struct jpeg_decompress_struct info;
    quiet_errors errors;
    stoppable_progress progress = {.errors = &errors, .stop = stop};
    progress.manager.progress_monitor = on_progress;
    JSAMPLE *volatile row = NULL;
    set_up(&info, &errors, message);
    if (setjmp(errors.jump)) {
        free(row);
        jpeg_destroy_decompress(&info);
        return errors.stopped ? errors.stopped : 1;
    }
    jpeg_create_decompress(&info);
    info.progress = &progress.manager;
    jpeg_mem_src(&info, data, (unsigned long)size);
    read_header(&info, scale_denominator);
    if ((int32_t)info.output_width != target->width || (int32_t)info.output_height != target->height) {
        codec_say(message, "the image is not the size its header said");
        longjmp(errors.jump, 1);
    }
    jpeg_start_decompress(&info);
    int components = info.output_components;
    row = malloc((size_t)info.output_width * (size_t)components);
    if (!row) { codec_say(message, "out of memory"); longjmp(errors.jump, 1); }
    while (info.output_scanline < info.output_height) {
        int32_t y = (int32_t)info.output_scanline;
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(&info, rows, 1) != 1) break;
        if (errors.truncated) break;
        write(target, y, row, components, info.saw_Adobe_marker);
    }
    if (errors.truncated) {
        codec_say(message, "the file ends inside the image data (truncated)");
        longjmp(errors.jump, 1);
    }
    free(row);  // trailing data is not needed: no jpeg_finish_decompress
    jpeg_destroy_decompress(&info);
    return 0;
}

int codec_jpeg_decode_gray(const uint8_t *data, size_t size, int32_t scale_denominator, const codec_gray_target *target,
                           const codec_stop *stop, codec_message *message) {
    return decode_rows(data, size, scale_denominator, target, stop, message, write_gray_row);
}

int codec_jpeg_decode_colour(const uint8_t *data, size_t size, int32_t scale_denominator, const codec_gray_target *target,
                             codec_message *message) {
    return decode_rows(data, size, scale_denominator, target, NULL, message, write_colour_row);
}
