import Foundation

/// Reads whole files with POSIX calls, so failures carry the system's one-line reason
/// ("No such file or directory", "not a regular file", ...). Shared by the container and PNG readers.
package enum FileBytes {
    /// The contents of the regular file at `url`.
    /// - Throws: ``FileIOError`` naming the file as given.
    package static func read(_ url: URL) throws(FileIOError) -> [UInt8] {
        let path = FileIOError.name(of: url)
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw FileIOError(file: path, reason: "cannot open: \(lastErrorMessage())")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw FileIOError(file: path, reason: "cannot stat: \(lastErrorMessage())")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileIOError(file: path, reason: "not a regular file")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                Foundation.read(fd, buffer.baseAddress, buffer.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileIOError(file: path, reason: "cannot read: \(lastErrorMessage())")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

}
