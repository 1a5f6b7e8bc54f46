import PVRTC

/// The validated shape of a PVRTC1 mip chain as announced by a container header.
///
/// Readers build one from the raw header fields *before* they allocate anything, so absurd sizes
/// and mip counts become typed errors instead of huge allocations or out-of-bounds reads.
struct MipChainLayout {
    /// Width and height of each level, level 0 first.
    let levelSizes: [(width: Int, height: Int)]
    /// The variant the header names, which fixes each level's byte count.
    let format: PVRTCFormat

    /// Bytes of each level (``PVRTCFormat/byteCount(width:height:)``: 4bpp `max(w, 8) * max(h, 8) / 2`,
    /// 2bpp `max(w, 16) * max(h, 8) / 4`).
    var levelByteCounts: [Int] {
        levelSizes.map { format.byteCount(width: $0.width, height: $0.height) }
    }

    /// Bytes of all levels together.
    var totalByteCount: Int { levelByteCounts.reduce(0, +) }

    /// Checks raw header values and computes the chain.
    ///
    /// - Throws: ``TextureFormatError/invalidDimensions(file:reason:)`` when a side is zero, not a
    ///   power of two or above ``PVRTCImage/maximumDimension``, or when `levelCount` is zero or longer
    ///   than the full chain down to 1x1.
    init(width: UInt64, height: UInt64, levelCount: UInt64, format: PVRTCFormat, file: String) throws {
        let limit = UInt64(PVRTCImage.maximumDimension)
        for (name, value) in [("width", width), ("height", height)] {
            guard value > 0 else {
                throw TextureFormatError.invalidDimensions(file: file, reason: "\(name) is 0")
            }
            guard value <= limit else {
                throw TextureFormatError.invalidDimensions(
                    file: file, reason: "\(name) \(value) is larger than the \(limit) limit")
            }
            guard value.nonzeroBitCount == 1 else {
                throw TextureFormatError.invalidDimensions(
                    file: file, reason: "\(name) \(value) is not a power of two (PVRTC1 needs power-of-two sizes)")
            }
        }
        let w = Int(width)
        let h = Int(height)
        let full = PVRTCTexture.fullChainLength(width: w, height: h)
        guard levelCount >= 1 else {
            throw TextureFormatError.invalidDimensions(file: file, reason: "the header announces 0 mip levels")
        }
        guard levelCount <= UInt64(full) else {
            throw TextureFormatError.invalidDimensions(
                file: file, reason: "\(levelCount) mip levels, but a \(w)x\(h) chain has at most \(full)")
        }
        var sizes: [(width: Int, height: Int)] = []
        var lw = w
        var lh = h
        for _ in 0..<Int(levelCount) {
            sizes.append((lw, lh))
            lw = max(lw / 2, 1)
            lh = max(lh / 2, 1)
        }
        levelSizes = sizes
        self.format = format
    }

    /// Wraps per-level block data (already length-checked against ``levelByteCounts``) in a texture.
    ///
    /// - Throws: ``TextureFormatError/invalidDimensions(file:reason:)`` if the core types reject
    ///   the chain; the checks in ``init(width:height:levelCount:format:file:)`` make that unreachable for
    ///   well-formed calls.
    func texture(levelData: [[UInt8]], hasAlpha: Bool, file: String) throws -> PVRTCTexture {
        do {
            var levels: [PVRTCImage] = []
            levels.reserveCapacity(levelSizes.count)
            for (size, data) in zip(levelSizes, levelData) {
                levels.append(try PVRTCImage(width: size.width, height: size.height, data: data, format: format))
            }
            return try PVRTCTexture(levels: levels, hasAlpha: hasAlpha)
        } catch let error as PVRTCError {
            throw TextureFormatError.invalidDimensions(file: file, reason: error.description)
        }
    }

    /// Reads the levels stored back to back (PVR v2 and v3), requiring that they end the file exactly.
    ///
    /// - Throws: ``TextureFormatError/truncated(file:reason:)`` when the data is short and
    ///   ``TextureFormatError/trailingData(file:byteCount:)`` when bytes follow it; both are checked
    ///   before any level is copied.
    func readContiguousLevels(from reader: inout ByteReader, hasAlpha: Bool) throws -> PVRTCTexture {
        let total = totalByteCount
        guard reader.remaining >= total else {
            throw TextureFormatError.truncated(
                file: reader.file,
                reason:
                    "\(levelSizes.count) mip level(s) need \(total) bytes of data but only \(reader.remaining) follow the header"
            )
        }
        guard reader.remaining == total else {
            throw TextureFormatError.trailingData(file: reader.file, byteCount: reader.remaining - total)
        }
        var data: [[UInt8]] = []
        for (index, count) in levelByteCounts.enumerated() {
            data.append(try reader.bytes(count, "mip level \(index)"))
        }
        return try texture(levelData: data, hasAlpha: hasAlpha, file: reader.file)
    }
}
