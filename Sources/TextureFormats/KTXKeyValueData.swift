import PVRTC

/// The key/value block of a KTX 1.1 file and the metadata pvrc keeps in it.
///
/// Each pair is `UInt32 keyAndValueByteSize`, the key (UTF-8, NUL-terminated), the value, then padding
/// to a multiple of 4 bytes. pvrc writes and reads:
/// - `KTXorientation` (KTX 1.1 spec): `S=r,T=d` for top-down storage; `S=l` when x increases leftwards,
///   `T=u` when y increases upwards (bottom row first). Always written.
/// - `pvrc.premultipliedAlpha` = `true`: colour is premultiplied by alpha. KTX 1.1 has no standard key
///   for it (KTX 2 has a DFD flag), so pvrc defines this one; written only for premultiplied data.
///   Values are NUL-terminated strings.
enum KTXKeyValueData {
    /// The bytes of the pairs recording `metadata` (orientation always, premultiplied alpha when set).
    static func serialize(_ metadata: TextureMetadata) -> [UInt8] {
        let orientation = metadata.orientation
        var pairs = [(KTXHeader.orientationKey, "S=\(orientation.xLeft ? "l" : "r"),T=\(orientation.yUp ? "u" : "d")")]
        if metadata.isPremultiplied {
            pairs.append((KTXHeader.premultipliedKey, "true"))
        }
        var writer = ByteWriter()
        for (key, value) in pairs {
            let pair = Array(key.utf8) + [0] + Array(value.utf8) + [0]
            writer.uint32(UInt32(pair.count))
            writer.append(pair)
            writer.append([UInt8](repeating: 0, count: (4 - pair.count % 4) % 4))
        }
        return writer.bytes
    }

    /// Reads the pairs in the next `byteCount` bytes (already known to be present) and returns the
    /// orientation and premultiplied flag they record; other keys are skipped.
    /// - Throws: ``TextureFormatError/invalidHeader(file:reason:)`` when a pair overruns the block or a
    ///   `KTXorientation` / `pvrc.premultipliedAlpha` value cannot be understood.
    static func parse(from reader: inout ByteReader, byteCount: Int) throws -> (TextureOrientation, Bool) {
        let end = reader.offset + byteCount
        var orientation = TextureOrientation.topDown
        var premultiplied = false
        let orientationKey = Array(KTXHeader.orientationKey.utf8)
        let premultipliedKey = Array(KTXHeader.premultipliedKey.utf8)
        let file = reader.file
        try walk(&reader, end: end) { key, valueBytes in
            let value = { String(decoding: valueBytes, as: UTF8.self) }
            if key.elementsEqual(orientationKey) {
                orientation = try parseOrientation(value(), file: file)
            } else if key.elementsEqual(premultipliedKey) {
                guard value() == "true" || value() == "false" else {
                    throw TextureFormatError.invalidHeader(
                        file: file,
                        reason: "\(KTXHeader.premultipliedKey) is \"\(value())\", expected true or false")
                }
                premultiplied = value() == "true"
            }
        }
        return (orientation, premultiplied)
    }

    /// Reads the pairs of a KTX 2 file's key/value data in the next `byteCount` bytes (already known to
    /// be present) and returns the `KTXorientation` they record (top-down without one): KTX 2 writes
    /// one letter per dimension, such as `rd` or `ru`; other keys are skipped.
    /// - Throws: ``TextureFormatError/invalidHeader(file:reason:)`` when a pair overruns the block or
    ///   the value is not of the form `[rl][du]`.
    static func ktx2Orientation(from reader: inout ByteReader, byteCount: Int) throws -> TextureOrientation {
        var orientation = TextureOrientation.topDown
        let orientationKey = Array(KTXHeader.orientationKey.utf8)
        let file = reader.file
        try walk(&reader, end: reader.offset + byteCount) { key, valueBytes in
            guard key.elementsEqual(orientationKey) else { return }
            let letters = Array(String(decoding: valueBytes, as: UTF8.self))
            guard letters.count >= 2, "rl".contains(letters[0]), "du".contains(letters[1]) else {
                throw TextureFormatError.invalidHeader(
                    file: file,
                    reason: "KTXorientation \"\(String(letters))\" is not of the form [rl][du]")
            }
            orientation = TextureOrientation(xLeft: letters[0] == "l", yUp: letters[1] == "u")
        }
        return orientation
    }

    /// Walks the pairs from `reader`'s offset to `end` (already known to be present), handing each
    /// pair's key and value (up to its first NUL) to `body` without copying them; leaves `reader` at `end`.
    /// - Throws: ``TextureFormatError/invalidHeader(file:reason:)`` when a pair overruns `end`, or what
    ///   `body` throws.
    static func walk(
        _ reader: inout ByteReader, end: Int, _ body: (ArraySlice<UInt8>, ArraySlice<UInt8>) throws -> Void
    ) throws {
        while reader.offset < end {
            guard end - reader.offset >= 4 else {
                throw TextureFormatError.invalidHeader(
                    file: reader.file, reason: "key/value data ends inside a keyAndValueByteSize field")
            }
            let size = try reader.uint32("keyAndValueByteSize")
            let padded = (UInt64(size) + 3) / 4 * 4
            guard padded <= UInt64(end - reader.offset) else {
                throw TextureFormatError.invalidHeader(
                    file: reader.file, reason: "a key/value pair of \(size) bytes overruns bytesOfKeyValueData")
            }
            let pair = try reader.slice(Int(size), "key/value pair")
            try reader.skip(Int(padded) - Int(size), "key/value padding")
            let keyEnd = pair.firstIndex(of: 0) ?? pair.endIndex
            let value = keyEnd < pair.endIndex ? pair[(keyEnd + 1)...] : pair[pair.endIndex...]
            try body(pair[..<keyEnd], value.prefix { $0 != 0 })
        }
    }

    /// Parses a `KTXorientation` value such as `S=r,T=u` or `S=r,T=d,R=i` (R, for 3D textures, is ignored).
    static func parseOrientation(_ value: String, file: String) throws -> TextureOrientation {
        var orientation = TextureOrientation.topDown
        for item in value.split(separator: ",") {
            let parts = item.split(separator: "=", omittingEmptySubsequences: false)
            switch (parts.first.map(String.init), parts.count == 2 ? String(parts[1]) : nil) {
            case ("S", "r"): orientation.xLeft = false
            case ("S", "l"): orientation.xLeft = true
            case ("T", "d"): orientation.yUp = false
            case ("T", "u"): orientation.yUp = true
            case ("R", "i"), ("R", "o"): continue
            default:
                throw TextureFormatError.invalidHeader(
                    file: file, reason: "KTXorientation \"\(value)\" is not of the form S=r|l,T=d|u")
            }
        }
        return orientation
    }
}
