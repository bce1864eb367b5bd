#include "barcode_reader.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// zbar's objects, opaque here, and the entries called (zbar.h, stable since zbar 0.10).
typedef struct zbar_image_scanner_s zbar_image_scanner_t;
typedef struct zbar_image_s zbar_image_t;
typedef struct zbar_symbol_s zbar_symbol_t;

static struct {
    zbar_image_scanner_t *(*scanner_create)(void);
    void (*scanner_destroy)(zbar_image_scanner_t *);
    int (*scanner_set_config)(zbar_image_scanner_t *, int symbology, int config, int value);
    zbar_image_t *(*image_create)(void);
    void (*image_destroy)(zbar_image_t *);
    void (*image_set_format)(zbar_image_t *, unsigned long fourcc);
    void (*image_set_size)(zbar_image_t *, unsigned width, unsigned height);
    void (*image_set_data)(zbar_image_t *, const void *data, unsigned long length, void (*cleanup)(zbar_image_t *));
    int (*scan_image)(zbar_image_scanner_t *, zbar_image_t *);
    const zbar_symbol_t *(*image_first_symbol)(const zbar_image_t *);
    const zbar_symbol_t *(*symbol_next)(const zbar_symbol_t *);
    int (*symbol_get_type)(const zbar_symbol_t *);
    const char *(*symbol_get_data)(const zbar_symbol_t *);
    unsigned (*symbol_get_data_length)(const zbar_symbol_t *);
    unsigned (*symbol_get_loc_size)(const zbar_symbol_t *);
    int (*symbol_get_loc_x)(const zbar_symbol_t *, unsigned);
    int (*symbol_get_loc_y)(const zbar_symbol_t *, unsigned);
    const char *(*get_symbol_name)(int);
} zbar;


// zbar's symbology numbers and its "enable" setting (zbar.h: ZBAR_DATABAR, ZBAR_DATABAR_EXP,
// ZBAR_CFG_ENABLE).
enum { ZBarDataBar = 34, ZBarDataBarExpanded = 35, ZBarConfigEnable = 0 };

static char open_error[256];
static int opened = -1;  // -1: not tried; 0: failed; 1: loaded
static pthread_mutex_t open_lock = PTHREAD_MUTEX_INITIALIZER;

static int load(void) {
    const char *path = getenv("SWIFTOCR_ZBAR");
    if (path == NULL || *path == 0) path = "libzbar.so.0";
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(open_error, sizeof open_error, "zbar was not found (%s): apt-get install libzbar0",
                 reason ? reason : path);
        return 0;
    }
#define ENTRY(field, name)                                                                        \
    if ((*(void **)&zbar.field = dlsym(library, name)) == NULL) {                                 \
        snprintf(open_error, sizeof open_error, "%s lacks %s: not a zbar library", path, name); \
        dlclose(library);                                                                         \
        return 0;                                                                                 \
    }
    ENTRY(scanner_create, "zbar_image_scanner_create")
    ENTRY(scanner_destroy, "zbar_image_scanner_destroy")
    ENTRY(scanner_set_config, "zbar_image_scanner_set_config")
    ENTRY(image_create, "zbar_image_create")
    ENTRY(image_destroy, "zbar_image_destroy")
    ENTRY(image_set_format, "zbar_image_set_format")
    ENTRY(image_set_size, "zbar_image_set_size")
    ENTRY(image_set_data, "zbar_image_set_data")
    ENTRY(scan_image, "zbar_scan_image")
    ENTRY(image_first_symbol, "zbar_image_first_symbol")
    ENTRY(symbol_next, "zbar_symbol_next")
    ENTRY(symbol_get_type, "zbar_symbol_get_type")
    ENTRY(symbol_get_data, "zbar_symbol_get_data")
    ENTRY(symbol_get_data_length, "zbar_symbol_get_data_length")
    ENTRY(symbol_get_loc_size, "zbar_symbol_get_loc_size")
    ENTRY(symbol_get_loc_x, "zbar_symbol_get_loc_x")
    ENTRY(symbol_get_loc_y, "zbar_symbol_get_loc_y")
    ENTRY(get_symbol_name, "zbar_get_symbol_name")
