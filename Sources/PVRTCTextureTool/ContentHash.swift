/// Two 64-bit hashes of some bytes (FNV-1a, and a multiply-rotate hash over the same bytes) and their
/// count, as text: `SIZE-HASH1-HASH2`. Not cryptographic; the tool links no crypto library, and the
/// cache it serves holds the user's own files.
struct ContentHash: CustomStringConvertible {
    /// The FNV-1a hash, 16 hexadecimal digits.
    let first: String
    /// `SIZE-HASH1-HASH2`.
    let description: String

    init(_ bytes: [UInt8]) {
        var fnv: UInt64 = 0xcbf2_9ce4_8422_2325
        var mix: UInt64 = 0x9e37_79b9_7f4a_7c15
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                fnv = (fnv ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                mix = ((mix ^ UInt64(byte)) &* 0xff51_afd7_ed55_8ccd)
                mix = (mix << 31) | (mix >> 33)
            }
        }
        first = Self.hex(fnv)
        description = "\(bytes.count)-\(first)-\(Self.hex(mix))"
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
