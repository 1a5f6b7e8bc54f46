/// A rectangle of pixels: `x ..< x + width` by `y ..< y + height`, origin at the top-left corner,
/// y growing downwards. It names a region of an image (a crop) or of a render target (where to draw).
public struct PixelRect: Sendable, Hashable {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a rectangle.
    /// - Parameters:
    ///   - x: left column.
    ///   - y: top row.
    ///   - width: width in pixels.
    ///   - height: height in pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// True when the rectangle is non-empty and lies inside an image of the given size.
    /// - Parameters:
    ///   - imageWidth: the image's width.
    ///   - imageHeight: the image's height.
    public func fits(imageWidth: Int, imageHeight: Int) -> Bool {
        x >= 0 && y >= 0 && width > 0 && height > 0 && x <= imageWidth - width && y <= imageHeight - height
    }
}
