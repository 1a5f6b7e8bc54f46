/// Builds a full mip chain down to 1x1 with a 2x2 box filter, in linear light for sRGB colour data.
///
/// Each output pixel averages its (up to) 2x2 parent pixels: colour is converted from sRGB to
/// linear light through a 256-entry table, averaged weighted by alpha (so the colour hidden under
/// transparent pixels does not bleed into the result), and converted back to sRGB with exact
/// rounding through a table of decision thresholds. When all four parents are fully transparent
/// their colours are averaged unweighted (keeping an alpha-bled fill continuous). Alpha itself is
/// averaged linearly, rounding half up. Alpha is never premultiplied into the output.
///
/// For ``ColorSpace/linear`` data (normal, height, mask maps) the stored values themselves are averaged,
/// with the same alpha weighting and rounding to the nearest value: a 0/255 checkerboard gives 128, not
/// the 188 that linear-light averaging of sRGB data gives.
public enum MipChain {
    /// Returns `[image, half, quarter, ..., 1x1]`: `log2(max(width, height)) + 1` levels,
    /// each `max(side / 2, 1)` of the one before.
    /// - Parameters:
    ///   - image: The level-0 image, power-of-two sides.
    ///   - colorSpace: ``ColorSpace/srgb`` (the default) averages in linear light, ``ColorSpace/linear``
    ///     averages the stored values.
    /// - Throws: ``ImagingError/invalidDimensions(width:height:reason:)`` unless both sides are powers of two.
    public static func build(from image: RGBAImage, colorSpace: ColorSpace = .srgb) throws -> [RGBAImage] {
        guard image.width.nonzeroBitCount == 1, image.height.nonzeroBitCount == 1 else {
            throw ImagingError.invalidDimensions(
                width: image.width, height: image.height, reason: "a mip chain needs power-of-two sizes")
        }
        var levels = [image]
        while let last = levels.last, last.width > 1 || last.height > 1 {
            levels.append(downsample(last, colorSpace: colorSpace))
        }
        return levels
    }

    /// One level down: `max(width / 2, 1)` x `max(height / 2, 1)`, each pixel the linear-light,
    /// alpha-weighted average of its 2x2 (or 2x1 / 1x2 once a side reached 1) parents; for
    /// `colorSpace` ``ColorSpace/linear`` the average of the stored values instead.
    public static func downsample(_ image: RGBAImage, colorSpace: ColorSpace = .srgb) -> RGBAImage {
        if colorSpace == .linear { return downsampleStoredValues(image) }
        let w = max(image.width / 2, 1)
        let h = max(image.height / 2, 1)
        let stepX = image.width > 1 ? 1 : 0
        let stepY = image.height > 1 ? 1 : 0
        let count = (stepX + 1) * (stepY + 1)
        var result = RGBAImage(width: w, height: h)
        let toLinear = SRGB.toLinear
        let thresholds = SRGB.encodeThresholds
        image.pixels.withUnsafeBufferPointer { src in
            result.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    for x in 0..<w {
                        var weighted: (Float, Float, Float) = (0, 0, 0)
                        var plain: (Float, Float, Float) = (0, 0, 0)
                        var alphaSum = 0
                        for dy in 0...stepY {
                            for dx in 0...stepX {
                                let s = ((2 * y + dy) * image.width + 2 * x + dx) * 4
                                let a = Int(src[s + 3])
                                let r = toLinear[Int(src[s])]
                                let g = toLinear[Int(src[s + 1])]
                                let b = toLinear[Int(src[s + 2])]
                                let wt = Float(a)
                                weighted.0 += r * wt
                                weighted.1 += g * wt
                                weighted.2 += b * wt
                                plain.0 += r
                                plain.1 += g
                                plain.2 += b
                                alphaSum += a
                            }
                        }
                        let mean: (Float, Float, Float)
                        if alphaSum > 0 {
                            let inv = 1 / Float(alphaSum)
                            mean = (weighted.0 * inv, weighted.1 * inv, weighted.2 * inv)
                        } else {
                            let inv = 1 / Float(count)
                            mean = (plain.0 * inv, plain.1 * inv, plain.2 * inv)
                        }
                        let d = (y * w + x) * 4
                        dst[d] = SRGB.encode(mean.0, thresholds: thresholds)
                        dst[d + 1] = SRGB.encode(mean.1, thresholds: thresholds)
                        dst[d + 2] = SRGB.encode(mean.2, thresholds: thresholds)
                        dst[d + 3] = UInt8((alphaSum + count / 2) / count)
                    }
                }
            }
        }
        return result
    }

    /// One level down averaging stored values (alpha-weighted, plain where all parents are transparent),
    /// rounding to nearest.
    private static func downsampleStoredValues(_ image: RGBAImage) -> RGBAImage {
        let w = max(image.width / 2, 1)
        let h = max(image.height / 2, 1)
        let stepX = image.width > 1 ? 1 : 0
        let stepY = image.height > 1 ? 1 : 0
        let count = (stepX + 1) * (stepY + 1)
        var result = RGBAImage(width: w, height: h)
        image.pixels.withUnsafeBufferPointer { src in
            result.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    for x in 0..<w {
                        var weighted = (0, 0, 0)
                        var plain = (0, 0, 0)
                        var alphaSum = 0
                        for dy in 0...stepY {
                            for dx in 0...stepX {
                                let s = ((2 * y + dy) * image.width + 2 * x + dx) * 4
                                let a = Int(src[s + 3])
                                let r = Int(src[s])
                                let g = Int(src[s + 1])
                                let b = Int(src[s + 2])
                                weighted = (weighted.0 + r * a, weighted.1 + g * a, weighted.2 + b * a)
                                plain = (plain.0 + r, plain.1 + g, plain.2 + b)
                                alphaSum += a
                            }
                        }
                        let d = (y * w + x) * 4
                        if alphaSum > 0 {
                            dst[d] = UInt8((weighted.0 + alphaSum / 2) / alphaSum)
                            dst[d + 1] = UInt8((weighted.1 + alphaSum / 2) / alphaSum)
                            dst[d + 2] = UInt8((weighted.2 + alphaSum / 2) / alphaSum)
                        } else {
                            dst[d] = UInt8((plain.0 + count / 2) / count)
                            dst[d + 1] = UInt8((plain.1 + count / 2) / count)
                            dst[d + 2] = UInt8((plain.2 + count / 2) / count)
                        }
                        dst[d + 3] = UInt8((alphaSum + count / 2) / count)
                    }
                }
            }
        }
        return result
    }
}
