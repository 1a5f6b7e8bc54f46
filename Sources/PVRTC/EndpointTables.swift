/// Endpoint expansion split by byte, built from ``PVRTCEndpoint/expanded(slotB:)``.
///
/// Every ARGB 4555 channel of an endpoint depends on the bits of one byte of its 16-bit half (the bit-repeat
/// stays inside that byte), except opaque green, whose five bits span both bytes and are not repeated, and
/// the opaque flag in bit 15. So each half expands as `low[flag, low byte] + high[high byte]`, where the
/// low-byte entry leaves alpha out. Entries are in the decoder's lane layout: (A.r, A.g, A.b, 2·A.a) in
/// lanes 0–3 or (B.r, B.g, B.b, 2·B.a) in lanes 4–7, zeros elsewhere.
enum EndpointTables {
    /// Offsets of the four tables in ``entries``: 512 low-byte entries (flag × byte) and 256 high-byte ones each.
    static let lowA = 0, highA = 512, lowB = 768, highB = 1280

    /// The four tables, 1536 entries (24 KiB).
    static let entries: [SIMD8<Int16>] = {
        func lanes(_ e: (red: Int, green: Int, blue: Int, alpha: Int), slotB: Bool, alpha: Bool) -> SIMD8<Int16> {
            let four = SIMD4<Int16>(Int16(e.red), Int16(e.green), Int16(e.blue), alpha ? Int16(2 * e.alpha) : 0)
            return slotB ? SIMD8(lowHalf: .zero, highHalf: four) : SIMD8(lowHalf: four, highHalf: .zero)
        }
        func endpoint(_ half: UInt32, slotB: Bool) -> PVRTCEndpoint {
            slotB ? PVRTCEndpoint(packedB: half) : PVRTCEndpoint(packedA: (half >> 1) & 0x7FFF)
        }
        var entries: [SIMD8<Int16>] = []
        for slotB in [false, true] {
            for index in UInt32(0)..<512 {
                let half = (index & 0x100) << 7 | (index & 0xFF)
                entries.append(lanes(endpoint(half, slotB: slotB).expanded(slotB: slotB), slotB: slotB, alpha: false))
            }
            for byte in UInt32(0)..<256 {
                entries.append(
                    lanes(endpoint(byte << 8, slotB: slotB).expanded(slotB: slotB), slotB: slotB, alpha: true))
            }
        }
        return entries
    }()
}
