import PVRTC

/// Colour words assembled bit by bit from the layout table in docs `pvrtc-reference.md` A.1, independent of
/// `PVRTCEndpoint`'s packing code. Bit 0 (the mode flag) is left clear.
enum ColorWord {
    /// Colour A opaque: flag bit 15, R5 bits 10–14, G5 bits 5–9, B4 bits 1–4.
    static func opaqueA(_ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 { 1 << 15 | r << 10 | g << 5 | b << 1 }
    /// Colour A translucent: A3 bits 12–14, R4 bits 8–11, G4 bits 4–7, B3 bits 1–3.
    static func translucentA(_ a: UInt32, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 {
        a << 12 | r << 8 | g << 4 | b << 1
    }
    /// Colour B opaque: flag bit 31, R5 bits 26–30, G5 bits 21–25, B5 bits 16–20.
    static func opaqueB(_ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 { 1 << 31 | r << 26 | g << 21 | b << 16 }
    /// Colour B translucent: A3 bits 28–30, R4 bits 24–27, G4 bits 20–23, B4 bits 16–19.
    static func translucentB(_ a: UInt32, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 {
        a << 28 | r << 24 | g << 20 | b << 16
    }
    /// A modulation word with the same two-bit value for all 16 pixels.
    static func uniformModulation(_ bits: UInt32) -> UInt32 { bits * 0x5555_5555 }
}
