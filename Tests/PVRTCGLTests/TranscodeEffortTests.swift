import Foundation
import ImageFiles
import Imaging
import PVRCTestRequirements
import PVRTC
import PVRTCGL
import PVRTCSearch
import XCTest

/// `TranscodeEffort`: the fast encoder is the one uploads use, and the thorough one (`pvrc transcode`'s
/// default) keeps up with libsquish's cluster fit, the best-known CPU BC1/BC3 fit, on the same pixels (pvrc's
/// exact decode of a PVRTC texture): BC1 and BC3 against libsquish's own; ETC2 RGB8 (the same bit rate as BC1)
/// is printed beside libsquish's BC1 and held to its gain over the fast encoder. libsquish comes from tools/squish-compress.cpp, built with g++ against
/// Debian's libsquish-dev (`tools/install-deps.sh --test`); a missing library fails under CI. Every block is
/// decoded by texture2ddecoder (ReferenceBlockDecoder), not by pvrc.
final class TranscodeEffortTests: XCTestCase {
    private static let tools = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tools")

    /// How far below libsquish's PSNR the thorough encoder may fall on one Kodak crop. On the 24 crops (PVRTC1
    /// 4bpp `best`) its means are above libsquish's while single crops fall up to 0.07 dB below (BC3), and
    /// kodim01's BC3 from a PVRTC `fast` encoding 0.08 dB (measured on llvmpipe); plus 0.04 dB for another
    /// driver's float arithmetic.
    private static let squishMargin = 0.12

    func testFastIsTheUploadEncoderAndThoroughKeepsUpWithLibsquish() throws {
        let context = try SharedContext.get()
        guard context.supportsTranscoding(hasAlpha: false), TranscodeTarget.bc3.isTaken(by: context.extensions)
        else { throw XCTSkip("no S3TC on \(context.renderer)") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pvrc-squish-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let compressor = try buildSquishCompress(in: folder)
        defer { context.requestedTranscodeTarget = nil }
        for name in ["kodak/kodim01_512.png", "kodak/kodim23_512.png"] {
            let image = try PNGCodec.read(from: try TestRequirement.corpusFile(name))
            let texture = try PVRTCEncoder.encodeSynchronously([image], options: .init(quality: .fast, threads: 2))
            let level = texture.levels[0]
            let exact = PVRTCDecoder.decode(level, threads: 2)
            for target in [TranscodeTarget.bc1, .bc3, .etc2] {
                let label = "\(name) \(target.rawValue)"
                context.requestedTranscodeTarget = target
                let (uploaded, uploadBlocks) = try context.uploadTranscode(texture, keepingBlocks: true)
                context.delete(uploaded)
                let fast = try context.transcode(texture, to: target, effort: .fast).levels[0][0]
                XCTAssertEqual(fast, uploadBlocks[0], label)
                let thorough = try context.transcode(texture, to: target).levels[0][0]
                let figures = try [fast, thorough].map { blocks in
                    TranscodeCheck.psnr(
                        try ReferenceBlockDecoder.decode(
                            blocks, target: target, width: level.width, height: level.height),
                        exact, channels: 3)
                }
                let squish = TranscodeCheck.psnr(
                    try squishBlocks(
                        exact, target: target == .bc3 ? .bc3 : .bc1, compressor: compressor, folder: folder),
                    exact, channels: 3)
                print(
                    String(
                        format: "transcode effort %@: fast %.2f dB, thorough %.2f dB, libsquish cluster fit %.2f dB",
                        label, figures[0], figures[1], squish))
                if target == .etc2 {
                    // Another format: on the 24 crops the thorough ETC2 mean is 0.22 dB above libsquish's BC1, with
                    // single crops from 0.86 below to 1.08 above, so per crop it is held to its gain over fast
                    // (measured 0.82 and 1.10 dB here).
                    XCTAssertGreaterThan(figures[1], figures[0] + 0.5, label)
                } else {
                    XCTAssertGreaterThan(figures[1], figures[0], label)
                    XCTAssertGreaterThan(figures[1], squish - Self.squishMargin, label)
                }
            }
        }
    }

    /// tools/squish-compress.cpp compiled against libsquish into `folder`.
    private func buildSquishCompress(in folder: URL) throws -> URL {
        let compiler = try TestRequirement.tool(["/usr/bin/g++"], package: "g++")
        guard FileManager.default.fileExists(atPath: "/usr/include/squish.h") else {
            throw TestRequirement.missing(
                "libsquish is not installed (Debian package libsquish-dev; tools/install-deps.sh --test)")
        }
        let output = folder.appendingPathComponent("squish-compress")
        try run(
            compiler,
            ["-O2", "-o", output.path, Self.tools.appendingPathComponent("squish-compress.cpp").path, "-lsquish"])
        return output
    }

    /// Runs `tool` with `arguments` and fails the test unless it exits with 0.
    private func run(_ tool: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(tool.lastPathComponent) \(arguments.joined(separator: " "))")
    }

    /// `image` compressed to `target` (BC1 or BC3) by libsquish's cluster fit (`compressor`, in `folder`),
    /// decoded by texture2ddecoder.
    private func squishBlocks(_ image: RGBAImage, target: TranscodeTarget, compressor: URL, folder: URL) throws
        -> RGBAImage
    {
        let raw = folder.appendingPathComponent("in.rgba")
        let blocks = folder.appendingPathComponent("out.blocks")
        try Data(image.pixels).write(to: raw)
        try run(compressor, [target.rawValue, String(image.width), String(image.height), raw.path, blocks.path])
        return try ReferenceBlockDecoder.decode(
            [UInt8](try Data(contentsOf: blocks)), target: target, width: image.width, height: image.height)
    }
}
