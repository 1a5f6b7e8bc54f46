/// Multiplies colour by alpha ("premultiplied alpha"), the form blending with
/// `ONE, ONE_MINUS_SRC_ALPHA` and filtering without fringes need.
///
/// The space of the multiplication follows the colour space the GPU samples in:
/// - ``ColorSpace/linear``: the stored values are multiplied, `c' = round(c · a / 255)`. This is what a
///   texture uploaded with a non-sRGB format blends with (pvrc's default labels).
/// - ``ColorSpace/srgb``: the GPU decodes sRGB to linear light before blending, so the multiplication
///   happens in linear light: `c' = sRGB(linear(c) · a / 255)`, rounded to the nearest code.
///
/// Alpha is unchanged; fully transparent pixels become (0, 0, 0, 0).
public enum Premultiplication {
    /// Returns `image` with colour multiplied by alpha in `colorSpace` (see the type's description).
    public static func premultiplied(_ image: RGBAImage, colorSpace: ColorSpace) -> RGBAImage {
        var result = image
        let count = image.width * image.height
        let toLinear = SRGB.toLinear
        let thresholds = SRGB.encodeThresholds
        result.pixels.withUnsafeMutableBufferPointer { p in
            for i in 0..<count {
                let a = Int(p[i * 4 + 3])
                if a == 255 { continue }
                for c in 0..<3 {
                    let v = Int(p[i * 4 + c])
                    switch colorSpace {
                    case .linear:
                        p[i * 4 + c] = UInt8((v * a + 127) / 255)
                    case .srgb:
                        p[i * 4 + c] = SRGB.encode(toLinear[v] * Float(a) / 255, thresholds: thresholds)
                    }
                }
            }
        }
        return result
    }
}
