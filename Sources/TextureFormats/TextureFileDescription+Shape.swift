import Imaging
import PVRTC

/// What the header readers behind ``TextureFileDescription/parse(_:file:pixelLimit:)`` share (one
/// reader per container, in `TextureFileDescription+<container>.swift`): each reads its header and
/// metadata from a ``ContainerSource``, works out every size with ``HeaderArithmetic`` and checks it
/// here, and records where the levels lie without reading them.
extension TextureFileDescription {
    /// The checks every container shares: sizes, level and face counts, the pixel limit.
    struct Shape {
        /// Names the file in errors.
        let file: String
        /// The limit applied to the declared size (`nil`: describe only, nothing per pixel is read).
        let pixelLimit: PixelLimit?

        /// Checks the sizes and returns the byte count of one face image per level (`nil` when the
        /// format's size is unknown).
        func check(
            width: UInt32, height: UInt32, depth: UInt32, levels: UInt64, faces: UInt32, arrays: UInt64,
            format: TexturePixelFormat?, rowAlignment: Int
        ) throws -> [Int]? {
            let limit = UInt32(PVRTCImage.maximumDimension)
            for (name, value) in [("width", width), ("height", height), ("depth", depth)] {
                guard value >= 1 else {
                    throw TextureFormatError.invalidDimensions(file: file, reason: "\(name) is 0")
                }
                guard value <= limit else {
                    throw TextureFormatError.invalidDimensions(
                        file: file, reason: "\(name) \(value) is larger than the \(limit) limit")
                }
            }
            if let pvrtc = format?.pvrtcFormat, !pvrtc.isPVRTC2 {
                // PVRTC1 blocks tile power-of-two sides only: any other size is no PVRTC1 level at all.
                for (name, value) in [("width", width), ("height", height)] where value.nonzeroBitCount != 1 {
                    throw TextureFormatError.invalidDimensions(
                        file: file, reason: "\(name) \(value) is not a power of two (PVRTC1 needs power-of-two sizes)")
                }
            }
            guard levels >= 1 else {
                throw TextureFormatError.invalidDimensions(file: file, reason: "the header announces 0 mip levels")
            }
            let full = PVRTCTexture.fullChainLength(width: Int(max(width, depth)), height: Int(height))
            guard levels <= UInt64(full) else {
                throw TextureFormatError.invalidDimensions(
                    file: file, reason: "\(levels) mip levels, but a \(width)x\(height) chain has at most \(full)")
            }
            guard faces == 1 || faces == 6 else {
                throw TextureFormatError.invalidHeader(file: file, reason: "\(faces) faces (1, or 6 for a cube map)")
            }
            if let pixelLimit {
                do throws(PixelLimitError) {
                    try pixelLimit.check(width: Int(width), height: Int(height), what: "texture")
                    // Faces, array surfaces and depth slices together: at most a cube map of the limit.
                    let surfaces = Int(faces) * Int(clamping: arrays) * Int(depth)
                    guard surfaces <= 6 || Int(width) * Int(height) <= pixelLimit.maximumPixels / surfaces * 6 else {
                        let (rows, overflow) = Int(height).multipliedReportingOverflow(by: surfaces)
                        throw PixelLimitError(
                            width: Int(width), height: overflow ? Int.max : rows,
                            limit: PixelLimit(
                                maximumPixels: pixelLimit.maximumPixels.multipliedReportingOverflow(by: 6).partialValue),
                            what: "\(surfaces) faces, array surfaces and depth slices together")
                    }
                } catch {
                    throw TextureFormatError.exceedsPixelLimit(file: file, error)
                }
            }
            guard let format else { return nil }
            var counts: [Int] = []
            for level in 0..<Int(levels) {
                guard
                    let count = format.byteCount(
                        width: max(Int(width) >> level, 1), height: max(Int(height) >> level, 1),
                        depth: max(Int(depth) >> level, 1), rowAlignment: rowAlignment)
                else {
                    throw TextureFormatError.invalidDimensions(file: file, reason: "level \(level) is too large")
                }
                counts.append(count)
            }
            return counts
        }

        /// Throws unless `size` is at most ``TextureFileDescription/maximumMetadataBytes``.
        func checkMetadata(_ size: Int, _ what: String) throws {
            guard size <= TextureFileDescription.maximumMetadataBytes else {
                throw TextureFormatError.invalidHeader(
                    file: file,
                    reason:
                        "\(what) of \(size) bytes, over the \(TextureFileDescription.maximumMetadataBytes)-byte limit")
            }
        }
    }

    /// `value` in upper-case hexadecimal after `0x`, zero-padded to `digits` digits.
    static func hex<T: BinaryInteger>(_ value: T, digits: Int) -> String {
        "0x" + String(value, radix: 16, uppercase: true).leftPadded(to: digits)
    }
}

extension TexturePixelFormat {
    /// Whether an uncompressed format stores alpha (an `a` or intensity channel).
    var hasAlphaChannel: Bool { channels.contains { $0.name == "a" || $0.name == "i" } }
}

extension String {
    /// The string with leading zeros added up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
