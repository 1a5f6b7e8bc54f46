import Foundation
import ImageFiles
import TextureManifest

/// Folder listing by raw name bytes (`readdir`), so names that are not UTF-8 are seen, not dropped
/// or mangled on the way to a `String`.
enum DirectoryEntries {
    /// The names in `path` other than `.` and `..`, as bytes.
    ///
    /// - Parameters:
    ///   - path: The folder.
    ///   - shown: The folder as messages name it.
    /// - Returns: The names, in no particular order.
    /// - Throws: `PipelineError` when the folder cannot be listed.
    static func list(_ path: String, shownAs shown: String) throws -> [[UInt8]] {
        guard let handle = opendir(path) else { throw PipelineError(file: shown, reason: "cannot list the folder") }
        defer { closedir(handle) }
        var names: [[UInt8]] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == [46] || name == [46, 46] { continue }
            names.append(name)
        }
        return names
    }

    /// Whether the name ends in an image extension `ImageFiles` reads, compared as ASCII bytes.
    static func hasImageExtension(_ name: [UInt8]) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return false }
        let tail = String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
        return ImageFileFormat.readableExtensions.contains(tail)
    }

    /// The name with every byte outside printable ASCII written `\xHH`.
    static func escaped(_ name: [UInt8]) -> String {
        name.map {
            $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\")
                ? String(UnicodeScalar($0)) : String(format: "\\x%02X", $0)
        }
        .joined()
    }
}