#undef ENTRY
    return 1;
}

int swiftocr_barcodes_open(char *why, size_t why_size) {
    pthread_mutex_lock(&open_lock);
    if (opened < 0) opened = load();
    int result = opened;
    pthread_mutex_unlock(&open_lock);
    if (!result && why != NULL && why_size > 0) snprintf(why, why_size, "%s", open_error);
    return result;
}

int swiftocr_barcodes_read(const unsigned char *gray, int width, int height, int stride, swiftocr_barcode *results, int capacity) {
    if (swiftocr_barcodes_open(NULL, 0) != 1 || gray == NULL || width <= 0 || height <= 0 || stride < width) return -1;
    // zbar reads rows packed: copy when the rows are padded.
    const unsigned char *pixels = gray;
    unsigned char *packed = NULL;
    if (stride != width) {
        packed = malloc((size_t)width * (size_t)height);
        if (packed == NULL) return -1;
        for (int row = 0; row < height; row++) memcpy(packed + (size_t)row * width, gray + (size_t)row * stride, (size_t)width);
        pixels = packed;
    }
    zbar_image_scanner_t *scanner = zbar.scanner_create();
    zbar_image_t *image = zbar.image_create();
    int count = -1;
    if (scanner != NULL && image != NULL) {
        // zbar's own choice of symbologies and every scan line: enabling every symbology
        // adds EAN-2 and EAN-5 add-ons, which stripes of text and photographs pass for; scanning
        // every other line misses small QR codes (Benchmarks/evaluate-barcodes.py). Less
        // GS1 DataBar (produce labels, not Korean receipts): on noise its decoder prints
        // assertion warnings on standard error, which is ocr's.
        zbar.scanner_set_config(scanner, ZBarDataBar, ZBarConfigEnable, 0);
        zbar.scanner_set_config(scanner, ZBarDataBarExpanded, ZBarConfigEnable, 0);
        zbar.image_set_format(image, 0x30303859UL);                       // 'Y800': 8-bit grey
        zbar.image_set_size(image, (unsigned)width, (unsigned)height);
        zbar.image_set_data(image, pixels, (unsigned long)width * (unsigned long)height, NULL);
        if (zbar.scan_image(scanner, image) >= 0) {
            count = 0;
            for (const zbar_symbol_t *symbol = zbar.image_first_symbol(image); symbol != NULL; symbol = zbar.symbol_next(symbol)) {
                if (count < capacity && results != NULL) {
                    swiftocr_barcode *result = &results[count];
                    memset(result, 0, sizeof *result);
                    const char *name = zbar.get_symbol_name(zbar.symbol_get_type(symbol));
                    snprintf(result->symbology, sizeof result->symbology, "%s", name ? name : "UNKNOWN");
                    unsigned length = zbar.symbol_get_data_length(symbol);
                    const char *data = zbar.symbol_get_data(symbol);
                    result->data = malloc((size_t)length + 1);
                    if (result->data != NULL) {
                        if (data != NULL && length > 0) memcpy(result->data, data, length);
                        result->data[length] = 0;
                        result->length = length;
                    }
                    int left = INT_MAX, top = INT_MAX, right = INT_MIN, bottom = INT_MIN;
                    unsigned points = zbar.symbol_get_loc_size(symbol);
                    for (unsigned point = 0; point < points; point++) {
                        int x = zbar.symbol_get_loc_x(symbol, point), y = zbar.symbol_get_loc_y(symbol, point);
                        if (x < left) left = x;
                        if (x > right) right = x;
                        if (y < top) top = y;
                        if (y > bottom) bottom = y;
                    }
                    if (points == 0) left = top = right = bottom = 0;
                    result->left = left;
                    result->top = top;
                    result->right = right;
                    result->bottom = bottom;
                }
                count++;
            }
        }
    }
    if (image != NULL) zbar.image_destroy(image);
    if (scanner != NULL) zbar.scanner_destroy(scanner);
    free(packed);
    return count;
}

void swiftocr_barcodes_free(swiftocr_barcode *results, int count) {
    if (results == NULL) return;
    for (int index = 0; index < count; index++) {
        free(results[index].data);
        results[index].data = NULL;
    }
}
