import CPNGBridge
import FileIO
import Foundation
import Imaging

/// Reads and writes PNG files as `RGBAImage`.
///
/// Decoding accepts every PNG colour type and bit depth: grey, grey + alpha, palette (with `tRNS`
/// transparency), RGB and RGBA at 1 to 16 bits per sample. Samples come out as stored — no gamma
/// or colour-space conversion — and 16-bit samples are scaled to 8 bits with rounding,
/// `v8 = round(v16 * 255 / 65535)`. Encoding writes 8-bit RGB or RGBA.
///
/// The libpng calls run inside the `CPNGBridge` C target, so libpng's `longjmp` error handling
/// never crosses a Swift frame.
public enum PNGCodec {
    /// The largest width or height ``decode(_:file:pixelLimit:)`` accepts; checked before pixels are allocated.
    public static let maximumDimension = 16384

    /// Decodes PNG bytes to an RGBA image.
    ///
    /// The header is read first: an image over `pixelLimit` (or ``maximumDimension`` on a side) is
    /// refused before any pixel memory is allocated, and a truncated stream fails having allocated
    /// about what it holds, not what it declares. A CRC error in any chunk is an error.
    /// - Parameters:
    ///   - bytes: the whole PNG file.
    ///   - file: the name used in error messages.
    ///   - pixelLimit: the most pixels the image may have.
    /// - Throws: ``PNGError/invalidPNG(file:reason:)`` for anything that is not a valid PNG
    ///   (bad signature, CRC error, truncation, corrupt data); ``PNGError/exceedsPixelLimit(file:_:)``
    ///   when the declared size is over `pixelLimit`; ``PNGError/tooLarge(file:reason:)`` when a side
    ///   exceeds ``maximumDimension`` or the pixels do not fit in memory.
    public static func decode(_ bytes: [UInt8], file: String, pixelLimit: PixelLimit = .standard) throws -> RGBAImage {
        let result = bytes.withUnsafeBufferPointer { buffer in
            pvrc_png_decode(
                buffer.baseAddress, buffer.count, UInt32(maximumDimension), UInt64(pixelLimit.maximumPixels))
        }
        if result.status == PVRC_PNG_TOO_LARGE,
            !pixelLimit.permits(width: Int(result.width), height: Int(result.height))
        {
            throw PNGError.exceedsPixelLimit(
                file: file, PixelLimitError(width: Int(result.width), height: Int(result.height), limit: pixelLimit))
        }
        let pixels = try takeBytes(result, file: file)
        do {
            return try RGBAImage(width: Int(result.width), height: Int(result.height), pixels: pixels)
        } catch {
            throw PNGError.invalidPNG(file: file, reason: "decoded pixels do not match the header: \(error)")
        }
    }

    /// Encodes an image as an 8-bit PNG.
    /// - Parameters:
    ///   - image: the pixels to write.
    ///   - includeAlpha: `true` writes RGBA, `false` drops alpha and writes RGB; `nil` (the default)
    ///     writes RGBA only when some pixel has alpha below 255.
    /// - Returns: the bytes of a complete PNG file.
    /// - Throws: ``PNGError/encodingFailed(file:reason:)`` if libpng fails (for example out of memory).
    public static func encode(_ image: RGBAImage, includeAlpha: Bool? = nil) throws -> [UInt8] {
        try encode(image, includeAlpha: includeAlpha, file: "(PNG in memory)")
    }

    /// Reads and decodes a PNG file.
    /// - Parameters:
    ///   - url: the file.
    ///   - pixelLimit: the most pixels the image may have (checked from the header, before decoding).
    /// - Throws: ``PNGError/io(file:reason:)`` when the file cannot be read, otherwise the errors
    ///   of ``decode(_:file:pixelLimit:)``.
    public static func read(from url: URL, pixelLimit: PixelLimit = .standard) throws -> RGBAImage {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(url)
        } catch {
            throw PNGError(error)
        }
        return try decode(bytes, file: FileIOError.name(of: url), pixelLimit: pixelLimit)
    }

    /// Encodes an image (RGBA only when it has transparency) and writes it to `url` atomically:
    /// the bytes go to a temporary file in the same directory, which is then renamed over `url`,
    /// so a failure never leaves a partial file behind.
    /// - Throws: ``PNGError/encodingFailed(file:reason:)`` or ``PNGError/io(file:reason:)``.
    public static func write(_ image: RGBAImage, to url: URL) throws {
        let bytes = try encode(image, includeAlpha: nil, file: FileIOError.name(of: url))
        do {
            try AtomicFileWriter.write(bytes, to: url)
        } catch {
            throw PNGError(error)
        }
    }

    private static func encode(_ image: RGBAImage, includeAlpha: Bool?, file: String) throws -> [UInt8] {
        guard image.width <= Int(Int32.max), image.height <= Int(Int32.max) else {
            throw PNGError.encodingFailed(
                file: file,
                reason: "image is \(image.width)x\(image.height) pixels; PNG allows at most 2^31-1 on each side")
        }
        let alpha = includeAlpha ?? image.hasTransparency
        let result = image.pixels.withUnsafeBufferPointer { buffer in
            pvrc_png_encode(buffer.baseAddress, UInt32(image.width), UInt32(image.height), alpha ? 1 : 0)
        }
        guard result.status == PVRC_PNG_OK else {
            throw PNGError.encodingFailed(file: file, reason: message(of: result))
        }
        return copyAndFree(result)
    }

    /// Copies a successful bridge result's bytes into an array and frees them, or throws its error.
    private static func takeBytes(_ result: pvrc_png_result, file: String) throws -> [UInt8] {
        switch result.status {
        case PVRC_PNG_OK:
            return copyAndFree(result)
        case PVRC_PNG_TOO_LARGE, PVRC_PNG_NO_MEMORY:
            throw PNGError.tooLarge(file: file, reason: message(of: result))
        default:
            throw PNGError.invalidPNG(file: file, reason: message(of: result))
        }
    }

    private static func copyAndFree(_ result: pvrc_png_result) -> [UInt8] {
        defer { pvrc_png_free(result.bytes) }
        return Array(UnsafeBufferPointer(start: result.bytes, count: result.byte_count))
    }

    private static func message(of result: pvrc_png_result) -> String {
        withUnsafeBytes(of: result.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
