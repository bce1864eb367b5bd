internal import COnnxRuntime
import Foundation

/// A model loaded into ONNX Runtime (`onnx_runtime.h`), run on float tensors.
final class OnnxSession: @unchecked Sendable {
    // One session is safe to run from several threads (ONNX Runtime's `Run`); it is released
    // only when the last user has let go of it.
    private let session: OpaquePointer

    /// A float tensor: its values, row-major, and its shape.
    struct Tensor {
        var values: [Float]
        var shape: [Int]
    }

    /// Opens the runtime at `library` (once per process) and loads `model`.
    init(library: String, model: String, threads: Int) throws(TextDetectorFiles.Missing) {
        var error = [CChar](repeating: 0, count: 512)
        guard onnx_runtime_open(library, &error, error.count) == 1 else { throw .unusable(Self.message(error)) }
        guard let session = onnx_runtime_session_create(model, Int32(threads), &error, error.count) else {
            throw .unusable(Self.message(error))
        }
        self.session = session
    }

    deinit { onnx_runtime_session_release(session) }

    /// The model's output for `input`.
    func run(_ input: Tensor) throws(TextDetectorFiles.Missing) -> Tensor {
        var error = [CChar](repeating: 0, count: 512)
        var output: UnsafeMutablePointer<Float>?
        var count = 0
        var shape = [Int64](repeating: 0, count: 8)
        var rank = 0
        let inputShape = input.shape.map(Int64.init)
        let ran = input.values.withUnsafeBufferPointer { values in
            onnx_runtime_session_run(session, values.baseAddress, inputShape, inputShape.count, &output, &count, &shape, &rank, &error, error.count)
        }
        guard ran == 1, let output else { throw .unusable(Self.message(error)) }
        defer { free(output) }
        return Tensor(values: Array(UnsafeBufferPointer(start: output, count: count)), shape: shape.prefix(rank).map(Int.init))
    }

    private static func message(_ error: [CChar]) -> String {
        String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
