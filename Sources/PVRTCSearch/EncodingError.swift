import Imaging
import PVRTC

/// Why an image cannot be encoded as asked.
public enum EncodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The image's size is not one PVRTC1 (with iOS's square rule) accepts, and the preparation gives
    /// no resize policy for it: `needsSquare` when the `square` policy is missing for a non-square
    /// image, `needsPowerOfTwo` when the `pot` policy is missing for sides that are not powers of two.
    case unsupportedSize(width: Int, height: Int, needsSquare: Bool, needsPowerOfTwo: Bool)
    /// Resizing would produce a side longer than PVRTC1 textures may have.
    case tooLarge(width: Int, height: Int, maximum: Int)
    /// The source image, or the level 0 that padding or stretching would produce, has more pixels
    /// than the preparation's pixel limit allows; refused before it is allocated.
    case exceedsPixelLimit(PixelLimitError)
    /// The preparation's maximum size is below 1.
    case invalidMaximumSize(Int)
    /// Two options ask for things that exclude each other.
    case conflictingOptions(OptionConflict)
    /// The codec was given no levels to encode.
    case noLevels
    /// A level given to the codec cannot be a level of the texture: its size breaks the format's rule
    /// or it is not half of the level before it (`reason` says which).
    case invalidLevel(index: Int, width: Int, height: Int, reason: String)

    /// A pair of encoder options that cannot be used together.
    public enum OptionConflict: String, Sendable, Equatable, CaseIterable {
        /// A normal map that is to be premultiplied: vectors have no alpha to multiply by.
        case normalMapPremultiplied
        /// A normal map labelled sRGB: vectors are linear data.
        case normalMapSRGB
    }

    /// A one-line explanation in the library's terms, for example
    /// `image is 300x200: PVRTC1 needs square power-of-two sizes`.
    public var description: String {
        switch self {
        case .unsupportedSize(let width, let height, _, _):
            return "image is \(width)x\(height): \(Self.requirement(width: width, height: height))"
        case .tooLarge(let width, let height, let maximum):
            return "image would be \(width)x\(height) after resizing, over the \(maximum) limit"
        case .exceedsPixelLimit(let error):
            return error.description
        case .invalidMaximumSize(let size):
            return "maximum size \(size) is below 1"
        case .conflictingOptions(.normalMapPremultiplied):
            return "a normal map cannot be premultiplied (its vectors have no alpha to multiply by)"
        case .conflictingOptions(.normalMapSRGB):
            return "a normal map is linear data; it cannot be labelled sRGB"
        case .noLevels:
            return "no levels to encode"
        case .invalidLevel(let index, let width, let height, let reason):
            return "level \(index) is \(width)x\(height): \(reason)"
        }
    }

    /// Which PVRTC1 rule a `width` x `height` image breaks, in words.
    package static func requirement(width: Int, height: Int) -> String {
        switch (width != height, width.nonzeroBitCount != 1 || height.nonzeroBitCount != 1) {
        case (true, true): return "PVRTC1 needs square power-of-two sizes"
        case (true, false): return "PVRTC1 needs square sizes (iOS refuses non-square PVRTC textures)"
        default: return "PVRTC1 needs power-of-two sizes"
        }
    }
}
