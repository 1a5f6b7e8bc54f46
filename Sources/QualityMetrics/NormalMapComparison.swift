import Imaging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Angular error between two tangent-space normal maps, in degrees.
///
/// Each pixel's RGB is read as a vector `v = c / 127.5 − 1` and normalised (the flat normal (0, 0, 1)
/// for a zero vector); the error of a pixel is the angle between the reference and candidate unit
/// vectors, `acos(clamp(dot, −1, 1))`. Alpha is ignored.
public struct NormalMapComparison: Sendable, Equatable {
    /// Mean angular error over all pixels.
    public var meanDegrees: Double
    /// 99th percentile (nearest rank) of the per-pixel angular error.
    public var p99Degrees: Double
    /// Largest per-pixel angular error.
    public var maxDegrees: Double

    /// Compares `candidate` with `reference`.
    /// - Throws: `ImagingError/invalidDimensions(width:height:reason:)` when the sizes differ.
    public static func compare(reference: RGBAImage, candidate: RGBAImage) throws -> NormalMapComparison {
        guard reference.width == candidate.width, reference.height == candidate.height else {
            throw ImagingError.invalidDimensions(
                width: candidate.width, height: candidate.height,
                reason: "the reference is \(reference.width)x\(reference.height)")
        }
        let count = reference.width * reference.height
        var angles = [Double](repeating: 0, count: count)
        reference.pixels.withUnsafeBufferPointer { r in
            candidate.pixels.withUnsafeBufferPointer { c in
                for i in 0..<count {
                    let a = NormalMapMipChain.unitVector(r: r[i * 4], g: r[i * 4 + 1], b: r[i * 4 + 2])
                    let b = NormalMapMipChain.unitVector(r: c[i * 4], g: c[i * 4 + 1], b: c[i * 4 + 2])
                    let dot = min(max(a.0 * b.0 + a.1 * b.1 + a.2 * b.2, -1), 1)
                    angles[i] = acos(dot) * 180 / Double.pi
                }
            }
        }
        let mean = angles.reduce(0, +) / Double(count)
        angles.sort()
        let rank = max(Int((0.99 * Double(count)).rounded(.up)) - 1, 0)
        return NormalMapComparison(meanDegrees: mean, p99Degrees: angles[rank], maxDegrees: angles[count - 1])
    }
}
