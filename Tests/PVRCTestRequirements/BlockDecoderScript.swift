import Foundation

/// GPU block formats (BC1, BC3, ETC2 RGB8, ETC2 RGBA8) decoded on the CPU by PyPI's `texture2ddecoder`
/// (Perfare's Texture2DDecoder), a decoder written independently of pvrc, through `tools/bc-decode.py`.
/// Without python3 or the module the test is skipped, or fails under CI (``TestRequirement``).
public enum BlockDecoderScript {
    private static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tools/bc-decode.py")

    /// The `width` x `height` RGBA8 pixels (row 0 first) of `blocks` in format `format` (`bc1`, `bc3`, `etc2`
    /// or `etc2-rgba`, the script's names).
    /// - Throws: ``TestRequirement/missing(_:)`` without the module; ``Failure`` when the script fails.
    public static func decode(_ blocks: [UInt8], format: String, width: Int, height: Int) throws -> [UInt8] {
        let run = try PythonProcess(arguments: [script.path, format, String(width), String(height)], input: blocks)
        if run.status == 3 {
            throw TestRequirement.missing(
                "the Python module texture2ddecoder is not installed (pip install --user texture2ddecoder)")
        }
        guard run.status == 0 else {
            throw Failure(description: "bc-decode.py exited \(run.status): \(run.errors)")
        }
        return run.output
    }

    /// What went wrong running the script.
    public struct Failure: Error, CustomStringConvertible {
        /// The exit status and the script's standard error.
        public let description: String
    }
}
