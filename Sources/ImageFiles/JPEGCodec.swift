import CTurboJPEG
import FileIO
import Foundation
import Imaging

/// Reads JPEG files as `RGBAImage` through libjpeg-turbo's TurboJPEG API (Debian `libturbojpeg0-dev`).
///
/// Baseline and progressive JPEGs in grey, YCbCr or RGB come out as 8-bit RGBA with alpha 255; grey is
/// replicated. The stored orientation is used as it is (EXIF orientation tags are not applied), and no
/// colour management is done (ICC profiles are ignored). CMYK JPEGs are refused by libjpeg-turbo's
/// RGBA conversion. Warnings are errors (`TJFLAG_STOPONWARNING`), so a truncated or corrupt file never
/// yields a half-grey image, and progressive files with absurd scan counts are refused
/// (`TJFLAG_LIMITSCANS`).
public enum JPEGCodec {
    /// The largest width or height accepted; checked from the header before pixels are allocated.
    public static let maximumDimension = PNGCodec.maximumDimension

    /// The size a JPEG file declares, from its header alone (no pixels are decoded); `nil` when
    /// libjpeg-turbo cannot read the header.
    package static func declaredSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(
                handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0, width > 0, height > 0 else { return nil }
        return (Int(width), Int(height))
    }

    /// Decodes JPEG bytes to an RGBA image.
    /// - Parameters:
    ///   - bytes: the whole JPEG file.
    ///   - file: the name used in error messages.
    ///   - pixelLimit: the most pixels the image may have (checked from the header, before decoding).
    /// - Throws: ``ImageFileError/invalidImage(file:format:reason:)`` for data libjpeg-turbo rejects,
    ///   ``ImageFileError/tooLarge(file:reason:)`` when a side exceeds ``maximumDimension``,
    ///   ``ImageFileError/exceedsPixelLimit(file:_:)`` when the declared size is over `pixelLimit`.
    public static func decode(_ bytes: [UInt8], file: String, pixelLimit: PixelLimit = .standard) throws -> RGBAImage {
        guard let handle = tjInitDecompress() else {
            throw ImageFileError.invalidImage(file: file, format: "JPEG", reason: "cannot start libjpeg-turbo")
        }
        defer { tjDestroy(handle) }
        func failure() -> ImageFileError {
            let reason = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "libjpeg-turbo failed"
            return .invalidImage(file: file, format: "JPEG", reason: reason)
        }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(
                handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw failure() }
        guard width > 0, height > 0 else {
            throw ImageFileError.invalidImage(file: file, format: "JPEG", reason: "image is \(width)x\(height)")
        }
        guard width <= maximumDimension, height <= maximumDimension else {
            throw ImageFileError.tooLarge(
                file: file, reason: "\(width)x\(height) pixels; pvrc reads at most \(maximumDimension) on each side")
        }
        do {
            try pixelLimit.check(width: Int(width), height: Int(height))
        } catch {
            throw ImageFileError.exceedsPixelLimit(file: file, error)
        }
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let flags = TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS
        let status = bytes.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { destination in
                tjDecompress2(
                    handle, source.baseAddress, UInt(source.count), destination.baseAddress, width, 0, height,
                    Int32(TJPF_RGBA.rawValue), flags)
            }
        }
        guard status == 0 else { throw failure() }
        do {
            return try RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
        } catch {
            throw ImageFileError.invalidImage(file: file, format: "JPEG", reason: "\(error)")
        }
    }
}
