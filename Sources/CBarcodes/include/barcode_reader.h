#ifndef SWIFTOCR_BARCODE_READER_H
#define SWIFTOCR_BARCODE_READER_H

#include <stddef.h>

// Barcodes and QR codes read with zbar (libzbar.so.0), loaded at run time: the package
// builds and runs without it, and says why when it is missing.

/// One barcode found: its symbology's name (zbar's, e.g. "QR-Code", "EAN-13"), its data
/// (NUL-terminated, owned by the result), and the box of its outline in the image's pixels.
typedef struct {
    char symbology[24];
    char *data;
    size_t length;
    int left, top, right, bottom;
} swiftocr_barcode;

/// Loads zbar (the library named by SWIFTOCR_ZBAR, else libzbar.so.0) once; returns 1
/// when it is loaded, else 0 with the reason in `why` (NUL-terminated).
int swiftocr_barcodes_open(char *why, size_t why_size);

/// Reads the barcodes in an 8-bit grey image (`stride` bytes a row). Fills up to
/// `capacity` results and returns how many there were (more than `capacity` when some did
/// not fit), or -1 when zbar is not loaded or failed. Free the results with
/// `swiftocr_barcodes_free`.
int swiftocr_barcodes_read(const unsigned char *gray, int width, int height, int stride, swiftocr_barcode *results, int capacity);

/// Frees the data of `count` results.
void swiftocr_barcodes_free(swiftocr_barcode *results, int count);

#endif
