#include "onnx_runtime.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The runtime's objects, opaque here.
typedef struct OrtStatus OrtStatus;
typedef struct OrtEnv OrtEnv;
typedef struct OrtSession OrtSession;
typedef struct OrtSessionOptions OrtSessionOptions;
typedef struct OrtMemoryInfo OrtMemoryInfo;
typedef struct OrtValue OrtValue;
typedef struct OrtTensorTypeAndShapeInfo OrtTensorTypeAndShapeInfo;
typedef struct OrtAllocator OrtAllocator;

typedef struct {
    const void *(*GetApi)(uint32_t version);
    const char *(*GetVersionString)(void);
} OrtApiBase;

// The entries called, by their place in `OrtApi` (onnxruntime_c_api.h, `struct OrtApi`;
// unchanged since API version 1).
enum {
    GetErrorMessageEntry = 2,
    CreateEnvEntry = 3,
    CreateSessionEntry = 7,
    RunEntry = 9,
    CreateSessionOptionsEntry = 10,
    DisableCpuMemArenaEntry = 19,
    SetSessionGraphOptimizationLevelEntry = 23,
    SetIntraOpNumThreadsEntry = 24,
    SetInterOpNumThreadsEntry = 25,
    SessionGetInputNameEntry = 36,
    SessionGetOutputNameEntry = 37,
    CreateTensorWithDataAsOrtValueEntry = 49,
    GetTensorMutableDataEntry = 51,
    GetDimensionsCountEntry = 61,
    GetDimensionsEntry = 62,
    GetTensorTypeAndShapeEntry = 65,
    CreateCpuMemoryInfoEntry = 69,
    AllocatorFreeEntry = 76,
    GetAllocatorWithDefaultOptionsEntry = 78,
    ReleaseStatusEntry = 93,
    ReleaseMemoryInfoEntry = 94,
    ReleaseSessionEntry = 95,
    ReleaseValueEntry = 96,
    ReleaseTensorTypeAndShapeInfoEntry = 99,
    ReleaseSessionOptionsEntry = 100,
};

enum { LoggingLevelError = 3, EnableAllOptimizations = 99, ArenaAllocator = 1, CPUMemory = 0, FloatElements = 1 };

static void *const *api;  // the function table
static OrtEnv *environment;
static char open_error[512];
static int opened;
static pthread_mutex_t open_lock = PTHREAD_MUTEX_INITIALIZER;

#define ENTRY(type, index) ((type)api[index])

struct onnx_runtime_session {
    OrtSession *session;
    char *input_name;
    char *output_name;
};

static void set_error(char *error, size_t size, const char *format, const char *detail) {
    if (error && size > 0) snprintf(error, size, format, detail ? detail : "");
}

// Takes the message of a failed call's status and releases it; 1 when the call succeeded.
static int succeeded(OrtStatus *status, char *error, size_t size) {
    if (!status) return 1;
    const char *message = ENTRY(const char *(*)(const OrtStatus *), GetErrorMessageEntry)(status);
    set_error(error, size, "ONNX Runtime: %s", message);
    ENTRY(void (*)(OrtStatus *), ReleaseStatusEntry)(status);
    return 0;
}

int onnx_runtime_open(const char *library_path, char *error, size_t error_size) {
    pthread_mutex_lock(&open_lock);
    if (!opened) {
        opened = -1;
        void *library = dlopen(library_path, RTLD_NOW | RTLD_LOCAL);
        const OrtApiBase *(*get_base)(void) = library ? (const OrtApiBase *(*)(void))dlsym(library, "OrtGetApiBase") : NULL;
        const OrtApiBase *base = get_base ? get_base() : NULL;
        if (!library) {
            set_error(open_error, sizeof open_error, "cannot load ONNX Runtime: %s", dlerror());
        } else if (!base) {
            set_error(open_error, sizeof open_error, "%s is not ONNX Runtime (no OrtGetApiBase)", library_path);
        } else if (!(api = base->GetApi(ONNX_RUNTIME_API_VERSION))) {
            set_error(open_error, sizeof open_error, "ONNX Runtime %s is older than API version 11 (1.11)", base->GetVersionString());
        } else {
            OrtStatus *status = ENTRY(OrtStatus * (*)(int, const char *, OrtEnv **), CreateEnvEntry)(LoggingLevelError, "swiftocr", &environment);
            if (succeeded(status, open_error, sizeof open_error)) opened = 1;
        }
    }
    int ready = opened == 1;
    if (!ready) set_error(error, error_size, "%s", open_error);
    pthread_mutex_unlock(&open_lock);
    return ready;
}

