#include <stddef.h>
#include <stdint.h>
// libFuzzer's driver (libclang_rt.fuzzer_no_main, linked by Scripts/fuzz.sh).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/// Runs libFuzzer with the process's arguments and the target's callback.
int swiftocr_run_fuzzer(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size));
