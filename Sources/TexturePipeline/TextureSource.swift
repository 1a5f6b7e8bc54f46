import FileIO
import Foundation
import ImageFiles
import TextureManifest

/// One source image of a batch build.
package struct TextureSource: Sendable, Equatable {
    /// The path relative to the source folder, `/`-separated (`ui/button.png`).
    package var path: String
    /// The file.
    package var url: URL

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
    ///     (`ImageFileFormat.isUnreadable(_:)`).
    /// - Returns: The sources in path order.
    /// - Throws: `PipelineError` when a folder cannot be listed, or when an image file or a folder
    ///   has a name that is not UTF-8 (it could be neither built nor skipped silently).
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
            let shown = relative.isEmpty ? name : "\(name)/\(relative)"
            for entry in try DirectoryEntries.list(directory, shownAs: shown) where entry.first != UInt8(ascii: ".") {
                // Folders are entered only when they are not symbolic links (no cycles); files may be links.
                var link = stat()
                var info = stat()
                let full = (Array(directory.utf8) + [UInt8(ascii: "/")] + entry + [0]).map { CChar(bitPattern: $0) }
                guard lstat(full, &link) == 0 else { continue }
                let isFolder = link.st_mode & S_IFMT == S_IFDIR
                if !isFolder, ImageFileFormat.isUnreadable(String(decoding: entry, as: UTF8.self)) {
                    let shownName = String(validating: entry, as: UTF8.self) ?? DirectoryEntries.escaped(entry)
                    unread.append(relative.isEmpty ? shownName : "\(relative)/\(shownName)")
                    continue
                }
                guard isFolder || DirectoryEntries.hasImageExtension(entry) else { continue }
                guard let text = String(validating: entry, as: UTF8.self) else {
                    throw PipelineError(
                        file: "\(shown)/\(DirectoryEntries.escaped(entry))",
                        reason: "the name is not valid UTF-8; rename it to build it")
                }
                let path = relative.isEmpty ? text : "\(relative)/\(text)"
                if isFolder {
                    if "\(root)/\(path)" != skipped { pending.append(path) }
                } else if ImageFileFormat.isReadable(text), stat(full, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                    sources.append(TextureSource(path: path, url: folder.appendingPathComponent(path)))
                }
            }
        }
        return sources.sorted { $0.path < $1.path }
    }
}
