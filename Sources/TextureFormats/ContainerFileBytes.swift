import FileIO
import Foundation

/// Reading a texture file's bytes for the container readers: a failed access becomes the container's
/// ``TextureFormatError`` naming the file as given.
enum ContainerFileBytes {
    /// The whole file at `url`, and its name as errors show it.
    static func read(_ url: URL) throws -> (bytes: [UInt8], name: String) {
        do {
            return (try FileBytes.read(url), FileIOError.name(of: url))
        } catch {
            throw TextureFormatError(error)
        }
    }
}
