import Imaging

/// One level of an uncompressed texture ready for `glTexImage2D`: the `format` and `type` arguments
/// and the pixels, rows tightly packed (upload with `GL_UNPACK_ALIGNMENT` 1), row 0 first as stored.
///
/// Made by ``TextureFileDescription/glLevel(level:face:)``. The codes are plain numbers so that this
/// module needs no GL headers.
public struct UncompressedGLLevel: Sendable, Equatable {
    /// `GL_UNSIGNED_BYTE`.
    public static let unsignedByte: UInt32 = 0x1401
    /// `GL_UNSIGNED_SHORT_4_4_4_4`.
    public static let unsignedShort4444: UInt32 = 0x8033
    /// `GL_UNSIGNED_SHORT_5_5_5_1`.
    public static let unsignedShort5551: UInt32 = 0x8034
    /// `GL_UNSIGNED_SHORT_5_6_5`.
    public static let unsignedShort565: UInt32 = 0x8363
    /// `GL_ALPHA`.
    public static let alpha: UInt32 = 0x1906
    /// `GL_RGB`.
    public static let rgb: UInt32 = 0x1907
    /// `GL_RGBA`.
    public static let rgba: UInt32 = 0x1908
    /// `GL_LUMINANCE`.
    public static let luminance: UInt32 = 0x1909
    /// `GL_LUMINANCE_ALPHA`.
    public static let luminanceAlpha: UInt32 = 0x190A

    /// Level width in pixels.
    public let width: Int
    /// Level height in pixels.
    public let height: Int
    /// The `format` (and, in OpenGL ES 2.0, `internalformat`) argument.
    public let format: UInt32
    /// The `type` argument.
    public let type: UInt32
    /// The pixels, `width * height * bytesPerPixel` bytes.
    public let pixels: [UInt8]
    /// Whether the pixels were converted on the CPU (to RGBA8) because no ES 2.0 format/type pair
    /// takes them as stored (BGRA8888, intensity, RGB555, ARGB, 8-bit formats with padding channels).
    public let isConverted: Bool
}

extension TextureFileDescription {
    /// The ES 2.0 `glTexImage2D` format and type that take this file's pixels as stored: 8-bit
    /// RGBA / RGB / L / A / LA as `GL_UNSIGNED_BYTE`, RGBA4444, RGBA5551 and RGB565 as the packed
    /// `GL_UNSIGNED_SHORT_*` types (whose bit order, first channel in the high bits of a
    /// little-endian word, is PVR's); `nil` for every other format.
    public var glTransfer: (format: UInt32, type: UInt32)? {
        guard pvrtcFormat == nil, unpackProblem == nil, let packing = pixelFormat.packing else { return nil }
        let letters = String(pixelFormat.channels.map(\.name))
        let bits = pixelFormat.channels.map(\.bits)
        switch (packing, letters) {
        case (.bytes, "rgba"): return (UncompressedGLLevel.rgba, UncompressedGLLevel.unsignedByte)
        case (.bytes, "rgb"): return (UncompressedGLLevel.rgb, UncompressedGLLevel.unsignedByte)
        case (.bytes, "l"): return (UncompressedGLLevel.luminance, UncompressedGLLevel.unsignedByte)
        case (.bytes, "a"): return (UncompressedGLLevel.alpha, UncompressedGLLevel.unsignedByte)
        case (.bytes, "la"): return (UncompressedGLLevel.luminanceAlpha, UncompressedGLLevel.unsignedByte)
        case (.packed16, "rgba") where bits == [4, 4, 4, 4]:
            return (UncompressedGLLevel.rgba, UncompressedGLLevel.unsignedShort4444)
        case (.packed16, "rgba") where bits == [5, 5, 5, 1]:
            return (UncompressedGLLevel.rgba, UncompressedGLLevel.unsignedShort5551)
        case (.packed16, "rgb") where bits == [5, 6, 5]:
            return (UncompressedGLLevel.rgb, UncompressedGLLevel.unsignedShort565)
        default: return nil
        }
    }

    /// Bytes of ``glLevel(level:face:)``'s pixels for level `level` (one face): what `glTexImage2D`
    /// allocates for it, `width * height` times the stored pixel size with ``glTransfer``, 4 otherwise.
    public func glLevelByteCount(level: Int) -> Int {
        let bytesPerPixel = glTransfer == nil ? 4 : pixelFormat.bitsPerPixel / 8
        return max(width >> level, 1) * max(height >> level, 1) * bytesPerPixel
    }

    /// Level `level`, face `face` of an uncompressed file for `glTexImage2D`: as stored with
    /// ``glTransfer`` when there is one (rows repacked without KTX's 4-byte row padding), otherwise
    /// unpacked by ``image(level:face:threads:)`` to RGBA8 (``UncompressedGLLevel/isConverted``).
    /// - Throws: ``TextureFormatError/unsupportedPixelFormat(file:format:)`` for PVRTC and other
    ///   compressed formats (upload those through `TextureFile`) and formats pvrc cannot unpack;
    ///   ``TextureFormatError/invalidDimensions(file:reason:)`` for a level or face out of range.
    public func glLevel(level: Int, face: Int = 0) throws -> UncompressedGLLevel {
        guard !pixelFormat.isCompressed else {
            throw TextureFormatError.unsupportedPixelFormat(
                file: file, format: "\(pixelFormat.name) (compressed; glLevel uploads uncompressed formats)")
        }
        guard let (format, type) = glTransfer, (0..<levelCount).contains(level), (0..<faceCount).contains(face)
        else {
            let image = try image(level: level, face: face)
            return UncompressedGLLevel(
                width: image.width, height: image.height, format: UncompressedGLLevel.rgba,
                type: UncompressedGLLevel.unsignedByte, pixels: image.pixels, isConverted: true)
        }
        let width = max(self.width >> level, 1)
        let height = max(self.height >> level, 1)
        let bytesPerPixel = pixelFormat.bitsPerPixel / 8
        let packedRow = width * bytesPerPixel
        let storedRow = (packedRow + rowAlignment - 1) / rowAlignment * rowAlignment
        let (stored, starts) = try levelStorage(level)
        let start = starts[face]
        guard start >= 0, start <= stored.count, (height - 1) * storedRow + packedRow <= stored.count - start
        else {
            throw TextureFormatError.truncated(
                file: file, reason: "level \(level), face \(face) runs past the end of the file")
        }
        var pixels = [UInt8](repeating: 0, count: packedRow * height)
        stored.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let from = start + y * storedRow
                    let to = y * packedRow
                    for i in 0..<packedRow { target[to + i] = source[from + i] }
                }
            }
        }
        return UncompressedGLLevel(
            width: width, height: height, format: format, type: type, pixels: pixels, isConverted: false)
    }
}
