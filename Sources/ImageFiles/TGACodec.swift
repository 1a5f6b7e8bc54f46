import CTGABridge
import Imaging

/// Reads Truevision TGA files as `RGBAImage` through stb_image (Debian `libstb-dev`), wrapped in the
/// `CTGABridge` C target.
///
/// Handled: true colour (15/16/24/32-bit), grey (8-bit, 16-bit grey + alpha) and colour-mapped images,
/// raw or run-length encoded, stored bottom-up or top-down (descriptor bit 5) and left-to-right or
/// right-to-left (bit 4, which stb_image ignores and this codec applies). Grey is replicated to RGB;
/// images without alpha get 255. The header is checked (``TGAHeader``), the size limit applied and
/// the pixel data (or run-length packets) checked to be complete before stb_image allocates anything:
/// stb_image itself reads zeros past the end of a truncated file.
public enum TGACodec {
    /// The largest width or height accepted.
    public static let maximumDimension = PNGCodec.maximumDimension

    /// Decodes TGA bytes to an RGBA image, top row first.
    /// - Parameters:
    ///   - bytes: the whole TGA file.
    ///   - file: the name used in error messages.
    ///   - pixelLimit: the most pixels the image may have (checked from the header, before decoding).
    /// - Throws: ``ImageFileError/invalidImage(file:format:reason:)`` for a bad header or data stb_image
    ///   rejects (truncated pixels or RLE packets), ``ImageFileError/tooLarge(file:reason:)`` when a
    ///   side exceeds ``maximumDimension``, ``ImageFileError/exceedsPixelLimit(file:_:)`` when the
    ///   declared size is over `pixelLimit`.
    public static func decode(_ bytes: [UInt8], file: String, pixelLimit: PixelLimit = .standard) throws -> RGBAImage {
        guard let header = TGAHeader(bytes) else {
            throw ImageFileError.invalidImage(file: file, format: "TGA", reason: "invalid 18-byte header")
        }
        guard header.width <= maximumDimension, header.height <= maximumDimension else {
            throw ImageFileError.tooLarge(
                file: file,
                reason: "\(header.width)x\(header.height) pixels; pvrc reads at most \(maximumDimension) on each side")
        }
        do {
            try pixelLimit.check(width: header.width, height: header.height)
        } catch {
            throw ImageFileError.exceedsPixelLimit(file: file, error)
        }
        if let problem = header.missingData(in: bytes) {
            throw ImageFileError.invalidImage(file: file, format: "TGA", reason: problem)
        }
        let result = bytes.withUnsafeBufferPointer { buffer in
            pvrc_tga_decode(buffer.baseAddress, buffer.count)
        }
        guard let pixels = result.pixels else {
            let reason = withUnsafeBytes(of: result.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw ImageFileError.invalidImage(file: file, format: "TGA", reason: reason)
        }
        defer { pvrc_tga_free(pixels) }
        let width = Int(result.width)
        let height = Int(result.height)
        guard width == header.width, height == header.height else {
            throw ImageFileError.invalidImage(
                file: file, format: "TGA",
                reason: "decoded \(width)x\(height), header says \(header.width)x\(header.height)")
        }
        let copy = Array(UnsafeBufferPointer(start: pixels, count: width * height * 4))
        let image: RGBAImage
        do {
            image = try RGBAImage(width: width, height: height, pixels: copy)
        } catch {
            throw ImageFileError.invalidImage(file: file, format: "TGA", reason: "\(error)")
        }
        return ImageFlip.flipped(image, horizontally: header.isRightToLeft, vertically: false)
    }
}
