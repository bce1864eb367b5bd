#include <stddef.h>
#include <stdint.h>
// libFuzzer's driver (libclang_rt.fuzzer), linked by -sanitize=fuzzer.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
