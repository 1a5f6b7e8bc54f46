import Foundation
import Imaging
import PVRCTestRequirements
import PVRTCGL
import XCTest

/// BC1/BC3 and ASTC blocks decoded on the CPU by PyPI's `texture2ddecoder` (Perfare's Texture2DDecoder), a decoder
/// written independently of pvrc, through `tools/bc-decode.py`. Without python3 or the module the test is
/// skipped, or fails under CI (``TestRequirement``).
enum ReferenceBCDecoder {
    private static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tools/bc-decode.py")

    /// The `width` x `height` RGBA8 pixels of `blocks` in `target`'s format (row 0 first).
    static func decode(_ blocks: [UInt8], target: TranscodeTarget, width: Int, height: Int) throws -> RGBAImage {
        let run = try PythonProcess(
            arguments: [script.path, target.rawValue, String(width), String(height)], input: blocks)
        if run.status == 3 {
            throw TestRequirement.missing(
                "the Python module texture2ddecoder is not installed (pip install --user texture2ddecoder)")
        }
        guard run.status == 0 else {
            throw DecoderFailure(description: "bc-decode.py exited \(run.status): \(run.errors)")
        }
        return try RGBAImage(width: width, height: height, pixels: run.output)
    }

    /// What went wrong running the script.
    struct DecoderFailure: Error, CustomStringConvertible {
        /// The exit status and the script's standard error.
        let description: String
    }
}
