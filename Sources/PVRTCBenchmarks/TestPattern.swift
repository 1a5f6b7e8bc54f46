import Imaging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Deterministic synthetic texture content, for benchmarks that must run without image files.
///
/// The pattern mixes what real textures hold: smooth colour gradients, periodic detail at several
/// scales, hard-edged shapes and a little hash noise, so an encoder's search does realistic work
/// (neither a flat field that converges at once nor pure noise).
package enum TestPattern {
    /// An opaque `width` x `height` image; the same size always gives the same pixels.
    package static func texture(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: (0, 0, 0, 255))
        let fw = Double(width)
        let fh = Double(height)
        image.pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                let v = Double(y) / fh
                for x in 0..<width {
                    let u = Double(x) / fw
                    let detail = sin(u * 40 + sin(v * 9) * 3) * cos(v * 33 - u * 5)
                    let fine = sin((u + v) * 190) * 0.5
                    var hash = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663)
                    hash = (hash ^ (hash >> 13)) &* 0x5bd1_e995
                    let noise = Double(hash >> 24) / 255 - 0.5
                    let inDisc = (u - 0.6) * (u - 0.6) + (v - 0.4) * (v - 0.4) < 0.04
                    let inBar = u > 0.1 && u < 0.25 && v > 0.55 && v < 0.9
                    var r = 40 + 170 * u + 25 * detail + 10 * fine + 8 * noise
                    var g = 60 + 120 * v + 30 * detail - 12 * fine + 8 * noise
                    var b = 150 - 90 * u * v + 20 * fine + 8 * noise
                    if inDisc { (r, g, b) = (230 - 40 * detail, 200, 40 + 20 * fine) }
                    if inBar { (r, g, b) = (20, 30 + 10 * noise, 60 + 30 * v) }
                    let o = (y * width + x) * 4
                    p[o] = byte(r)
                    p[o + 1] = byte(g)
                    p[o + 2] = byte(b)
                }
            }
        }
        return image
    }

    private static func byte(_ value: Double) -> UInt8 { UInt8(min(max(value.rounded(), 0), 255)) }
}
