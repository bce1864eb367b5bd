#include "CFuzzer.h"

int swiftocr_run_fuzzer(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(&argc, &argv, callback);
}
