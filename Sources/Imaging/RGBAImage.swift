/// An 8-bit RGBA image, rows stored top row first, four bytes per pixel (R, G, B, A).
///
/// This is the pixel currency of pvrc: PNG files decode into it, the encoder consumes it
/// and the decoder produces it.
public struct RGBAImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Interleaved RGBA bytes, `width * height * 4` of them, top row first.
    public var pixels: [UInt8]

    /// Wraps existing RGBA bytes.
    /// - Throws: ``ImagingError/invalidDimensions(width:height:reason:)`` for non-positive sizes,
    ///   ``ImagingError/bufferSizeMismatch(expected:actual:)`` when `pixels` has the wrong length.
    public init(width: Int, height: Int, pixels: [UInt8]) throws {
        guard width > 0, height > 0 else {
            throw ImagingError.invalidDimensions(width: width, height: height, reason: "sizes must be positive")
        }
        let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
        let (count, countOverflow) = area.multipliedReportingOverflow(by: 4)
        let overflow = areaOverflow || countOverflow
        guard !overflow, count == pixels.count else {
            throw ImagingError.bufferSizeMismatch(expected: overflow ? Int.max : count, actual: pixels.count)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Creates an image filled with one colour.
    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, 0, 0)) {
        precondition(width > 0 && height > 0, "RGBAImage sizes must be positive")
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = fill.r
            pixels[i + 1] = fill.g
            pixels[i + 2] = fill.b
            pixels[i + 3] = fill.a
        }
        self.pixels = pixels
    }

    /// The byte offset of pixel (x, y) in ``pixels``.
    @inlinable
    public func offset(x: Int, y: Int) -> Int { (y * width + x) * 4 }

    /// Reads pixel (x, y).
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        get {
            let o = offset(x: x, y: y)
            return (pixels[o], pixels[o + 1], pixels[o + 2], pixels[o + 3])
        }
        set {
            let o = offset(x: x, y: y)
            pixels[o] = newValue.r
            pixels[o + 1] = newValue.g
            pixels[o + 2] = newValue.b
            pixels[o + 3] = newValue.a
        }
    }

    /// True when any pixel has alpha below 255.
    public var hasTransparency: Bool {
        pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return true }
                i += 4
            }
            return false
        }
    }

    /// True when both sides are powers of two and equal.
    public var isSquarePowerOfTwo: Bool {
        width == height && width.nonzeroBitCount == 1
    }
}

extension RGBAImage: CustomStringConvertible {
    /// For example `256x256 RGBA image`.
    public var description: String { "\(width)x\(height) RGBA image" }
}
