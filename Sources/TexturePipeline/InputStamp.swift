import Foundation

/// What a build remembers of a source file to tell, without reading it, that it has not changed:
/// size, modification time, change time and inode. Size and modification time alone are not
/// enough: `cp -p`, `tar` and `SOURCE_DATE_EPOCH` write new contents under the old ones, but every
/// write moves the change time (which no user call can set back), and a replaced file gets a new
/// inode.
struct InputStamp: Sendable, Equatable {
    /// The size in bytes.
    var size: Int
    /// The modification time in seconds since 1970, with nanoseconds.
    var modified: Double
    /// The inode change time in seconds since 1970, with nanoseconds.
    var changed: Double
    /// The inode number.
    var inode: UInt64

    /// The stamp of the regular file at `url` (links followed), or `nil` when there is none.
    ///
    /// - Parameter url: The file.
    init?(of url: URL) {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        size = Int(info.st_size)
        modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) * 1e-9
        changed = Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) * 1e-9
        inode = UInt64(info.st_ino)
    }

    /// Whether `entry` recorded this input stamp (all four parts; records written before the change
    /// time and inode were kept never match, so such inputs are read once more).
    func matchesInput(of entry: BuildState.Entry) -> Bool {
        entry.inputSize == size && entry.inputModified == modified && entry.inputChanged == changed
            && entry.inputInode == inode
    }

    /// Whether `entry` recorded this output stamp.
    func matchesOutput(of entry: BuildState.Entry) -> Bool {
        entry.outputSize == size && entry.outputModified == modified
            && (entry.outputChanged == nil || entry.outputChanged == changed)
            && (entry.outputInode == nil || entry.outputInode == inode)
    }
}
