import FileIO
import Foundation

/// The bytes of one texture file, handed to the container readers as they ask for them: a header,
/// its metadata, then only the level data the header has proved valid (sizes checked, the pixel limit
/// applied). A file in memory is sliced; a file on disk is read with `pread`; a `.pvr.ccz` or
/// `.pvr.gz` file is inflated as far as the reader has asked (``StreamInflater``). So a header that
/// lies about sizes costs nothing, and a file far larger than its header says is never read whole.
final class ContainerSource {
    /// Names the file in errors.
    let file: String
    /// The compression wrapper, if any.
    let wrapper: TextureContainer?
    /// Bytes of the container file (inside its wrapper: the inflated size the wrapper declares).
    let size: Int
    /// Bytes of the file as stored (for a wrapped file, its compressed size).
    let storedSize: Int

    private enum Storage {
        case memory([UInt8])
        case file(RandomAccessFile)
        case inflating(StreamInflater)
    }

    private let storage: Storage

    /// A file already in memory (`bytes`: the whole file, wrapped or bare).
    /// - Throws: ``TextureFormatError`` for a malformed wrapper header.
    init(bytes: [UInt8], file: String) throws {
        self.file = file
        storedSize = bytes.count
        let header = try CompressedTextureWrapper.header(
            head: Array(bytes.prefix(CompressedTextureWrapper.cczHeaderSize)), tail: Array(bytes.suffix(4)),
            fileSize: bytes.count, file: file)
        if let header {
            wrapper = header.wrapper
            size = header.declaredSize
            storage = .inflating(
                try StreamInflater(
                    framing: header.framing, declaredSize: header.declaredSize,
                    input: .memory(Array(bytes[header.stream])), file: file, what: header.what))
        } else {
            wrapper = nil
            size = bytes.count
            storage = .memory(bytes)
        }
    }

    /// The file at `url`, opened (nothing but a wrapper's header is read yet).
    /// - Throws: ``TextureFormatError`` naming the file as given: it cannot be opened or read, or its
    ///   wrapper header is malformed.
    init(url: URL) throws {
        let opened: RandomAccessFile
        do {
            opened = try RandomAccessFile(url)
        } catch {
            throw TextureFormatError(error)
        }
        file = opened.name
        storedSize = opened.size
        let head = try Self.read(opened, at: 0, count: min(opened.size, CompressedTextureWrapper.cczHeaderSize))
        let header = try CompressedTextureWrapper.header(
            head: head, tail: try Self.read(opened, at: opened.size - 4, count: 4), fileSize: opened.size,
            file: opened.name)
        if let header {
            wrapper = header.wrapper
            size = header.declaredSize
            storage = .inflating(
                try StreamInflater(
                    framing: header.framing, declaredSize: header.declaredSize, input: .file(opened, header.stream),
                    file: opened.name, what: header.what))
        } else {
            wrapper = nil
            size = opened.size
            storage = .file(opened)
        }
    }

    /// The bytes in `range` of the container file.
    /// - Throws: ``TextureFormatError/truncated(file:reason:)`` naming `what` when the range runs past
    ///   the end; a wrapper's stream errors.
    func bytes(_ range: Range<Int>, what: String) throws -> [UInt8] {
        try require(range.upperBound, what: what)
        switch storage {
        case .memory(let bytes): return Array(bytes[range])
        case .file(let opened): return try Self.read(opened, at: range.lowerBound, count: range.count)
        case .inflating(let inflater):
            try inflater.ensure(range.upperBound)
            return Array(inflater.output[range])
        }
    }

    /// The first `end` bytes of the container file, in one buffer: the data a described texture keeps.
    /// A wrapped file read to its end is checked to end there (its stream ends, nothing follows).
    /// - Throws: as ``bytes(_:what:)``.
    func prefix(_ end: Int, what: String) throws -> [UInt8] {
        try require(end, what: what)
        switch storage {
        case .memory(let bytes): return end == bytes.count ? bytes : Array(bytes[..<end])
        case .file(let opened): return try Self.read(opened, at: 0, count: end)
        case .inflating(let inflater):
            if end == size {
                try inflater.finish()
            } else {
                try inflater.ensure(end)
            }
            return inflater.output.count == end ? inflater.output : Array(inflater.output[..<end])
        }
    }

    /// Throws unless the container file has `end` bytes.
    func require(_ end: Int, what: String) throws {
        guard end <= size else {
            throw TextureFormatError.truncated(file: file, reason: "\(what) need \(end) bytes but the file has \(size)")
        }
    }

    private static func read(_ opened: RandomAccessFile, at offset: Int, count: Int) throws -> [UInt8] {
        do {
            return try opened.read(at: max(offset, 0), count: count)
        } catch {
            throw TextureFormatError(error)
        }
    }
}
