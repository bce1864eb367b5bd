// What the overrides share: a per-thread stretch in which the override is in force (calls
// nest) with a count of the calls it changed, the library's own function found by name, and
// whether the library's version is one whose layout an override reads.
#ifndef OVERRIDE_SUPPORT_H
#define OVERRIDE_SUPPORT_H

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

// Where the overrides are built: a 64-bit Linux with ELF, whose dynamic linker resolves
// libtesseract's calls through its PLT to a definition of ours (verified on x86-64 with
// Debian 12's libtesseract 5.3.0). Elsewhere (macOS's two-level namespaces, Windows, a
// 32-bit system), or with SWIFTOCR_NO_OVERRIDES defined (`swift build -Xcc
// -DSWIFTOCR_NO_OVERRIDES`), every `begin` returns 0 and Tesseract runs unchanged. The
// vectorised ones are built only for x86-64 (AVX2, AVX-512 VNNI).
#if defined(__linux__) && defined(__ELF__) && defined(__LP64__) && !defined(SWIFTOCR_NO_OVERRIDES)
#define OVERRIDES_INTERPOSE 1
#else
#define OVERRIDES_INTERPOSE 0
#endif
#if OVERRIDES_INTERPOSE && defined(__x86_64__)
#define OVERRIDES_X86_64 1
#include <cpuid.h>
#else
#define OVERRIDES_X86_64 0
#endif

/// One thread's stretch of an override: how deep the nested stretches are, and how many
/// calls the override changed on the thread.
typedef struct {
    int depth;
    long changed;
} override_stretch;

/// Enters a stretch; returns 1 (begun), as every override's `begin` reports.
static inline int override_stretch_begin(override_stretch *stretch) {
    stretch->depth += 1;
    return 1;
}

static inline void override_stretch_end(override_stretch *stretch) {
    if (stretch->depth > 0) stretch->depth -= 1;
}

static inline int override_stretch_active(const override_stretch *stretch) { return stretch->depth > 0; }

/// The next definition of `symbol` after this package's (the library's own), looked up
/// once into `cache` (the lookup is idempotent, so a race only repeats it); NULL when none.
static inline void *override_library_function(_Atomic(void *) *cache, const char *symbol) {
    void *function = atomic_load(cache);
    if (function == NULL) {
        function = dlsym(RTLD_NEXT, symbol);
        atomic_store(cache, function);
    }
    return function;
}

typedef const char *(*override_version_function)(void);

/// Whether the libtesseract in the process is one whose private layout an override reads:
/// its `TessVersion()` begins with `prefix` (`"5.3."`, `"5."`), on an LP64 machine, and it
/// computes in `float` (`TFloat`, as built with FAST_FLOAT, Debian's and upstream's default:
/// its float `NetworkIO::WriteTimeStepPart` exists; the layouts hold `float` matrices);
/// asked once into `cache` (0 unknown, 1 known, 2 not; a race only asks again).
static inline int override_layout_known(_Atomic int *cache, const char *prefix) {
    int known = atomic_load(cache);
    if (known == 0) {
        const char *text = NULL;
        override_version_function version = (override_version_function)dlsym(RTLD_NEXT, "TessVersion");
        if (version != NULL) text = version();
        bool float_build = dlsym(RTLD_NEXT, "_ZN9tesseract9NetworkIO17WriteTimeStepPartEiiiPKf") != NULL;
        known = text != NULL && strncmp(text, prefix, strlen(prefix)) == 0 && sizeof(void *) == 8 && float_build ? 1 : 2;
        atomic_store(cache, known);
    }
    return known == 1;
}

/// The address of the library's data `symbol` (a table, a global), looked up once into
/// `cache`; NULL when none.
static inline void *override_library_data(_Atomic(void *) *cache, const char *symbol) {
    void *address = atomic_load(cache);
    if (address == NULL) {
        address = dlsym(RTLD_DEFAULT, symbol);
        atomic_store(cache, address);
    }
    return address;
}

/// The vector instructions overrides use: AVX2, and AVX-512 (F, BW, VL) with VNNI.
enum { override_avx2 = 1, override_avx512_vnni = 2 };

/// Which of those the processor has and the system keeps the registers of (XCR0: SSE and
/// AVX state; for AVX-512 also the opmask and both halves of the upper ZMM state), asked
/// with `cpuid` and `xgetbv` once per file (a race only asks again).
static inline int override_processor_features(void) {
#if OVERRIDES_X86_64
    static _Atomic int cache = -1;
    int features = atomic_load(&cache);
    if (features < 0) {
        features = 0;
        unsigned a, b, c, d;
        if (__get_cpuid(1, &a, &b, &c, &d) && (c & bit_OSXSAVE) != 0 && (c & bit_AVX) != 0) {
            unsigned low, high;
            __asm__("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
            if ((low & 0x6) == 0x6 && __get_cpuid_count(7, 0, &a, &b, &c, &d)) {
                if ((b & bit_AVX2) != 0) features |= override_avx2;
                if ((low & 0xE6) == 0xE6 && (b & bit_AVX512F) != 0 && (b & bit_AVX512BW) != 0 && (b & bit_AVX512VL) != 0
                    && (c & bit_AVX512VNNI) != 0)
                {
                    features |= override_avx512_vnni;
                }
            }
        }
        atomic_store(&cache, features);
    }
    return features;
#else
    return 0;
#endif
}

#endif
