import Foundation

/// Writes whole files atomically: the bytes go to a temporary file in the target's directory, which
/// is then renamed over the target. Readers see either the old file or the complete new one, and a
/// failure (full disk, unwritable directory, target is a directory) leaves no temporary file behind
/// and the target untouched. Used for every file pvrc writes (textures, PNGs).
///
/// A target that is a symbolic link is written through: its target file is replaced and the link
/// kept (``OutputDestination/resolve(_:)``). Temporaries that a killed writer left beside the target
/// are removed first (``StaleTemporaries``).
package enum AtomicFileWriter {
    /// Writes `bytes` to `url` atomically.
    /// - Throws: ``FileIOError`` naming the file as given (``FileIOError/name(of:)``) and the system's reason.
    package static func write(_ bytes: [UInt8], to url: URL) throws(FileIOError) {
        let name = FileIOError.name(of: url)
        let path = try OutputDestination.resolve(url)
        let directory = directoryOf(path)
        let base = path.split(separator: "/").last.map(String.init) ?? path
        StaleTemporaries.removeAbandoned(in: directory, base: base)
        let temporary = "\(directory)/\(StaleTemporaries.name(for: base))"

        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw FileIOError(
                file: name, reason: "cannot create a temporary file in \(directoryOf(name)): \(lastErrorMessage())")
        }
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            guard let start = buffer.baseAddress else { return }
            var written = 0
            while written < buffer.count {
                let result = Foundation.write(fd, start + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = "cannot write: \(lastErrorMessage())"
                    return
                }
                written += result
            }
        }
        if failure == nil, fsync(fd) != 0 {
            failure = "cannot flush: \(lastErrorMessage())"
        }
        if close(fd) != 0, failure == nil {
            failure = "cannot close: \(lastErrorMessage())"
        }
        if failure == nil, rename(temporary, path) != 0 {
            failure = "cannot replace: \(lastErrorMessage())"
        }
        if let failure {
            unlink(temporary)
            throw FileIOError(file: name, reason: failure)
        }
    }

    /// The directory part of `path` (`.` when there is none, `/` for files at the root).
    static func directoryOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = path[..<slash]
        return directory.isEmpty ? "/" : String(directory)
    }

}
