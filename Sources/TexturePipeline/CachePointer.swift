/// What a cache stores under `ac/<key>`: the SHA-256 and size of the texture file, which itself is
/// stored under `cas/<its SHA-256>`, so that the `cas/` part is truly content-addressed (as the
/// Bazel remote-cache protocol expects) and every fetched file can be checked against its digest.
/// Written as one line of text: `<64 hex digits> <byte count>`.
package struct CachePointer: Sendable, Equatable {
    /// The SHA-256 of the texture file.
    package var digest: ContentDigest
    /// The texture file's size in bytes.
    package var size: Int

    /// The pointer to `bytes`.
    ///
    /// - Parameter bytes: The texture file.
    package init(to bytes: [UInt8]) {
        digest = ContentDigest(of: bytes)
        size = bytes.count
    }

    /// A pointer read back from its text, or `nil` when the text is not one.
    ///
    /// - Parameter bytes: The stored text.
    package init?(parsing bytes: [UInt8]) {
        let parts = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard parts.count == 2, let digest = ContentDigest(hex: String(parts[0])), let size = Int(parts[1]), size >= 0
        else { return nil }
        self.digest = digest
        self.size = size
    }

    /// The stored text.
    package var bytes: [UInt8] { Array("\(digest.hex) \(size)\n".utf8) }

    /// Whether `file` is the file this pointer names.
    ///
    /// - Parameter file: Bytes fetched from `cas/<digest>`.
    /// - Returns: `true` when size and SHA-256 match.
    package func matches(_ file: [UInt8]) -> Bool {
        file.count == size && ContentDigest(of: file) == digest
    }
}
