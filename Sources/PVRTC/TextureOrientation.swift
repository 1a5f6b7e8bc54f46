import Imaging

/// Which way the stored rows and columns of a texture run, as PVR v3 metadata key 3, KTX
/// `KTXorientation` and the PVR v2 vertical-flip flag record it.
///
/// pvrc's images are upright: row 0 is the top of the picture and column 0 its left edge. A texture
/// whose first stored row is the bottom of the picture (OpenGL's t = 0 at the bottom, `--flip y`) has
/// ``yUp``; one whose first stored column is the right edge has ``xLeft``.
public struct TextureOrientation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// x increases leftwards: the first stored column is the right edge of the picture.
    public var xLeft: Bool
    /// y increases upwards: the first stored row is the bottom of the picture.
    public var yUp: Bool

    /// Creates an orientation; the default is the upright top-down, left-to-right storage.
    /// - Parameters:
    ///   - xLeft: The first stored column is the picture's right edge.
    ///   - yUp: The first stored row is the picture's bottom row.
    public init(xLeft: Bool = false, yUp: Bool = false) {
        self.xLeft = xLeft
        self.yUp = yUp
    }

    /// Rows top-down, columns left to right (what pvrc writes without `--flip`).
    public static let topDown = TextureOrientation()

    /// For example `x right, y down (top row first)` or `x right, y up (bottom row first)`.
    public var description: String {
        let x = xLeft ? "x left (right column first)" : "x right"
        let y = yUp ? "y up (bottom row first)" : "y down (top row first)"
        return "\(x), \(y)"
    }

    /// Turns an image decoded in storage order into the upright picture (top row first, left column first).
    /// Applying it to an upright picture gives the storage order, so the encoder uses it to flip too.
    public func upright(_ stored: RGBAImage) -> RGBAImage {
        ImageFlip.flipped(stored, horizontally: xLeft, vertically: yUp)
    }
}
