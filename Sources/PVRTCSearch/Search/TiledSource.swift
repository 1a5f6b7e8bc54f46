import Imaging

/// Fills an encoder workspace's source pixels (and per-pixel error weights) from a level: the virtual
/// `width × height` image of whole blocks, with levels smaller than it tiled (pixel (x, y) reads source
/// pixel (x mod image.width, y mod image.height)). Shared by the 4bpp and 2bpp workspaces.
enum TiledSource {
    /// Copies `image` into `source`, alpha forced to 255 for opaque images; when `errorWeights` is given,
    /// each pixel's weights are `channelWeights` with RGB scaled by its alpha (at least 1) for images
    /// with alpha, and alpha by `alphaScale` (``ErrorMetric/alphaScale``).
    static func copy(
        _ image: RGBAImage, width: Int, height: Int, hasAlpha alpha: Bool, channelWeights w: SIMD4<Int32>,
        alphaScale: Int32 = 255,
        into source: UnsafeMutableBufferPointer<SIMD4<Int32>>,
        errorWeights: UnsafeMutableBufferPointer<SIMD4<Int32>>?
    ) {
        image.pixels.withUnsafeBufferPointer { pixels in
            if width == image.width && height == image.height && errorWeights == nil {
                // Opaque and not tiled: a straight copy, no per-pixel index arithmetic or weights.
                for i in 0..<width * height {
                    let o = 4 * i
                    source[i] = SIMD4<Int32>(Int32(pixels[o]), Int32(pixels[o + 1]), Int32(pixels[o + 2]), 255)
                }
                return
            }
            for y in 0..<height {
                let sy = y % image.height
                for x in 0..<width {
                    let o = (sy * image.width + x % image.width) * 4
                    let p = SIMD4<Int32>(
                        Int32(pixels[o]), Int32(pixels[o + 1]), Int32(pixels[o + 2]), Int32(pixels[o + 3]))
                    let i = y * width + x
                    source[i] = alpha ? p : SIMD4(p[0], p[1], p[2], 255)
                    if let errorWeights {
                        let a = alpha ? max(p[3], 1) : 1
                        errorWeights[i] = w &* SIMD4(a, a, a, alphaScale)
                    }
                }
            }
        }
    }
}
