import FileIO
import Foundation
import TextureManifest

/// One source image of a batch build.
public struct TextureSource: Sendable, Equatable {
    /// The path relative to the source folder, `/`-separated (`ui/button.png`).
    public var path: String
    /// The file.
    public var url: URL

    /// A source image.
    ///
    /// - Parameters:
    ///   - path: The path relative to the source folder.
    ///   - url: The file.
    package init(path: String, url: URL) {
        self.path = path
        self.url = url
    }

    /// The output path relative to the output folder: the source path with the container's
    /// extension (`ui/button.png` → `ui/button.pvr`).
    ///
    /// - Parameter fileExtension: The extension without the dot.
    /// - Returns: The relative output path.
    package func outputPath(fileExtension: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        let folder = path.dropLast(name.count)
        return "\(folder)\(stem).\(fileExtension)"
    }

    /// Every image file under `folder` (recursively; hidden files and folders and `excluding`
    /// skipped), sorted by path.
    ///
    /// - Parameters:
    ///   - folder: The source folder.
    ///   - excluding: A folder not to descend into (the output folder, when it lies inside).
    ///   - skipped: Receives the paths of files with an image extension pvrc does not read
    ///     (``SourceImages/isUnreadImage(_:)``).
    /// - Returns: The sources in path order.
    /// - Throws: `PipelineError` when the folder cannot be listed.
    package static func discover(
        in folder: URL, excluding: URL? = nil, skipped unread: inout [String]
    ) throws -> [TextureSource] {
        let name = FileIOError.name(of: folder)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            throw PipelineError(file: name, reason: "no such folder")
        }
        guard isDirectory.boolValue else { throw PipelineError(file: name, reason: "not a folder or a .json manifest") }
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let skipped = excluding.map { $0.standardizedFileURL.resolvingSymlinksInPath().path }
        var sources: [TextureSource] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? root : "\(root)/\(relative)"
            let entries: [String]
            do {
                entries = try FileManager.default.contentsOfDirectory(atPath: directory)
            } catch {
                throw PipelineError(
                    file: relative.isEmpty ? name : "\(name)/\(relative)", reason: "cannot list the folder")
            }
            for entry in entries where !entry.hasPrefix(".") {
                let path = relative.isEmpty ? entry : "\(relative)/\(entry)"
                let full = "\(root)/\(path)"
                // Folders are entered only when they are not symbolic links (no cycles); files may be links.
                var link = stat()
                var info = stat()
                guard lstat(full, &link) == 0 else { continue }
                if link.st_mode & S_IFMT == S_IFDIR {
                    if full != skipped { pending.append(path) }
                } else if SourceImages.isSourceImage(entry), stat(full, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                    sources.append(TextureSource(path: path, url: folder.appendingPathComponent(path)))
                } else if SourceImages.isUnreadImage(entry) {
                    unread.append(path)
                }
            }
        }
        return sources.sorted { $0.path < $1.path }
    }
}
