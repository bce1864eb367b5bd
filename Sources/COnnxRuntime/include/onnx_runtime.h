// ONNX Runtime's C API, loaded at run time.
//
// The runtime (`libonnxruntime.so`, as the `onnxruntime` wheel on PyPI ships it for x86-64
// and aarch64) is opened with `dlopen` when first asked for, so the package builds, links
// and runs without it. Its headers are not needed either: ONNX Runtime's function table
// (`OrtApi`) only ever grows at its end, so the few entries called here are declared in
// onnx_runtime.c by their place in the table of the pinned API version
// (`ONNX_RUNTIME_API_VERSION`), which every later runtime still serves.
#ifndef ONNX_RUNTIME_H
#define ONNX_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

/// The version of ONNX Runtime's C API asked for: 1.11's (March 2022) or any later runtime.
#define ONNX_RUNTIME_API_VERSION 11

/// Opens the runtime at `library_path` and creates its environment, once per process (later
/// calls return the first call's answer). Returns 1 when ready, else 0 with a message in `error`.
int onnx_runtime_open(const char *library_path, char *error, size_t error_size);

/// A model loaded into a session of the opened runtime.
typedef struct onnx_runtime_session onnx_runtime_session;

/// Loads the model at `model_path`, run on `threads` threads (0: the runtime's choice), with
/// the runtime's memory arena off (it keeps the largest input's memory for good). Returns
/// NULL with a message in `error` when the runtime is not open or the model does not load.
onnx_runtime_session *onnx_runtime_session_create(const char *model_path, int threads, char *error, size_t error_size);

/// Runs a model of one float input and one float output on `input`, shaped
/// `input_shape[0..<input_rank]`. On success returns 1 with `*output` a buffer of
/// `*output_count` floats the caller frees with `free`, shaped `output_shape[0..<*output_rank]`
/// (at most 8 dimensions); else 0 with a message in `error`. Safe to call from several
/// threads on one session.
int onnx_runtime_session_run(
    onnx_runtime_session *session, const float *input, const int64_t *input_shape, size_t input_rank,
    float **output, size_t *output_count, int64_t *output_shape, size_t *output_rank, char *error, size_t error_size);

/// Releases a session (NULL is ignored).
void onnx_runtime_session_release(onnx_runtime_session *session);

#endif
