import Imaging
import PVRTC
import PVRTCSearch

/// Checks that an image can become a PVRTC1 texture and, when asked, pads or stretches it to a
/// square power-of-two size.
///
/// PVRTC1 itself needs power-of-two sides; Apple's iOS drivers additionally refuse non-square
/// PVRTC textures, so pvrc refuses non-square input too (even when both sides are powers of two)
/// unless a `square` policy says how to square it or `allowRectangular` accepts it. Nothing is
/// resized silently.
///
/// - `pad` enlarges the canvas, keeping the image at the top-left corner at its original scale,
///   so texture coordinates of the original area scale by `original / padded`. Pad pixels repeat
///   the nearest edge pixel's colour. For an image with any transparency they get alpha 0
///   (invisible; the colour keeps the edge continuous for the encoder); for an opaque image they
///   keep the edge's alpha, so the texture stays opaque (RGB) and edge-extended.
/// - `stretch` resamples the whole image with `ImageResampler` (Lanczos-3, alpha-weighted).
///
/// With both policies the image is first made square (side = the longer side), then each side is
/// taken to the next power of two; two `stretch` policies resample once, straight to the final size.
///
/// PVRTC2 stores any size, so its preparation requires nothing and only applies the policies that are
/// given (``resized(_:square:pot:pixelLimit:)``).
package enum PVRTC1Sizing {
    /// How to reach a required size.
    package typealias Policy = ResizePolicy

    /// Returns `image` ready for PVRTC1: square, power-of-two sides.
    ///
    /// - Parameters:
    ///   - image: The source image.
    ///   - square: How to make a non-square image square; `nil` refuses non-square images.
    ///   - pot: How to reach power-of-two sides; `nil` refuses other sizes.
    ///   - allowRectangular: Accept non-square sizes (both sides powers of two once `pot` is applied)
    ///     when `square` is `nil`; iOS refuses such textures, other PVRTC1 decoders handle them.
    ///   - pixelLimit: The most pixels the source and the result may have; checked before the
    ///     result is allocated.
    /// - Throws: ``EncodingError/unsupportedSize(width:height:needsSquare:needsPowerOfTwo:)`` when a
    ///   needed policy is missing; ``EncodingError/tooLarge(width:height:maximum:)`` when the result
    ///   would exceed `PVRTCImage.maximumDimension`; ``EncodingError/exceedsPixelLimit(_:)`` when the
    ///   source or the result has more pixels than `pixelLimit`.
    package static func prepare(
        _ image: RGBAImage, square: Policy?, pot: Policy?, allowRectangular: Bool = false,
        pixelLimit: PixelLimit = .unlimited
    ) throws -> RGBAImage {
        let (w, h) = (image.width, image.height)
        try limit(width: w, height: h, what: "image", pixelLimit)
        if w == h && isPowerOfTwo(w) { return try checked(image) }
        if allowRectangular && square == nil && isPowerOfTwo(w) && isPowerOfTwo(h) { return try checked(image) }

        let squareSide = max(w, h)
        let afterSquare = square == nil ? (w, h) : (squareSide, squareSide)
        let needsSquare = w != h && square == nil && !allowRectangular
        let needsPot = (!isPowerOfTwo(afterSquare.0) || !isPowerOfTwo(afterSquare.1)) && pot == nil
        if needsSquare || needsPot {
            throw EncodingError.unsupportedSize(
                width: w, height: h, needsSquare: needsSquare, needsPowerOfTwo: needsPot)
        }

        let final = preparedSize(width: w, height: h, square: square, pot: pot, allowRectangular: allowRectangular)
        return try resize(image, afterSquare: afterSquare, to: final, square: square, pot: pot, pixelLimit, "PVRTC1")
    }

    /// Returns `image` resized by the policies given and by nothing else, for PVRTC2 (which stores any
    /// size): made square with a `square` policy, its sides taken to powers of two with a `pot` policy;
    /// unchanged without either.
    ///
    /// - Parameters:
    ///   - image: The source image.
    ///   - square: How to make a non-square image square, or `nil` to keep its shape.
    ///   - pot: How to reach power-of-two sides, or `nil` to keep their lengths.
    ///   - pixelLimit: The most pixels the source and the result may have; checked before the result is
    ///     allocated.
    /// - Throws: ``EncodingError/tooLarge(width:height:maximum:)`` when a side would exceed
    ///   `PVRTCImage.maximumDimension`; ``EncodingError/exceedsPixelLimit(_:)`` when the source or the
    ///   result has more pixels than `pixelLimit`.
    package static func resized(_ image: RGBAImage, square: Policy?, pot: Policy?, pixelLimit: PixelLimit = .unlimited)
        throws -> RGBAImage
    {
        let (w, h) = (image.width, image.height)
        try limit(width: w, height: h, what: "image", pixelLimit)
        let afterSquare = square == nil ? (w, h) : (max(w, h), max(w, h))
        let final = preparedSize(width: w, height: h, square: square, pot: pot, allowRectangular: true)
        if final == (w, h) { return try checked(image, format: .pvrtc2_4bpp) }
        return try resize(image, afterSquare: afterSquare, to: final, square: square, pot: pot, pixelLimit, "PVRTC2")
    }

    /// Resizes `image` to `final` through `afterSquare` (`square`'s result) by the policies, after
    /// checking `final` against the largest side and `pixelLimit`; `generation` names the format in
    /// the pixel limit's message.
    private static func resize(
        _ image: RGBAImage, afterSquare: (Int, Int), to final: (Int, Int), square: Policy?, pot: Policy?,
        _ pixelLimit: PixelLimit, _ generation: String
    ) throws -> RGBAImage {
        guard final.0 <= PVRTCImage.maximumDimension, final.1 <= PVRTCImage.maximumDimension else {
            throw EncodingError.tooLarge(width: final.0, height: final.1, maximum: PVRTCImage.maximumDimension)
        }
        try limit(width: final.0, height: final.1, what: "image resized for \(generation)", pixelLimit)
        if square != .pad && pot != .pad {
            return try ImageResampler.resize(image, width: final.0, height: final.1)
        }
        var result = image
        if let square {
            result = try resize(result, to: afterSquare, policy: square)
        }
        if let pot {
            result = try resize(result, to: final, policy: pot)
        }
        return result
    }

    /// The size ``prepare(_:square:pot:allowRectangular:pixelLimit:)`` gives a `width` x `height` image
    /// when it does not refuse it: unchanged when square with power-of-two sides (or rectangular and
    /// allowed), else squared to the longer side with a `square` policy, then raised to powers of two with
    /// a `pot` policy. It is also the size ``resized(_:square:pot:pixelLimit:)`` gives (PVRTC2), which
    /// refuses nothing.
    package static func preparedSize(width w: Int, height h: Int, square: Policy?, pot: Policy?, allowRectangular: Bool)
        -> (Int, Int)
    {
        if w == h && isPowerOfTwo(w) { return (w, h) }
        if allowRectangular && square == nil && isPowerOfTwo(w) && isPowerOfTwo(h) { return (w, h) }
        let side = max(w, h)
        let afterSquare = square == nil ? (w, h) : (side, side)
        return pot == nil ? afterSquare : (nextPowerOfTwo(afterSquare.0), nextPowerOfTwo(afterSquare.1))
    }

    /// Enlarges the canvas to `width` x `height` (each at least the image's), image at the top-left.
    ///
    /// Pad pixels repeat the nearest edge pixel; when the image has any transparency their alpha is
    /// 0, otherwise they keep the edge pixel's alpha (so an opaque image stays opaque).
    package static func pad(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        precondition(width >= image.width && height >= image.height, "padding cannot shrink an image")
        let transparentPad = image.hasTransparency
        var result = RGBAImage(width: width, height: height)
        image.pixels.withUnsafeBufferPointer { src in
            result.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let sy = min(y, image.height - 1)
                    for x in 0..<width {
                        let sx = min(x, image.width - 1)
                        let s = (sy * image.width + sx) * 4
                        let d = (y * width + x) * 4
                        dst[d] = src[s]
                        dst[d + 1] = src[s + 1]
                        dst[d + 2] = src[s + 2]
                        let inside = x < image.width && y < image.height
                        dst[d + 3] = inside || !transparentPad ? src[s + 3] : 0
                    }
                }
            }
        }
        return result
    }

    /// The smallest power of two that is at least `n` (n >= 1).
    package static func nextPowerOfTwo(_ n: Int) -> Int {
        var p = 1
        while p < n { p <<= 1 }
        return p
    }

    private static func isPowerOfTwo(_ n: Int) -> Bool { n > 0 && n.nonzeroBitCount == 1 }

    private static func resize(_ image: RGBAImage, to size: (Int, Int), policy: Policy) throws -> RGBAImage {
        if size == (image.width, image.height) { return image }
        switch policy {
        case .pad: return pad(image, width: size.0, height: size.1)
        case .stretch: return try ImageResampler.resize(image, width: size.0, height: size.1)
        }
    }

    private static func limit(width: Int, height: Int, what: String, _ pixelLimit: PixelLimit) throws {
        do {
            try pixelLimit.check(width: width, height: height, what: what)
        } catch {
            throw EncodingError.exceedsPixelLimit(error)
        }
    }

    private static func checked(_ image: RGBAImage, format: PVRTCFormat = .pvrtc1_4bpp) throws -> RGBAImage {
        try PVRTCImage.validate(width: image.width, height: image.height, format: format)
        return image
    }
}
