import Foundation

/// The temporary files ``AtomicFileWriter`` creates, `.NAME.PID-RANDOM.tmp` beside the target, and the
/// clean-up of ones left behind by a writer that was killed before it could rename or remove them.
///
/// A temporary is removed only when it is certainly abandoned and ours: its name matches the target
/// and the pattern exactly, it is a regular file owned by the current user, and the process whose id
/// it carries no longer exists (on this machine). Temporaries of live writers, of other users and
/// files that merely look similar are left alone.
package enum StaleTemporaries {
    /// The name of a new temporary file for the target file named `base`, written by this process.
    package static func name(for base: String) -> String {
        let nonce = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        return ".\(base).\(getpid())-\(nonce).tmp"
    }

    /// The writer process id recorded in `entry` when it is a temporary of the target `base`, else `nil`.
    package static func writerProcess(of entry: String, base: String) -> pid_t? {
        let prefix = ".\(base)."
        let suffix = ".tmp"
        guard entry.hasPrefix(prefix), entry.hasSuffix(suffix), entry.count > prefix.count + suffix.count else {
            return nil
        }
        let middle = entry.dropFirst(prefix.count).dropLast(suffix.count)
        let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, !parts[1].isEmpty,
            parts[1].allSatisfy({ $0.isASCII && ($0.isNumber || $0.isLowercase) })
        else { return nil }
        return pid
    }

    /// Removes the abandoned temporaries of the target file `base` in `directory`.
    /// - Returns: the names of the files removed.
    @discardableResult
    package static func removeAbandoned(in directory: String, base: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var removed: [String] = []
        while let entry = readdir(stream) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = writerProcess(of: entryName, base: base), pid != getpid() else { continue }
            let path = "\(directory)/\(entryName)"
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            if unlink(path) == 0 {
                removed.append(entryName)
            }
        }
        return removed
    }
}
