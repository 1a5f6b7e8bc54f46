import Foundation

/// Reads whole files with POSIX calls, so failures carry the system's one-line reason
/// ("No such file or directory", "not a regular file", ...). Shared by the container and PNG readers.
package enum FileBytes {
    /// The contents of the regular file at `url` (opened as ``RandomAccessFile`` opens it, so a FIFO,
    /// socket or device is refused without blocking).
    /// - Parameters:
    ///   - url: The file.
    ///   - maximumSize: The most bytes to accept: a larger file is refused from `fstat` before any
    ///     byte is read.
    /// - Throws: ``FileIOError`` naming the file as given.
    package static func read(_ url: URL, maximumSize: Int = .max) throws(FileIOError) -> [UInt8] {
        let file = try RandomAccessFile(url)
        guard file.size <= maximumSize else {
            throw FileIOError(file: file.name, reason: "is \(file.size) bytes, over the limit of \(maximumSize)")
        }
        return try file.read(at: 0, count: file.size)
    }
}