onnx_runtime_session *onnx_runtime_session_create(const char *model_path, int threads, char *error, size_t error_size) {
    pthread_mutex_lock(&open_lock);
    int ready = opened == 1;
    pthread_mutex_unlock(&open_lock);
    if (!ready) {
        set_error(error, error_size, "%s", "ONNX Runtime is not open");
        return NULL;
    }
    OrtSessionOptions *options = NULL;
    if (!succeeded(ENTRY(OrtStatus * (*)(OrtSessionOptions **), CreateSessionOptionsEntry)(&options), error, error_size)) return NULL;
    onnx_runtime_session *made = calloc(1, sizeof *made);
    OrtAllocator *allocator = NULL;
    int ok = made != NULL
        && succeeded(ENTRY(OrtStatus * (*)(OrtSessionOptions *), DisableCpuMemArenaEntry)(options), error, error_size)
        && succeeded(ENTRY(OrtStatus * (*)(OrtSessionOptions *, int), SetSessionGraphOptimizationLevelEntry)(options, EnableAllOptimizations), error, error_size)
        && succeeded(ENTRY(OrtStatus * (*)(OrtSessionOptions *, int), SetIntraOpNumThreadsEntry)(options, threads), error, error_size)
        && succeeded(ENTRY(OrtStatus * (*)(OrtSessionOptions *, int), SetInterOpNumThreadsEntry)(options, 1), error, error_size)
        && succeeded(ENTRY(OrtStatus * (*)(const OrtEnv *, const char *, const OrtSessionOptions *, OrtSession **), CreateSessionEntry)(environment, model_path, options, &made->session), error, error_size)
        && succeeded(ENTRY(OrtStatus * (*)(OrtAllocator **), GetAllocatorWithDefaultOptionsEntry)(&allocator), error, error_size);
    char *name = NULL;
    if (ok && succeeded(ENTRY(OrtStatus * (*)(const OrtSession *, size_t, OrtAllocator *, char **), SessionGetInputNameEntry)(made->session, 0, allocator, &name), error, error_size)) {
        made->input_name = strdup(name);
        (void)succeeded(ENTRY(OrtStatus * (*)(OrtAllocator *, void *), AllocatorFreeEntry)(allocator, name), NULL, 0);
    } else {
        ok = 0;
    }
    if (ok && succeeded(ENTRY(OrtStatus * (*)(const OrtSession *, size_t, OrtAllocator *, char **), SessionGetOutputNameEntry)(made->session, 0, allocator, &name), error, error_size)) {
        made->output_name = strdup(name);
        (void)succeeded(ENTRY(OrtStatus * (*)(OrtAllocator *, void *), AllocatorFreeEntry)(allocator, name), NULL, 0);
    } else {
        ok = 0;
    }
    ENTRY(void (*)(OrtSessionOptions *), ReleaseSessionOptionsEntry)(options);
    if (!ok) {
        if (!made) set_error(error, error_size, "%s", "out of memory");
        onnx_runtime_session_release(made);
        return NULL;
    }
    return made;
}

int onnx_runtime_session_run(
    onnx_runtime_session *session, const float *input, const int64_t *input_shape, size_t input_rank,
    float **output, size_t *output_count, int64_t *output_shape, size_t *output_rank, char *error, size_t error_size) {
    size_t count = 1;
    for (size_t i = 0; i < input_rank; i++) count *= (size_t)input_shape[i];
    OrtMemoryInfo *memory = NULL;
    OrtValue *in = NULL, *out = NULL;
    OrtTensorTypeAndShapeInfo *info = NULL;
    size_t rank = 0;
    float *data = NULL;
    int ok = succeeded(ENTRY(OrtStatus * (*)(int, int, OrtMemoryInfo **), CreateCpuMemoryInfoEntry)(ArenaAllocator, CPUMemory, &memory), error, error_size)
        && succeeded(ENTRY(OrtStatus * (*)(const OrtMemoryInfo *, void *, size_t, const int64_t *, size_t, int, OrtValue **), CreateTensorWithDataAsOrtValueEntry)(memory, (void *)input, count * sizeof(float), input_shape, input_rank, FloatElements, &in), error, error_size);
    if (ok) {
        const char *input_names[] = {session->input_name};
        const char *output_names[] = {session->output_name};
        const OrtValue *inputs[] = {in};
        ok = succeeded(ENTRY(OrtStatus * (*)(OrtSession *, const void *, const char *const *, const OrtValue *const *, size_t, const char *const *, size_t, OrtValue **), RunEntry)(session->session, NULL, input_names, inputs, 1, output_names, 1, &out), error, error_size)
            && succeeded(ENTRY(OrtStatus * (*)(const OrtValue *, OrtTensorTypeAndShapeInfo **), GetTensorTypeAndShapeEntry)(out, &info), error, error_size)
            && succeeded(ENTRY(OrtStatus * (*)(const OrtTensorTypeAndShapeInfo *, size_t *), GetDimensionsCountEntry)(info, &rank), error, error_size);
    }
    if (ok && rank > 8) {
        set_error(error, error_size, "%s", "the model's output has more than 8 dimensions");
        ok = 0;
    }
    ok = ok && succeeded(ENTRY(OrtStatus * (*)(const OrtTensorTypeAndShapeInfo *, int64_t *, size_t), GetDimensionsEntry)(info, output_shape, rank), error, error_size)
        && succeeded(ENTRY(OrtStatus * (*)(OrtValue *, void **), GetTensorMutableDataEntry)(out, (void **)&data), error, error_size);
    if (ok) {
        size_t produced = 1;
        for (size_t i = 0; i < rank; i++) produced *= (size_t)(output_shape[i] > 0 ? output_shape[i] : 0);
        *output = malloc(produced * sizeof(float) + 1);
        if (*output) {
            memcpy(*output, data, produced * sizeof(float));
            *output_count = produced;
            *output_rank = rank;
        } else {
            set_error(error, error_size, "%s", "out of memory");
            ok = 0;
        }
    }
    if (info) ENTRY(void (*)(OrtTensorTypeAndShapeInfo *), ReleaseTensorTypeAndShapeInfoEntry)(info);
    if (out) ENTRY(void (*)(OrtValue *), ReleaseValueEntry)(out);
    if (in) ENTRY(void (*)(OrtValue *), ReleaseValueEntry)(in);
    if (memory) ENTRY(void (*)(OrtMemoryInfo *), ReleaseMemoryInfoEntry)(memory);
    return ok;
}

void onnx_runtime_session_release(onnx_runtime_session *session) {
    if (!session) return;
    if (session->session) ENTRY(void (*)(OrtSession *), ReleaseSessionEntry)(session->session);
    free(session->input_name);
    free(session->output_name);
    free(session);
}
