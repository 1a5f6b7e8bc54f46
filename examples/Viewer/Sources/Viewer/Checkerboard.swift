import Imaging

/// The grey checkerboard shown behind transparent texels.
enum Checkerboard {
    /// Side of one square in pixels.
    static let square = 8

    /// A `width` x `height` opaque checkerboard of light and dark grey squares.
    static func image(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: (0, 0, 0, 255))
        for y in 0..<height {
            for x in 0..<width {
                let light = ((x / square) + (y / square)) % 2 == 0
                let value: UInt8 = light ? 204 : 153
                image[x, y] = (value, value, value, 255)
            }
        }
        return image
    }
}
