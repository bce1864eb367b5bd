import Foundation

/// Keeps Tesseract's OpenMP loops on the calling thread.
///
/// Tesseract's LSTM code asks OpenMP for several threads per engine. On a small machine
/// those threads oversubscribe the cores and recognition gets slower, not faster
/// (see Docs/Benchmarks.md); the library parallelises across images instead. Setting
/// `max-active-levels` to 0 for the engine's thread makes every parallel region it
/// starts run single-threaded, without touching the rest of the host process.
/// `OMP_THREAD_LIMIT` cannot be used: libgomp reads it only when it is loaded.
///
/// Set `SWIFTOCR_TESSERACT_OPENMP=1` to leave Tesseract's own threading alone.
enum OpenMPThreading {
    private typealias SetMaxActiveLevels = @convention(c) (Int32) -> Void

    /// libgomp's `omp_set_max_active_levels`, found at run time (libtesseract loads libgomp),
    /// or `nil` where Tesseract was built without OpenMP.
    private static let setMaxActiveLevels: SetMaxActiveLevels? = {
        guard ProcessInfo.processInfo.environment["SWIFTOCR_TESSERACT_OPENMP"] != "1",
            let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "omp_set_max_active_levels")
        else { return nil }
        return unsafeBitCast(symbol, to: SetMaxActiveLevels.self)
    }()

    /// Makes OpenMP parallel regions started from the current thread single-threaded.
    static func confineToCurrentThread() {
        setMaxActiveLevels?(0)
    }
}
