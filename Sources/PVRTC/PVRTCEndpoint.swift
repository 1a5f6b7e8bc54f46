/// One endpoint colour of a block, in the precision it is stored with.
///
/// | slot | opaque | translucent |
/// |---|---|---|
/// | A | RGB 5-5-4 | ARGB 3-4-4-3 |
/// | B | RGB 5-5-5 | ARGB 3-4-4-4 |
///
/// `alpha` is meaningful only for translucent endpoints (0...7); opaque endpoints decode with full alpha.
public struct PVRTCEndpoint: Sendable, Hashable {
    /// True for an opaque endpoint (flag bit set).
    public var isOpaque: Bool
    /// Red in stored precision (5 bits opaque, 4 bits translucent).
    public var red: Int
    /// Green in stored precision (5 bits opaque, 4 bits translucent).
    public var green: Int
    /// Blue in stored precision (A: 4 opaque / 3 translucent; B: 5 opaque / 4 translucent).
    public var blue: Int
    /// Alpha in stored precision (3 bits, translucent only; 0 for opaque endpoints).
    public var alpha: Int

    /// Creates an endpoint from channel values already in stored precision.
    @inlinable
    public init(isOpaque: Bool, red: Int, green: Int, blue: Int, alpha: Int = 0) {
        self.isOpaque = isOpaque
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = isOpaque ? 0 : alpha
    }

    /// Bit widths (red, green, blue, alpha) of a slot's fields.
    @inlinable
    public static func bits(slotB: Bool, opaque: Bool) -> (red: Int, green: Int, blue: Int, alpha: Int) {
        if opaque { return (5, 5, slotB ? 5 : 4, 0) }
        return (4, 4, slotB ? 4 : 3, 3)
    }

    /// Unpacks colour A from the 15 bits at colour-word bits 1–15.
    @inlinable
    public init(packedA v: UInt32) {
        if v & 0x4000 != 0 {
            self.init(isOpaque: true, red: Int((v >> 9) & 31), green: Int((v >> 4) & 31), blue: Int(v & 15))
        } else {
            self.init(
                isOpaque: false, red: Int((v >> 7) & 15), green: Int((v >> 3) & 15), blue: Int(v & 7),
                alpha: Int((v >> 11) & 7))
        }
    }

    /// Unpacks colour B from the 16 bits at colour-word bits 16–31.
    @inlinable
    public init(packedB v: UInt32) {
        if v & 0x8000 != 0 {
            self.init(isOpaque: true, red: Int((v >> 10) & 31), green: Int((v >> 5) & 31), blue: Int(v & 31))
        } else {
            self.init(
                isOpaque: false, red: Int((v >> 8) & 15), green: Int((v >> 4) & 15), blue: Int(v & 15),
                alpha: Int((v >> 12) & 7))
        }
    }

    /// The 15-bit field for slot A.
    @inlinable
    public var packedA: UInt32 {
        if isOpaque {
            return 0x4000 | UInt32(red & 31) << 9 | UInt32(green & 31) << 4 | UInt32(blue & 15)
        }
        return UInt32(alpha & 7) << 11 | UInt32(red & 15) << 7 | UInt32(green & 15) << 3 | UInt32(blue & 7)
    }

    /// The 16-bit field for slot B.
    @inlinable
    public var packedB: UInt32 {
        if isOpaque {
            return 0x8000 | UInt32(red & 31) << 10 | UInt32(green & 31) << 5 | UInt32(blue & 31)
        }
        return UInt32(alpha & 7) << 12 | UInt32(red & 15) << 8 | UInt32(green & 15) << 4 | UInt32(blue & 15)
    }

    /// The endpoint widened to the "ARGB 4555" interpolation precision: R, G, B in 0...31 by bit
    /// repetition, alpha in 0...15 (translucent alpha `a` becomes `2a`, opaque is 15).
    @inlinable
    public func expanded(slotB: Bool) -> (red: Int, green: Int, blue: Int, alpha: Int) {
        if isOpaque {
            let b5 = slotB ? blue : (blue << 1) | (blue >> 3)
            return (red, green, b5, 15)
        }
        let b5 = slotB ? (blue << 1) | (blue >> 3) : (blue << 2) | (blue >> 1)
        return ((red << 1) | (red >> 3), (green << 1) | (green >> 3), b5, alpha << 1)
    }
}
