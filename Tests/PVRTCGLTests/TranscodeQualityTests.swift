import Foundation
import ImageFiles
import Imaging
import PVRCTestRequirements
import PVRTC
import PVRTCBenchmarks
import PVRTCGL
import PVRTCSearch
import XCTest

/// The GPU transcoder's BC1 against quicktex's CPU encoder (levels 0, 5 and 18) on the same pixels, pvrc's
/// exact decode of a PVRTC texture: PSNR of each against those pixels. A measurement that needs PyPI's
/// quicktex, which CI does not install, so it is skipped where quicktex is missing (also under CI).
final class TranscodeQualityTests: XCTestCase {
    private static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tools/bc-reference-encode.py")

    /// Throws ``TestRequirement/notRun(_:)`` unless python3 can import quicktex and texture2ddecoder.
    private func requireQuicktex() throws {
        let python = try TestRequirement.tool(["/usr/bin/python3", "/usr/local/bin/python3"], package: "python3")
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", "import quicktex, texture2ddecoder"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestRequirement.notRun("quicktex comparison: pip install --user quicktex texture2ddecoder")
        }
    }

    /// quicktex's three decoded encodings of `image` (levels 0, 5, 18).
    private func quicktexEncodings(of image: RGBAImage) throws -> [RGBAImage] {
        let python = try TestRequirement.tool(["/usr/bin/python3", "/usr/local/bin/python3"], package: "python3")
        let process = Process()
        process.executableURL = python
        process.arguments = [Self.script.path, String(image.width), String(image.height)]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(image.pixels))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = [UInt8](stdout.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        if process.terminationStatus == 3 {
            throw TestRequirement.notRun("quicktex comparison: pip install --user quicktex texture2ddecoder")
        }
        XCTAssertEqual(process.terminationStatus, 0, "bc-reference-encode.py failed")
        let size = image.pixels.count
        return try (0..<3).map { index in
            try RGBAImage(
                width: image.width, height: image.height, pixels: Array(output[index * size..<(index + 1) * size]))
        }
    }

    /// Prints and returns (pvrc, quicktex 0, 5, 18) PSNRs in dB on RGB for level 0 of `texture` (opaque).
    private func compare(_ texture: PVRTCTexture, _ label: String) throws -> [Double] {
        let context = try SharedContext.get()
        guard context.supportsTranscoding(hasAlpha: false) else { throw XCTSkip("no BC1 on \(context.renderer)") }
        let level = texture.levels[0]
        let exact = PVRTCDecoder.decode(level, threads: 2)
        let (uploaded, blocks) = try context.uploadTranscode(texture, keepingBlocks: true)
        defer { context.delete(uploaded) }
        let ours = try ReferenceBlockDecoder.decode(blocks[0], target: .bc1, width: level.width, height: level.height)
        let figures =
            [TranscodeCheck.psnr(ours, exact, channels: 3)]
            + (try quicktexEncodings(of: exact).map { TranscodeCheck.psnr($0, exact, channels: 3) })
        let text = figures.map { String(format: "%.2f", $0) }
        print(
            "transcode quality \(label) \(level.width)x\(level.height), PSNR RGB against the PVRTC decode: "
                + "pvrc GPU \(text[0]) dB; quicktex level 0 \(text[1]), 5 \(text[2]), 18 \(text[3]) dB")
        return figures
    }

    private func encode(_ image: RGBAImage) throws -> PVRTCTexture {
        try PVRTCEncoder.encodeSynchronously([image], options: .init(quality: .fast, threads: 2))
    }

    func testGPUEncoderIsWithinReachOfQuicktex() throws {
        try requireQuicktex()
        var inputs = [("pattern", TestPattern.texture(width: 256, height: 256))]
        for name in ["etr_pebbles04_256.png", "photo_coffee_512.png", "oa_grass_lush_512.png"] {
            inputs.append((name, try PNGCodec.read(from: try TestRequirement.corpusFile(name))))
        }
        for (label, image) in inputs {
            let figures = try compare(try encode(image), label)
            // At least quicktex's default level 5 (measured on llvmpipe: 0.08 to 0.15 dB above it), less 0.05 dB
            // for another driver's float arithmetic.
            XCTAssertGreaterThan(figures[0], figures[2] - 0.05, label)
        }
    }
}
