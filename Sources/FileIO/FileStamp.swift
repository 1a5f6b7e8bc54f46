import Foundation

/// A file's size and modification time: how a build or the texture cache tells that a file has not
/// changed since it last looked, without reading it.
package struct FileStamp: Sendable, Hashable {
    /// The size in bytes.
    package var size: Int
    /// The modification time in seconds since 1970, with nanoseconds.
    package var modified: Double

    /// A stamp from its parts.
    /// - Parameters:
    ///   - size: The size in bytes.
    ///   - modified: The modification time in seconds since 1970.
    package init(size: Int, modified: Double) {
        self.size = size
        self.modified = modified
    }

    /// The stamp of the regular file at `url`, or `nil` when there is none.
    ///
    /// - Parameter url: The file.
    package init?(of url: URL) {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        size = Int(info.st_size)
        modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) * 1e-9
    }
}
