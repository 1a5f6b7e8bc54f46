import Foundation

/// A file could not be read or written: the file as the user named it and the system's one-line reason.
package struct FileIOError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, as the user named it (``name(of:)``).
    package var file: String
    /// What went wrong, for example "cannot open: No such file or directory".
    package var reason: String

    /// Creates an error for `file`.
    package init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    /// `file: reason`.
    package var description: String { "\(file): \(reason)" }

    /// How messages name `url`: the path as it was given (relative paths stay relative).
    package static func name(of url: URL) -> String { url.relativePath }
}

/// `strerror(errno)`.
func lastErrorMessage() -> String {
    String(cString: strerror(errno))
}
