import Foundation

/// An open regular file read at any offset (`pread`), for readers that look at a header first and
/// read only the bytes it proves they need.
///
/// Opening checks the path with `stat` before `open`, so a FIFO, socket or device is refused without
/// blocking, then checks the descriptor again, so a file swapped for something else in between is
/// refused too. The descriptor is closed when the value is released.
package final class RandomAccessFile {
    /// The file as errors name it (``FileIOError/name(of:)``).
    package let name: String
    /// The file's size in bytes when it was opened.
    package let size: Int
    private let descriptor: Int32

    /// Opens the regular file at `url` for reading.
    /// - Throws: ``FileIOError`` naming the file as given.
    package init(_ url: URL) throws(FileIOError) {
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
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = "cannot stat: \(lastErrorMessage())"
            close(fd)
            throw FileIOError(file: path, reason: reason)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw FileIOError(file: path, reason: "not a regular file")
        }
        guard info.st_dev == before.st_dev, info.st_ino == before.st_ino else {
            close(fd)
            throw FileIOError(file: path, reason: "the file was replaced while it was being opened")
        }
        name = path
        size = Int(info.st_size)
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }

    /// `count` bytes starting at `offset`, which must lie within ``size``.
    /// - Throws: ``FileIOError`` when the range is outside the file as opened, or the file shrank or
    ///   could not be read.
    package func read(at offset: Int, count: Int) throws(FileIOError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size, count <= size - offset else {
            throw FileIOError(
                file: name, reason: "cannot read \(count) bytes at offset \(offset) of a \(size)-byte file")
        }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { pread(descriptor, $0 + done, count - done, off_t(offset + done)) } ?? 0
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw FileIOError(file: name, reason: "cannot read: \(lastErrorMessage())")
            }
            guard got > 0 else {
                throw FileIOError(file: name, reason: "shrank to \(offset + done) bytes while being read")
            }
            done += got
        }
        return bytes
    }
}
