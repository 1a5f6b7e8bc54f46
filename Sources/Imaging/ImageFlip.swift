/// Mirrors an image horizontally and/or vertically.
///
/// `pvrc encode --flip y` stores the bottom row first, as OpenGL engines that put t = 0 at the bottom
/// expect; `--flip x` stores the right-most column first. Readers undo the flip from the file's
/// orientation metadata with the same operation.
public enum ImageFlip {
    /// Returns `image` mirrored.
    ///
    /// - Parameters:
    ///   - image: Any size.
    ///   - horizontally: Reverse the order of the columns (x).
    ///   - vertically: Reverse the order of the rows (y).
    /// - Returns: A new image of the same size; `image` itself when neither flag is set.
    public static func flipped(_ image: RGBAImage, horizontally: Bool, vertically: Bool) -> RGBAImage {
        guard horizontally || vertically else { return image }
        let w = image.width
        let h = image.height
        var result = image
        image.pixels.withUnsafeBufferPointer { src in
            result.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let sy = vertically ? h - 1 - y : y
                    for x in 0..<w {
                        let sx = horizontally ? w - 1 - x : x
                        let s = (sy * w + sx) * 4
                        let d = (y * w + x) * 4
                        dst[d] = src[s]
                        dst[d + 1] = src[s + 1]
                        dst[d + 2] = src[s + 2]
                        dst[d + 3] = src[s + 3]
                    }
                }
            }
        }
        return result
    }
}
