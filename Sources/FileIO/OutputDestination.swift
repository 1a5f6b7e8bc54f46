import Foundation

/// Where a write to a path really lands, and the checks every output gets before any work starts.
///
/// Symbolic-link policy: writing to a path that is a symbolic link writes the link's target (the
/// link stays a link and points at the new contents); a link whose target does not exist is
/// refused. The atomic replacement happens in the target's directory.
package enum OutputDestination {
    /// The path a write to `url` replaces: `url` itself, or the file its symbolic link points to.
    /// - Throws: ``FileIOError`` when `url` is a dangling link or names something other than a
    ///   regular file (a directory, FIFO or device).
    package static func resolve(_ url: URL) throws(FileIOError) -> String {
        let name = FileIOError.name(of: url)
        var path = url.path
        var info = stat()
        guard lstat(path, &info) == 0 else {
            // Nothing there yet: the file will be created.
            return path
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                throw FileIOError(file: name, reason: "is a symbolic link to a file that does not exist")
            }
            path = String(cString: resolved)
            free(resolved)
            guard stat(path, &info) == 0 else {
                throw FileIOError(file: name, reason: "cannot stat the link's target: \(lastErrorMessage())")
            }
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileIOError(
                file: name,
                reason: info.st_mode & S_IFMT == S_IFDIR ? "is a directory" : "exists and is not a regular file")
        }
        return path
    }

    /// Checks an output before any work starts: it is not the same file as any of `inputs` (after
    /// resolving symbolic links; hard links count as the same file), it is (or will be) a regular
    /// file, and its directory exists and is writable.
    /// - Parameters:
    ///   - url: the file that will be written.
    ///   - inputs: the files the work reads.
    /// - Throws: ``FileIOError`` naming `url` and the problem.
    package static func check(_ url: URL, notOverwriting inputs: [URL]) throws(FileIOError) {
        let name = FileIOError.name(of: url)
        let path = try resolve(url)
        var output = stat()
        if stat(path, &output) == 0 {
            for input in inputs {
                var info = stat()
                if stat(input.path, &info) == 0, info.st_dev == output.st_dev, info.st_ino == output.st_ino {
                    throw FileIOError(
                        file: name,
                        reason: "is the same file as the input \(FileIOError.name(of: input)); refusing to overwrite it"
                    )
                }
            }
        }
        let directory = AtomicFileWriter.directoryOf(path)
        var directoryInfo = stat()
        guard stat(directory, &directoryInfo) == 0 else {
            throw FileIOError(
                file: name,
                reason: "cannot write to directory \(AtomicFileWriter.directoryOf(name)): \(lastErrorMessage())")
        }
        guard directoryInfo.st_mode & S_IFMT == S_IFDIR else {
            throw FileIOError(file: name, reason: "\(AtomicFileWriter.directoryOf(name)) is not a directory")
        }
        guard access(directory, W_OK | X_OK) == 0 else {
            throw FileIOError(
                file: name,
                reason: "cannot write to directory \(AtomicFileWriter.directoryOf(name)): \(lastErrorMessage())")
        }
    }
}
