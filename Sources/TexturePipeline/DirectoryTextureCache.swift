import FileIO
import Foundation
import TextureManifest

/// A cache in a folder (a shared volume, say): `FOLDER/cas/<digest>` and `FOLDER/ac/<key>` files,
/// each written to a temporary file in the same folder and renamed into place, so concurrent writers
/// and readers only ever see complete files. (An nginx serving FOLDER is the same cache over HTTP.)
public struct DirectoryTextureCache: BuildCache {
    /// The cache folder.
    public let folder: URL

    /// A cache in `folder` (created on the first store).
    ///
    /// - Parameter folder: The cache folder.
    public init(folder: URL) {
        self.folder = folder
    }

    /// The folder as the user named it.
    public var location: String { FileIOError.name(of: folder) }

    /// Reads the pointer, then the file it names, and checks it.
    ///
    /// - Parameter key: The cache key.
    /// - Returns: The texture file, or `nil` when the pointer or the file is missing.
    /// - Throws: `PipelineError` when a file exists but cannot be read, or does not match its pointer.
    public func load(_ key: ContentDigest) async throws -> [UInt8]? {
        guard let stored = try read(entry("ac", key.hex)) else { return nil }
        guard let pointer = CachePointer(parsing: stored) else {
            throw PipelineError(file: FileIOError.name(of: entry("ac", key.hex)), reason: "not a cache pointer")
        }
        guard let file = try read(entry("cas", pointer.digest.hex)) else { return nil }
        guard pointer.matches(file) else {
            throw PipelineError(
                file: FileIOError.name(of: entry("cas", pointer.digest.hex)), reason: "does not match its SHA-256")
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

    private func entry(_ kind: String, _ name: String) -> URL {
        folder.appendingPathComponent(kind, isDirectory: true).appendingPathComponent(name)
    }

    private func read(_ url: URL) throws -> [UInt8]? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try FileBytes.read(url)
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
