import Foundation

/// Reads whole files with POSIX calls, so failures carry the system's one-line reason
/// ("No such file or directory", "not a regular file", ...). Shared by the container and PNG readers.
package enum FileBytes {
    /// The contents of the regular file at `url`.
    ///
    /// The path is checked with `stat` before it is opened, so a FIFO, socket or device is refused
    /// without blocking on `open`; the file is then opened non-blocking and checked again through
    /// the descriptor, so a file swapped for something else in between is refused too.
    /// - Parameters:
    ///   - url: The file.
    ///   - maximumSize: The most bytes to accept: a larger file is refused from `fstat` before any
    ///     byte is read, and one that grows past it while being read is refused too.
    /// - Throws: ``FileIOError`` naming the file as given.
    package static func read(_ url: URL, maximumSize: Int = .max) throws(FileIOError) -> [UInt8] {
        let path = FileIOError.name(of: url)
        var before = stat()
        guard stat(url.path, &before) == 0 else {
            throw FileIOError(file: path, reason: "cannot open: \(lastErrorMessage())")
        }
        guard before.st_mode & S_IFMT == S_IFREG else {
            throw FileIOError(file: path, reason: "not a regular file")
        }
        let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
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
        guard info.st_dev == before.st_dev, info.st_ino == before.st_ino else {
            throw FileIOError(file: path, reason: "the file was replaced while it was being opened")
        }
        guard info.st_size <= maximumSize else {
            throw FileIOError(file: path, reason: "is \(info.st_size) bytes, over the limit of \(maximumSize)")
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
            guard count <= maximumSize - bytes.count else {
                throw FileIOError(file: path, reason: "grew past the limit of \(maximumSize) bytes while being read")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

}
