import CZlib

/// zlib (Debian's `libz`) for the compressed PVR wrappers: one-shot inflate into a buffer of a size
/// known in advance, and one-shot deflate.
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
    /// The output buffer is allocated once, at `expectedSize` plus one byte (the caller has checked
    /// `expectedSize` against its limit): a stream that fills the extra byte is longer than declared
    /// (a zip bomb), and one that ends early, is damaged or is followed by more bytes is an error too.
    /// - Throws: ``TextureFormatError`` naming `file`, `what` and the problem.
    static func inflate(
        _ input: ArraySlice<UInt8>, framing: Framing, expectedSize: Int, file: String, what: String
    ) throws -> [UInt8] {
        guard input.count <= Int(UInt32.max), expectedSize < Int(UInt32.max) else {
            throw TextureFormatError.unsupportedFeature(file: file, reason: "\(what) is larger than 4 GiB")
        }
        var output = [UInt8](repeating: 0, count: expectedSize + 1)
        var stream = z_stream()
        guard inflateInit2_(&stream, framing.windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else {
            throw TextureFormatError.io(file: file, reason: "zlib could not start inflating \(what)")
        }
        defer { inflateEnd(&stream) }
        let status: Int32 = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        if stream.total_out > UInt(expectedSize) {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "\(what) inflates to more than the \(expectedSize) bytes its header declares")
        }
        switch status {
        case Z_STREAM_END:
            break
        case Z_BUF_ERROR:
            throw TextureFormatError.truncated(
                file: file, reason: "\(what) ends after \(stream.total_out) of \(expectedSize) bytes")
        default:
            let message = stream.msg.map { String(cString: $0) } ?? "status \(status)"
            throw TextureFormatError.invalidHeader(file: file, reason: "\(what) is damaged (zlib: \(message))")
        }
        guard stream.total_out == UInt(expectedSize) else {
            throw TextureFormatError.invalidHeader(
                file: file,
                reason: "\(what) inflates to \(stream.total_out) bytes but its header declares \(expectedSize)")
        }
        guard stream.avail_in == 0 else {
            throw TextureFormatError.trailingData(file: file, byteCount: Int(stream.avail_in))
        }
        output.removeLast()
        return output
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
