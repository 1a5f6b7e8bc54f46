/// One PVRTC1 4bpp block word: 32 bits of modulation (two bits per pixel, row y in byte y, pixel x at
/// bit 2x of that byte) and 32 bits of colour data (bit 0: punch-through mode flag, bits 1–15: colour A,
/// bits 16–31: colour B). Stored little-endian, modulation word first.
public struct PVRTCBlock: Sendable, Hashable {
    /// The modulation word (bytes 0–3 of the block).
    public var modulation: UInt32
    /// The colour word (bytes 4–7 of the block).
    public var color: UInt32

    /// Creates a block from its two words.
    @inlinable
    public init(modulation: UInt32, color: UInt32) {
        self.modulation = modulation
        self.color = color
    }

    /// Creates a block from endpoints, the mode flag and the modulation word.
    @inlinable
    public init(colorA: PVRTCEndpoint, colorB: PVRTCEndpoint, punchThrough: Bool, modulation: UInt32) {
        self.modulation = modulation
        self.color = (colorB.packedB << 16) | (colorA.packedA << 1) | (punchThrough ? 1 : 0)
    }

    /// Reads eight little-endian bytes starting at `offset`.
    @inlinable
    public init(bytes: [UInt8], at offset: Int) {
        func word(_ o: Int) -> UInt32 {
            UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24
        }
        self.init(modulation: word(offset), color: word(offset + 4))
    }

    /// Writes the block as eight little-endian bytes starting at `offset`.
    @inlinable
    public func store(into bytes: inout [UInt8], at offset: Int) {
        for i in 0..<4 {
            bytes[offset + i] = UInt8(truncatingIfNeeded: modulation >> (8 * UInt32(i)))
            bytes[offset + 4 + i] = UInt8(truncatingIfNeeded: color >> (8 * UInt32(i)))
        }
    }

    /// True when the block uses the punch-through modulation mode (M = 1).
    @inlinable
    public var usesPunchThrough: Bool { color & 1 != 0 }

    /// Colour A (15 bits: opaque RGB 554 or translucent ARGB 3443).
    @inlinable
    public var colorA: PVRTCEndpoint { PVRTCEndpoint(packedA: (color >> 1) & 0x7FFF) }

    /// Colour B (16 bits: opaque RGB 555 or translucent ARGB 3444).
    @inlinable
    public var colorB: PVRTCEndpoint { PVRTCEndpoint(packedB: color >> 16) }

    /// The two-bit modulation value of pixel (x, y) inside the block, 0...3.
    @inlinable
    public func modulationValue(x: Int, y: Int) -> Int {
        Int((modulation >> UInt32(2 * (4 * y + x))) & 3)
    }
}
