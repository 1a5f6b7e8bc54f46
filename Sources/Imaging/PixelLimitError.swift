/// An image (or something sized like one) is larger than the ``PixelLimit`` in force; thrown before
/// anything of that size is allocated. The same error comes from every library (PNG reading, the
/// encoder, texture decoding, rendering, the loader), wrapped with the file's name where there is one.
public struct PixelLimitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The declared or requested width.
    public var width: Int
    /// The declared or requested height.
    public var height: Int
    /// The limit that refused it.
    public var limit: PixelLimit
    /// What has that size ("image", "padded image", "render target", ...).
    public var what: String

    /// Creates the error.
    /// - Parameters:
    ///   - width: the declared or requested width.
    ///   - height: the declared or requested height.
    ///   - limit: the limit that refused it.
    ///   - what: what has that size.
    public init(width: Int, height: Int, limit: PixelLimit, what: String = "image") {
        self.width = width
        self.height = height
        self.limit = limit
        self.what = what
    }

    /// `image is 16384x16384 (268435456 pixels), over the limit of 16777216 pixels (4096x4096)`.
    public var description: String {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        let count = overflow ? "more than \(Int.max)" : "\(pixels)"
        return "\(what) is \(width)x\(height) (\(count) pixels), over the limit of \(limit)"
    }
}
