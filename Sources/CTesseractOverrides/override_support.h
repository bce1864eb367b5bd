// What the overrides share: a per-thread stretch in which the override is in force (calls
// nest) with a count of the calls it changed, and the library's own function found by name.
#ifndef OVERRIDE_SUPPORT_H
#define OVERRIDE_SUPPORT_H

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>

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

#endif
