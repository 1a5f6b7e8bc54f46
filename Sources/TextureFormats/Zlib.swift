import CZlib

/// zlib (Debian's `libz`) for the compressed PVR wrappers: inflate (through ``StreamInflater``) and
/// one-shot deflate.
enum Zlib {
    /// The stream framing zlib reads or writes.
    enum Framing {
        /// A zlib stream (RFC 1950): what cocos2d's CCZ wrapper holds.
        case zlib
        /// A single gzip member (RFC 1952).
        case gzip

        /// `windowBits` for `inflateInit2_` / `deflateInit2_`: 15, plus 16 for gzip.
        var windowBits: Int32 { self == .zlib ? 15 : 31 }
    }

    /// Inflates `input` (one complete stream) into exactly `expectedSize` bytes.
    ///
    /// The output grows as bytes arrive (``StreamInflater``), so a stream that declares more than it
    /// holds costs what it holds; one that inflates to more than `expectedSize` (a zip bomb), ends
    /// early, is damaged or is followed by more bytes is an error.
    /// - Throws: ``TextureFormatError`` naming `file`, `what` and the problem.
    static func inflate(
        _ input: ArraySlice<UInt8>, framing: Framing, expectedSize: Int, file: String, what: String
    ) throws -> [UInt8] {
        let inflater = try StreamInflater(
            framing: framing, declaredSize: expectedSize, input: .memory(Array(input)), file: file, what: what)
        try inflater.finish()
        return inflater.output
    }

    /// Deflates `input` at the best compression level into one stream with `framing`.
    static func deflate(_ input: [UInt8], framing: Framing) -> [UInt8] {
        var stream = z_stream()
        let started = deflateInit2_(
            &stream, Z_BEST_COMPRESSION, Z_DEFLATED, framing.windowBits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        precondition(started == Z_OK, "zlib deflateInit2 failed with \(started)")
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, UInt(input.count)))
        var output = [UInt8](repeating: 0, count: bound)
        let status: Int32 = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        precondition(status == Z_STREAM_END, "zlib deflate into deflateBound bytes returned \(status)")
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }
}
