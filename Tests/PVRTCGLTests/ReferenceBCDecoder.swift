import Foundation
import Imaging
import PVRCTestRequirements
import PVRTCGL
import XCTest

/// BC1/BC3 blocks decoded on the CPU by PyPI's `texture2ddecoder` (Perfare's Texture2DDecoder), a decoder
/// written independently of pvrc, through `tools/bc-decode.py`. Without python3 or the module the test is
/// skipped, or fails under CI (``TestRequirement``).
enum ReferenceBCDecoder {
    private static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tools/bc-decode.py")

    /// The `width` x `height` RGBA8 pixels of `blocks` in `target`'s format (row 0 first).
    static func decode(_ blocks: [UInt8], target: TranscodeTarget, width: Int, height: Int) throws -> RGBAImage {
        let python = try TestRequirement.tool(["/usr/bin/python3", "/usr/local/bin/python3"], package: "python3")
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, target.rawValue, String(width), String(height)]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(blocks))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 3 {
            throw TestRequirement.missing(
                "the Python module texture2ddecoder is not installed (pip install --user texture2ddecoder)")
        }
        guard process.terminationStatus == 0 else {
            throw DecoderFailure(description: "bc-decode.py exited \(process.terminationStatus): \(errors)")
        }
        return try RGBAImage(width: width, height: height, pixels: [UInt8](output))
    }

    /// What went wrong running the script.
    struct DecoderFailure: Error, CustomStringConvertible {
        /// The exit status and the script's standard error.
        let description: String
    }
}
