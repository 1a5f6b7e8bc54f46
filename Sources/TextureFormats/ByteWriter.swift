/// Appends little-endian integers to a byte array; the container writers build their files with it.
struct ByteWriter {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// Creates an empty writer with room for `capacity` bytes.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends a little-endian `UInt32`.
    mutating func uint32(_ value: UInt32) {
        for i in 0..<4 {
            bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(i))))
        }
    }

    /// Appends a little-endian `UInt64`.
    mutating func uint64(_ value: UInt64) {
        uint32(UInt32(truncatingIfNeeded: value))
        uint32(UInt32(truncatingIfNeeded: value >> 32))
    }

    /// Appends raw bytes.
    mutating func append(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
    }
}
