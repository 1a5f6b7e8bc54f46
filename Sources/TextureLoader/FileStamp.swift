import Foundation

/// The size and modification time of a file, recorded when its texture is read; a cached texture
/// whose file's stamp has changed is stale.
package struct FileStamp: Hashable, Sendable {
    /// The file size in bytes.
    package let size: Int64
    /// The modification time, in seconds since the reference date.
    package let modificationTime: Double

    /// Creates a stamp from its parts.
    package init(size: Int64, modificationTime: Double) {
        self.size = size
        self.modificationTime = modificationTime
    }

    /// Reads the stamp of the file at `path`.
    /// - Throws: ``TextureLoaderError/loadFailed(file:reason:)`` when the file's attributes cannot be read.
    package init(path: String) throws {
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            guard let size = attributes[.size] as? NSNumber,
                let date = attributes[.modificationDate] as? Date
            else {
                throw TextureLoaderError.loadFailed(file: path, reason: "file size or modification time unavailable")
            }
            self.size = size.int64Value
            self.modificationTime = date.timeIntervalSinceReferenceDate
        } catch let error as TextureLoaderError {
            throw error
        } catch {
            throw TextureLoaderError.loadFailed(
                file: path, reason: "cannot read file attributes: \(error.localizedDescription)")
        }
    }
}
