import FileIO
import Foundation
import ImageFiles
import TextureFormats
import TextureManifest

/// What `--prune` may do with an output the build state records but no source produces any more.
/// The state file is not trusted: a record is only acted on when its path is one the build itself
/// writes (a source path with a container's extension, no `.`/`..`/empty/hidden segment), the
/// folders on the way are real folders inside OUT (no link out of it), the file is a regular file,
/// and it is still what the build wrote: same size and time stamps, or, when a stamp moved, the
/// same SHA-256. Folders are never deleted.
package enum StaleOutput {
    /// The decision for one record.
    package enum Verdict: Sendable, Equatable {
        /// Delete the file and forget the record.
        case delete
        /// Nothing is there any more: forget the record.
        case gone
        /// Leave the file alone and forget the record; why.
        case keep(String)
    }

    /// Decides about the record `entry` kept under `path`.
    ///
    /// - Parameters:
    ///   - path: The record's key, a path relative to `folder`.
    ///   - entry: The record.
    ///   - folder: The output folder.
    /// - Returns: The verdict.
    package static func verdict(for path: String, entry: BuildState.Entry, in folder: URL) -> Verdict {
        guard isProducible(path, from: entry.source) else {
            return .keep("not a path this build writes")
        }
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let segments = path.split(separator: "/").map(String.init)
        var directory = root
        for segment in segments.dropLast() {
            directory += "/\(segment)"
            var info = stat()
            guard lstat(directory, &info) == 0 else { return .gone }
            guard info.st_mode & S_IFMT == S_IFDIR else { return .keep("\(segment) is not a folder inside the output") }
        }
        let file = "\(root)/\(path)"
        var info = stat()
        guard lstat(file, &info) == 0 else { return .gone }
        guard info.st_mode & S_IFMT == S_IFREG else { return .keep("not a regular file") }
        guard let stamp = InputStamp(of: URL(fileURLWithPath: file)) else { return .gone }
        if stamp.matchesOutput(of: entry) { return .delete }
        guard stamp.size == entry.outputSize, let recorded = entry.outputDigest,
            let bytes = try? FileBytes.read(URL(fileURLWithPath: file)), ContentDigest(of: bytes) == recorded
        else { return .keep("changed since the build wrote it") }
        return .delete
    }

    /// Whether the build writes `path` for the source `source`.
    static func isProducible(_ path: String, from source: String) -> Bool {
        guard isPlainRelative(path), isPlainRelative(source), ImageFileFormat.isReadable(source) else { return false }
        let origin = TextureSource(path: source, url: URL(fileURLWithPath: "/"))
        return TextureContainer.allCases.contains { origin.outputPath(fileExtension: $0.fileExtension) == path }
    }

    /// A relative path of non-empty, non-hidden segments (so never `.`, `..` or absolute).
    private static func isPlainRelative(_ path: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return !segments.isEmpty && segments.allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("\0") }
    }
}
