/// The most pixels one image may have before pvrc allocates memory for it.
///
/// Every reader and every stage that allocates per pixel (PNG decoding, padding and resizing,
/// mip chains, the encoder's workspace, GPU read-back, texture decoding and loading) checks the
/// size an input *declares* against a limit before it allocates, so a small file that claims a huge
/// size (a decompression bomb) costs nothing. Memory then grows linearly with the limit: an RGBA
/// image takes 4 bytes per pixel, and an encode needs a small multiple of that.
public struct PixelLimit: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The largest accepted `width * height`.
    public var maximumPixels: Int

    /// The default limit: 4096 x 4096 = 16,777,216 pixels (64 MiB of RGBA).
    public static let standard = PixelLimit(maximumPixels: 4096 * 4096)

    /// No limit beyond what the formats themselves allow.
    public static let unlimited = PixelLimit(maximumPixels: Int.max)

    /// Creates a limit of `maximumPixels` pixels (values below 1 count as 1).
    /// - Parameter maximumPixels: the largest accepted `width * height`.
    public init(maximumPixels: Int) {
        self.maximumPixels = max(maximumPixels, 1)
    }

    /// Whether a `width` x `height` image is within the limit (sizes below 1 are not this check's concern).
    /// - Parameters:
    ///   - width: the image's width in pixels.
    ///   - height: the image's height in pixels.
    public func permits(width: Int, height: Int) -> Bool {
        let (pixels, overflow) = max(width, 0).multipliedReportingOverflow(by: max(height, 0))
        return !overflow && pixels <= maximumPixels
    }

    /// Throws unless a `width` x `height` image is within the limit.
    /// - Parameters:
    ///   - width: the image's width in pixels.
    ///   - height: the image's height in pixels.
    ///   - what: what has that size, for the message ("image", "padded image", "render target").
    /// - Throws: ``PixelLimitError``.
    public func check(width: Int, height: Int, what: String = "image") throws(PixelLimitError) {
        guard permits(width: width, height: height) else {
            throw PixelLimitError(width: width, height: height, limit: self, what: what)
        }
    }

    /// `16777216 pixels (4096x4096)`; the side is shown when the limit is a square number.
    public var description: String {
        let side = Int(Double(maximumPixels).squareRoot())
        return side * side == maximumPixels ? "\(maximumPixels) pixels (\(side)x\(side))" : "\(maximumPixels) pixels"
    }
}
