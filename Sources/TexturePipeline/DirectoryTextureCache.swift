import FileIO
import Foundation
import TextureManifest

/// A cache in a folder (a shared volume, say): entries are files `FOLDER/cas/<key>`, each written
/// to a temporary file in the same folder and renamed into place, so concurrent writers and readers
/// only ever see complete entries.
public struct DirectoryTextureCache: TextureCache {
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

    /// The entry's bytes, or `nil` when there is no such file.
    ///
    /// - Parameter key: The cache key.
    /// - Returns: The entry's bytes.
    /// - Throws: ``PipelineError`` when the entry exists but cannot be read.
    public func load(_ key: ContentDigest) async throws -> [UInt8]? {
        let url = entry(key)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try FileBytes.read(url)
        } catch {
            throw PipelineError(file: error.file, reason: error.reason)
        }
    }

    /// Writes the entry atomically (temporary file and rename).
    ///
    /// - Parameters:
    ///   - bytes: The texture file.
    ///   - key: The cache key.
    /// - Throws: ``PipelineError`` when the folder cannot be made or the file written.
    public func store(_ bytes: [UInt8], for key: ContentDigest) async throws {
        let casFolder = folder.appendingPathComponent("cas", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: casFolder, withIntermediateDirectories: true)
        } catch {
            throw PipelineError(file: FileIOError.name(of: casFolder), reason: "cannot create the cache folder")
        }
        do {
            try AtomicFileWriter.write(bytes, to: entry(key))
        } catch {
            throw PipelineError(file: error.file, reason: error.reason)
        }
    }

    private func entry(_ key: ContentDigest) -> URL {
        folder.appendingPathComponent("cas", isDirectory: true).appendingPathComponent(key.hex)
    }
}
