import CZlib
import FileIO

/// One zlib or gzip stream inflated as its bytes are asked for: the output grows only as far as a
/// reader needs (``ensure(_:)``), never to a size a header merely declares, and the compressed input
/// is read in 64 KiB chunks, so memory follows the data that really arrives.
///
/// A stream that inflates to more than its declared size, ends before a requested byte, is damaged or
/// is followed by more bytes is an error naming the file.
final class StreamInflater {
    /// Where the compressed bytes come from.
    enum Input {
        /// Bytes in memory.
        case memory([UInt8])
        /// `range` of an open file, read a chunk at a time.
        case file(RandomAccessFile, Range<Int>)
    }

    /// Bytes of one chunk of compressed input (and of one round of output).
    static let chunkSize = 1 << 16

    /// The inflated bytes so far.
    private(set) var output: [UInt8] = []
    /// The size the wrapper's header declares.
    let declaredSize: Int
    private let input: Input
    private let file: String
    private let what: String
    private var stream = z_stream()
    private var chunk: [UInt8] = []
    private var chunkOffset = 0
    private var inputOffset = 0
    private var ended = false

    /// Starts inflating `input` (nothing is inflated yet).
    /// - Throws: ``TextureFormatError`` when zlib cannot start.
    init(framing: Zlib.Framing, declaredSize: Int, input: Input, file: String, what: String) throws {
        self.declaredSize = declaredSize
        self.input = input
        self.file = file
        self.what = what
        guard inflateInit2_(&stream, framing.windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else {
            throw TextureFormatError.io(file: file, reason: "zlib could not start inflating \(what)")
        }
    }

    deinit {
        inflateEnd(&stream)
    }

    /// Inflates until at least `end` bytes are out (`end` at most ``declaredSize``).
    /// - Throws: ``TextureFormatError``: the stream ends, is damaged or inflates past the declared size.
    func ensure(_ end: Int) throws {
        guard output.count < end else { return }
        while output.count < end {
            guard !ended else {
                throw TextureFormatError.invalidHeader(
                    file: file,
                    reason: "\(what) inflates to \(output.count) bytes but its header declares \(declaredSize)")
            }
            try step(upTo: end)
        }
    }

    /// Inflates the rest and checks that the stream ends exactly at the declared size with no bytes after it.
    /// - Throws: ``TextureFormatError`` as ``ensure(_:)``, or for a size other than declared or trailing input.
    func finish() throws {
        try ensure(declaredSize)
        while !ended { try step(upTo: declaredSize + 1) }
        guard output.count == declaredSize else {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "\(what) inflates to \(output.count) bytes but its header declares \(declaredSize)")
        }
        let unread = chunk.count - chunkOffset + remainingInput
        guard unread == 0 else {
            throw TextureFormatError.trailingData(file: file, byteCount: unread)
        }
    }

    /// Compressed bytes not yet fetched into ``chunk``.
    private var remainingInput: Int {
        switch input {
        case .memory(let bytes): return bytes.count - inputOffset
        case .file(_, let range): return range.count - inputOffset
        }
    }

    /// One `inflate` call producing at most `end - output.count` bytes (at least 1, at most a chunk),
    /// appended to ``output``.
    private func step(upTo end: Int) throws {
        if chunkOffset == chunk.count {
            let count = min(Self.chunkSize, remainingInput)
            switch input {
            case .memory(let bytes): chunk = Array(bytes[inputOffset..<(inputOffset + count)])
            case .file(let source, let range):
                do {
                    chunk = try source.read(at: range.lowerBound + inputOffset, count: count)
                } catch {
                    throw TextureFormatError(error)
                }
            }
            inputOffset += count
            chunkOffset = 0
        }
        var produced = [UInt8](repeating: 0, count: min(max(end - output.count, 1), Self.chunkSize))
        let before = chunkOffset
        let (status, made) = chunk.withUnsafeBufferPointer { source in
            produced.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress.map { $0 + before })
                stream.avail_in = UInt32(source.count - before)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                return (status, target.count - Int(stream.avail_out))
            }
        }
        chunkOffset = chunk.count - Int(stream.avail_in)
        guard made <= declaredSize - output.count else {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "\(what) inflates to more than the \(declaredSize) bytes its header declares")
        }
        if output.count + made > output.capacity {
            // Doubling as bytes arrive, never past what the reader asked for.
            output.reserveCapacity(min(max(end, output.count + made), max(output.capacity * 2, output.count + made)))
        }
        output.append(contentsOf: produced[0..<made])
        switch status {
        case Z_STREAM_END:
            ended = true
        case Z_OK:
            break
        case Z_BUF_ERROR where made == 0 && chunkOffset == chunk.count && remainingInput == 0:
            throw TextureFormatError.truncated(
                file: file, reason: "\(what) ends after \(output.count) of \(declaredSize) bytes")
        case Z_BUF_ERROR:
            break
        default:
            let message = stream.msg.map { String(cString: $0) } ?? "status \(status)"
            throw TextureFormatError.invalidHeader(file: file, reason: "\(what) is damaged (zlib: \(message))")
        }
        if status == Z_OK, made == 0, chunkOffset == chunk.count, remainingInput == 0 {
            throw TextureFormatError.truncated(
                file: file, reason: "\(what) ends after \(output.count) of \(declaredSize) bytes")
        }
    }
}
