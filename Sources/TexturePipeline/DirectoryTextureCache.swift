import FileIO
import Foundation
import TextureManifest

/// A cache in a folder (a shared volume, say): `FOLDER/cas/<digest>` and `FOLDER/ac/<key>` files,
/// each written to a temporary file in the same folder and renamed into place, so concurrent writers
/// and readers only ever see complete files. (An nginx serving FOLDER is the same cache over HTTP.)
public struct DirectoryTextureCache: BuildCache {
    /// The cache folder.
    package let folder: URL
    /// The largest texture file accepted from the cache.
    package let maximumFileSize: Int

    /// A cache in `folder` (created on the first store).
    ///
    /// - Parameters:
    ///   - folder: The cache folder.
    ///   - maximumFileSize: The largest texture file accepted.
    public init(folder: URL, maximumFileSize: Int = 1 << 30) {
        self.folder = folder
        self.maximumFileSize = maximumFileSize
    }

    /// The folder as the user named it.
    public var location: String { FileIOError.name(of: folder) }

    /// Reads the pointer, then the file it names, and checks it. Sizes are checked from `stat`
    /// before anything is read: a pointer over `CachePointer.maximumSize` (256) bytes, a pointer
    /// that promises more than `limit` (or the `maximumFileSize` given to ``init(folder:maximumFileSize:)``), or a file whose size is not the one
    /// its pointer promises, is refused unread.
    ///
    /// - Parameters:
    ///   - key: The cache key.
    ///   - limit: The most bytes the file may have.
    /// - Returns: The texture file, or `nil` when the pointer or the file is missing.
    /// - Throws: `PipelineError` when a file exists but cannot be read, has the wrong size, or does
    ///   not match its pointer, or the pointer promises more than the limit.
    public func load(_ key: ContentDigest, limit: Int) async throws -> [UInt8]? {
        let limit = min(limit, maximumFileSize)
        let pointerURL = entry("ac", key.hex)
        guard
            let stored = try read(pointerURL, size: { $0 <= CachePointer.maximumSize }, else: "too large for a pointer")
        else { return nil }
        guard let pointer = CachePointer(parsing: stored) else {
            throw PipelineError(file: FileIOError.name(of: pointerURL), reason: "not a cache pointer")
        }
        guard pointer.size <= limit else {
            throw PipelineError(
                file: FileIOError.name(of: pointerURL),
                reason: "points to a file of \(pointer.size) bytes, over the limit of \(limit) for this texture")
        }
        let fileURL = entry("cas", pointer.digest.hex)
        guard
            let file = try read(
                fileURL, size: { $0 == pointer.size }, else: "does not match its pointer (\(pointer.size) bytes)")
        else { return nil }
        guard pointer.matches(file) else {
            throw PipelineError(file: FileIOError.name(of: fileURL), reason: "does not match its SHA-256")
        }
        return file
    }

    /// Writes the file, then the pointer, each atomically (temporary file and rename).
    ///
    /// - Parameters:
    ///   - bytes: The texture file.
    ///   - key: The cache key.
    /// - Throws: `PipelineError` when a folder cannot be made or a file written.
    public func store(_ bytes: [UInt8], for key: ContentDigest) async throws {
        let pointer = CachePointer(to: bytes)
        try write(bytes, to: entry("cas", pointer.digest.hex))
        try write(pointer.bytes, to: entry("ac", key.hex))
    }

    /// Deletes the pointer `ac/<key>` (the file it names may be shared with other keys).
    ///
    /// - Parameter key: The cache key.
    /// - Throws: `PipelineError` when the pointer exists and cannot be deleted.
    public func remove(_ key: ContentDigest) async throws {
        let url = entry("ac", key.hex)
        guard unlink(url.path) == 0 || errno == ENOENT else {
            throw PipelineError(
                file: FileIOError.name(of: url), reason: "cannot delete: \(String(cString: strerror(errno)))")
        }
    }

    private func entry(_ kind: String, _ name: String) -> URL {
        folder.appendingPathComponent(kind, isDirectory: true).appendingPathComponent(name)
    }

    /// The file at `url`, or `nil` when there is none; its size (from `stat`, before it is opened)
    /// must pass `size`, and no more than that size is read.
    private func read(_ url: URL, size: (Int) -> Bool, else problem: String) throws -> [UInt8]? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw PipelineError(file: FileIOError.name(of: url), reason: "not a regular file")
        }
        let length = Int(info.st_size)
        guard size(length) else {
            throw PipelineError(
                file: FileIOError.name(of: url), reason: "is \(length) bytes: \(problem); not read")
        }
        do {
            return try FileBytes.read(url, maximumSize: length)
        } catch {
            throw PipelineError(file: error.file, reason: error.reason)
        }
    }

    private func write(_ bytes: [UInt8], to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw PipelineError(file: FileIOError.name(of: directory), reason: "cannot create the cache folder")
        }
        do {
            try AtomicFileWriter.write(bytes, to: url)
        } catch {
            throw PipelineError(file: error.file, reason: error.reason)
        }
    }
}
