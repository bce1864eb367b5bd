internal import CLeptonica
import Domain

#if canImport(Glibc)
    import Glibc
#endif

/// A page photographed at an angle, straightened: its corners mapped onto an upright
/// rectangle, so its lines run level and its columns of amounts stay beside their labels.
extension LeptonicaImage {
    /// The 8-bit image with `corners` mapped onto `corners.straightened`
    /// (`pixProjectivePtaGray`; what falls outside is `fill`), and the map from the
    /// straightened image's points back to this image's.
    func straightened(_ corners: PaperCorners, fill: Int) throws(OCRError) -> (image: LeptonicaImage, toOriginal: ProjectiveMap) {
        let target = corners.straightened
        guard let source = Self.pointArray(corners.all), let destination = Self.pointArray(target.all) else {
            throw .engineFailure("Leptonica could not make the page's corners")
        }
        defer {
            var sourcePointer: UnsafeMutablePointer<PTA>? = source
            var destinationPointer: UnsafeMutablePointer<PTA>? = destination
            ptaDestroy(&sourcePointer)
            ptaDestroy(&destinationPointer)
        }
        let image = try applying("straighten the page") { pixProjectivePtaGray($0, destination, source, UInt8(clamping: fill)) }
        var vector: UnsafeMutablePointer<Float>?
        guard getProjectiveXformCoeffs(destination, source, &vector) == 0, let vector else {
            throw .engineFailure("Leptonica could not map the straightened page back")
        }
        defer { free(vector) }
        return (image, ProjectiveMap(coefficients: (0..<8).map { Double(vector[$0]) }))
    }

    private static func pointArray(_ points: [ImagePoint]) -> UnsafeMutablePointer<PTA>? {
        guard let array = ptaCreate(Int32(points.count)) else { return nil }
        for point in points { ptaAddPt(array, Float(point.x), Float(point.y)) }
        return array
    }
}
