import FileIO
import Foundation

/// The tool's persistent cache of encoded textures, keyed by content: the tool executable's bytes,
/// the source image's bytes and the effective options. SwiftPM runs a plugin command again whenever
/// the tool was relinked — which it does after a change to the consumer's file list, such as a build
/// that failed on a new file — even though nothing the texture depends on changed; the cache turns
/// such a run into a copy.
///
/// An entry is `KEY.pvr` (the texture file) beside `KEY.key` (the full key text, compared on every
/// hit, so that a clash of the 64-bit file names can never return another texture). Entries are
/// written atomically; an entry that cannot be read or written is a miss, never an error.
struct EncodedTextureCache {
    /// The cache folder (the plugin's work folder, which SwiftPM keeps between builds).
    let folder: URL

    /// The key of one texture: what it is made from, as text.
    struct Key {
        /// The text compared on every hit.
        let text: String
        /// The entry's file-name stem.
        let name: String

        /// The key of `image` encoded by `tool` with `options` (one `name=value` per option).
        init(tool: [UInt8], image: [UInt8], options: [String]) {
            let toolHash = ContentHash(tool)
            let imageHash = ContentHash(image)
            text =
                (["tool \(toolHash)", "image \(imageHash)"] + options.map { "option \($0)" })
                .joined(separator: "\n") + "\n"
            name = ContentHash(Array(text.utf8)).first
        }
    }

    /// The cached texture file for `key`, or `nil`.
    func texture(for key: Key) -> [UInt8]? {
        guard let stored = try? FileBytes.read(entry(key, "key"), maximumSize: 1 << 20),
            stored == Array(key.text.utf8)
        else { return nil }
        return try? FileBytes.read(entry(key, "pvr"))
    }

    /// Stores `texture` for `key` (best effort: a cache that cannot be written only costs time).
    func store(_ texture: [UInt8], for key: Key) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try AtomicFileWriter.write(texture, to: entry(key, "pvr"))
            try AtomicFileWriter.write(Array(key.text.utf8), to: entry(key, "key"))
        } catch {
            return
        }
    }

    private func entry(_ key: Key, _ fileExtension: String) -> URL {
        folder.appendingPathComponent("\(key.name).\(fileExtension)")
    }
}
