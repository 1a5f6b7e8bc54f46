import Imaging
import PVRCTestRequirements
import PVRTCGL

/// Blocks of a ``TranscodeTarget`` decoded on the CPU by texture2ddecoder (``BlockDecoderScript``), a decoder
/// written independently of pvrc.
enum ReferenceBlockDecoder {
    /// The `width` x `height` RGBA8 pixels of `blocks` in `target`'s format (row 0 first).
    static func decode(_ blocks: [UInt8], target: TranscodeTarget, width: Int, height: Int) throws -> RGBAImage {
        try RGBAImage(
            width: width, height: height,
            pixels: BlockDecoderScript.decode(blocks, format: target.rawValue, width: width, height: height))
    }
}
