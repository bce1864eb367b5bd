// WebP → 8-bit gray with libwebp; animations give their first frame (libwebpdemux).
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include "gray_target.h"

/// The bitstream of the image to decode: the data itself, or an animation's first frame.
static int first_frame(const uint8_t *data, size_t size, WebPData *frame, int *animated, codec_message *message) {
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(data, size, &features) != VP8_STATUS_OK) {
        codec_say(message, "the WebP header is invalid or truncated");
        return 1;
    }
    *animated = features.has_animation;
    frame->bytes = data;
    frame->size = size;
    if (!features.has_animation) return 0;
    WebPData whole = {data, size};
    WebPDemuxer *demuxer = WebPDemux(&whole);
    WebPIterator iterator;
    if (!demuxer || !WebPDemuxGetFrame(demuxer, 1, &iterator)) {
        WebPDemuxDelete(demuxer);
        codec_say(message, "the animated WebP has no readable first frame");
        return 1;
    }
    *frame = iterator.fragment;  // points into `data`, which outlives the demuxer
    WebPDemuxReleaseIterator(&iterator);
    WebPDemuxDelete(demuxer);
    return 0;
}

int codec_webp_size(const uint8_t *data, size_t size, int32_t *width, int32_t *height, int32_t *animated,
                    codec_message *message) {
    WebPData frame;
    int isAnimated = 0;
    if (first_frame(data, size, &frame, &isAnimated, message)) return 1;
    int w = 0, h = 0;
    if (!WebPGetInfo(frame.bytes, frame.size, &w, &h)) {
        codec_say(message, "the WebP image header is invalid");
        return 1;
    }
    *width = w;
    *height = h;
    *animated = isAnimated;
    return 0;
}

int codec_webp_decode_gray(const uint8_t *data, size_t size, const codec_gray_target *target, codec_message *message) {
    WebPData frame;
    int animated = 0;
    if (first_frame(data, size, &frame, &animated, message)) return 1;
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(frame.bytes, frame.size, &features) != VP8_STATUS_OK || features.width != target->width ||
        features.height != target->height) {
        codec_say(message, "the image is not the size its header said");
        return 1;
    }
    int width = 0, height = 0;
    if (features.has_alpha) {  // RGBA, blended onto white
        uint8_t *pixels = WebPDecodeRGBA(frame.bytes, frame.size, &width, &height);
        if (!pixels) { codec_say(message, "the WebP image data is corrupt or truncated"); return 1; }
        for (int32_t y = 0; y < height; y++) {
            const uint8_t *line = pixels + (size_t)y * (size_t)width * 4;
            for (int32_t x = 0; x < width; x++) {
                const uint8_t *p = line + (size_t)x * 4;
                codec_set_gray(target, x, y, codec_onto_white(codec_luminance(p[0], p[1], p[2]), p[3]));
            }
        }
        WebPFree(pixels);
        return 0;
    }
    // Opaque: the luma plane is the gray image (video range 16...235, stretched to 0...255).
    uint8_t *u = NULL, *v = NULL;
    int stride = 0, uvStride = 0;
    uint8_t *luma = WebPDecodeYUV(frame.bytes, frame.size, &width, &height, &u, &v, &stride, &uvStride);
    if (!luma) { codec_say(message, "the WebP image data is corrupt or truncated"); return 1; }
    for (int32_t y = 0; y < height; y++) {
        const uint8_t *line = luma + (size_t)y * (size_t)stride;
        for (int32_t x = 0; x < width; x++) {
            int level = ((int)line[x] - 16) * 255 / 219;
            codec_set_gray(target, x, y, (uint8_t)(level < 0 ? 0 : level > 255 ? 255 : level));
        }
    }
    WebPFree(luma);
    return 0;
}
