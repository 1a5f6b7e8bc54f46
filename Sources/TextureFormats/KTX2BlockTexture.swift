import FileIO
import Foundation
import PVRTC

/// A texture of blocks in a ``KTX2BlockFormat`` — one 2D texture or a cube map, every level — and its KTX 2
/// file (what the GPU transcoder's `GLContext.transcode(_:to:effort:)` returns and `pvrc transcode` writes): the
/// `KTXorientation` of ``metadata``, its colour space as the `_SRGB_BLOCK` vkFormat and the DFD's sRGB
/// transfer, its premultiplied flag as the DFD's; laid out as pvrc's PVRTC KTX 2 files are, without
/// supercompression, each level aligned to lcm(block size, 4) bytes.
public struct KTX2BlockTexture: Sendable, Equatable {
    /// The block format.
    public let format: KTX2BlockFormat
    /// Level 0's width in pixels.
    public let width: Int
    /// Level 0's height in pixels.
    public let height: Int
    /// Orientation, colour space and premultiplied flag.
    public let metadata: TextureMetadata
    /// The block bytes, `levels[level][face]`, level 0 first, one face or six (+X, −X, +Y, −Y, +Z, −Z); each
    /// `ceil(w/blockWidth) * ceil(h/blockHeight)` blocks (``KTX2BlockFormat/byteCount(width:height:)``),
    /// row-major, the level's top row of blocks first.
    public let levels: [[[UInt8]]]

    /// The number of faces: 1, or 6 for a cube map.
    public var faceCount: Int { levels[0].count }

    /// A file of `levels` (`levels[level][face]`) in `format`.
    /// - Throws: ``TextureFormatError/invalidDimensions(file:reason:)`` (file "") when there are no levels, the
    ///   face count is not 1 or 6 on every level, or a level's bytes are not its size's blocks.
    public init(
        format: KTX2BlockFormat, width: Int, height: Int, metadata: TextureMetadata, levels: [[[UInt8]]]
    ) throws {
        let faceCount = levels.first?.count ?? 0
        guard !levels.isEmpty, faceCount == 1 || faceCount == 6 else {
            throw TextureFormatError.invalidDimensions(
                file: "", reason: "\(levels.count) levels of \(faceCount) faces; KTX 2 blocks need 1 or 6 faces")
        }
        for (index, level) in levels.enumerated() {
            let expected = format.byteCount(width: max(width >> index, 1), height: max(height >> index, 1))
            guard level.count == faceCount, level.allSatisfy({ $0.count == expected }) else {
                throw TextureFormatError.invalidDimensions(
                    file: "", reason: "level \(index) is not \(faceCount) faces of \(expected) bytes of blocks")
            }
        }
        self.format = format
        self.width = width
        self.height = height
        self.metadata = metadata
        self.levels = levels
    }

    /// The complete file.
    public func serialized() -> [UInt8] {
        KTX2Writer.serialize(
            levels: levels, width: width, height: height,
            vkFormat: format.vkFormat(srgb: metadata.colorSpace == .srgb),
            dfd: KTX2Layout.dataFormatDescriptor(
                metadata, model: format.colorModel,
                blockDimensions: [UInt8(format.blockWidth - 1), UInt8(format.blockHeight - 1), 0, 0],
                bytesPerBlock: format.bytesPerBlock, channels: format.sampleChannels),
            alignment: format.bytesPerBlock, metadata: metadata, zstd: false)
    }

    /// Writes ``serialized()`` to `url` atomically (a temporary file renamed over `url`).
    /// - Throws: ``TextureFormatError/io(file:reason:)``.
    public func write(to url: URL) throws {
        do {
            try AtomicFileWriter.write(serialized(), to: url)
        } catch {
            throw TextureFormatError(error)
        }
    }
}
