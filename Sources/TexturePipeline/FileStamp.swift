import Foundation

/// A file's size and modification time: how a build tells that a file has not changed since it
/// last looked, without reading it.
public struct FileStamp: Sendable, Equatable {
    /// The size in bytes.
    public var size: Int
    /// The modification time in seconds since 1970, with nanoseconds.
    public var modified: Double

    /// The stamp of the regular file at `url`, or `nil` when there is none.
    ///
    /// - Parameter url: The file.
    public init?(of url: URL) {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        size = Int(info.st_size)
        modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) * 1e-9
    }
}
