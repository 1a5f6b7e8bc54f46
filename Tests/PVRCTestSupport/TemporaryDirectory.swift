import Foundation

/// A fresh directory under the system temporary directory, removed on deinit.
package final class TemporaryDirectory {
    /// The directory's path.
    package let path: String
    /// The directory as a file URL.
    package var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// Creates the directory.
    package init() throws {
        path = NSTemporaryDirectory() + "/pvrc-formats-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The names of the directory's entries.
    package func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
