import Foundation
import PVRCTestRequirements
import PVRTC
import TextureFormats
import XCTest

/// `pvrc transcode` (headless GL): its KTX 2 files read as the KTX 2.0 specification and the Khronos Data
/// Format 1.3 lay them out (by a reader in this test), their levels decode with texture2ddecoder close to
/// pvrc's exact PVRTC decode, the input's metadata is carried over, and bad requests fail on one line.
final class TranscodeCommandTests: CLITestCase {
    /// One target's expected header and descriptor fields (KTX 2.0 section 3.1, Vulkan's `VkFormat`, Data
    /// Format 1.3 chapter 5 and its compressed formats' descriptors in section 5.6).
    private struct Expected {
        /// vkFormat of the `_UNORM_BLOCK` and `_SRGB_BLOCK` forms.
        let vk: (UInt32, UInt32)
        /// `KHR_DF_MODEL_...`.
        let model: UInt32
        /// Each sample's channel id, in bit order.
        let channels: [UInt32]
        /// Bits of each sample (the DFD stores bitLength minus one).
        let sampleBits: UInt32
        /// bytesPlane0: bytes per block.
        let bytes: Int
        /// Pixels along each side of a block (the DFD stores texelBlockDimension minus one).
        let side: Int
    }

    private static let expected: [String: Expected] = [
        "bc1": Expected(vk: (131, 132), model: 128, channels: [0], sampleBits: 64, bytes: 8, side: 4),
        "bc3": Expected(vk: (137, 138), model: 130, channels: [15, 0], sampleBits: 64, bytes: 16, side: 4),
        "etc2": Expected(vk: (147, 148), model: 161, channels: [2], sampleBits: 64, bytes: 8, side: 4),
        "etc2-rgba": Expected(vk: (151, 152), model: 161, channels: [15, 2], sampleBits: 64, bytes: 16, side: 4),
        // VK_FORMAT_ASTC_4x4_UNORM_BLOCK 157 / _SRGB_ 158, _8x8_ 171 / 172; KHR_DF_MODEL_ASTC 162, one 128-bit
        // sample of KHR_DF_CHANNEL_ASTC_DATA (0).
        "astc-4x4": Expected(vk: (157, 158), model: 162, channels: [0], sampleBits: 128, bytes: 16, side: 4),
        "astc-8x8": Expected(vk: (171, 172), model: 162, channels: [0], sampleBits: 128, bytes: 16, side: 8),
    ]

    /// A KTX 2 file read field by field as the specification lays it out.
    private struct SpecReader {
        let bytes: [UInt8]
        func u32(_ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) } }
        func u64(_ at: Int) -> Int { Int(UInt64(u32(at)) | UInt64(u32(at + 4)) << 32) }
        var vkFormat: UInt32 { u32(12) }
        var faceCount: Int { Int(u32(36)) }
        var levelCount: Int { Int(u32(40)) }
        var dfd: Int { Int(u32(48)) }

        /// The key/value pairs.
        var keyValues: [String: String] {
            var pairs: [String: String] = [:]
            var at = Int(u32(56))
            let end = at + Int(u32(60))
            while at < end {
                let length = Int(u32(at))
                let pair = bytes[(at + 4)..<(at + 4 + length)]
                if let nul = pair.firstIndex(of: 0) {
                    pairs[String(decoding: pair[..<nul], as: UTF8.self)] = String(
                        decoding: pair[(nul + 1)...].dropLast(), as: UTF8.self)
                }
                at += 4 + (length + 3) / 4 * 4
            }
            return pairs
        }

        /// Level `level`'s bytes, from the level index.
        func level(_ level: Int) -> [UInt8] {
            let offset = u64(80 + 24 * level)
            return Array(bytes[offset..<(offset + u64(80 + 24 * level + 8))])
        }
    }

    /// Runs `pvrc transcode` on `file` (to `target`, or the default) and checks the output against the
    /// specification and `faces` (one texture or six cube faces): header, DFD, key/value data, level order and
    /// alignment, and every level of every face decoded by texture2ddecoder against the PVRTC decode.
    @discardableResult
    private func transcodeAndCheck(
        _ file: String, faces: [PVRTCTexture], target: String?, expectedTarget: String,
        environment: [String: String] = [:], line: UInt = #line
    ) throws -> [UInt8] {
        let output = path("out-\(target ?? "default").ktx2")
        let result = try PVRCProcess.run(
            ["transcode", file, output] + (target.map { ["--to", $0] } ?? []), environment: environment)
        XCTAssertEqual(result.status, 0, result.standardError, line: line)
        XCTAssertTrue(result.standardOutput.contains(" \(expectedTarget), "), result.standardOutput, line: line)
        let reader = SpecReader(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: output))))
        let texture = faces[0]
        let expected = try XCTUnwrap(Self.expected[expectedTarget], line: line)
        let srgb = texture.metadata.colorSpace == .srgb
        XCTAssertEqual(
            Array(reader.bytes.prefix(12)), [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A],
            line: line)
        // vkFormat, typeSize 1, width, height, depth 0, layers 0, faces, levels, no supercompression.
        XCTAssertEqual(
            (0..<9).map { reader.u32(12 + 4 * $0) },
            [
                srgb ? expected.vk.1 : expected.vk.0, 1, UInt32(texture.width), UInt32(texture.height), 0, 0,
                UInt32(faces.count), UInt32(texture.levels.count), 0,
            ], line: line)
        // The DFD: one basic block, version 2, 24 + 16 bytes per sample.
        let dfd = reader.dfd
        let sampleCount = expected.channels.count
        XCTAssertEqual(Int(reader.u32(dfd)), 28 + 16 * sampleCount, line: line)
        XCTAssertEqual(reader.u32(dfd + 4), 0, line: line)
        XCTAssertEqual(reader.u32(dfd + 8), 2 | UInt32(24 + 16 * sampleCount) << 16, line: line)
        let model = reader.u32(dfd + 12)
        XCTAssertEqual(model & 0xFF, expected.model, "colour model", line: line)
        XCTAssertEqual(model >> 8 & 0xFF, 1, "BT.709 primaries", line: line)
        XCTAssertEqual(model >> 16 & 0xFF, srgb ? 2 : 1, "transfer function", line: line)
        XCTAssertEqual(model >> 24, texture.metadata.isPremultiplied ? 1 : 0, "premultiplied flag", line: line)
        let side = UInt8(expected.side - 1)
        XCTAssertEqual(
            Array(reader.bytes[(dfd + 16)..<(dfd + 28)]),
            [side, side, 0, 0, UInt8(expected.bytes), 0, 0, 0, 0, 0, 0, 0], "NxNx1x1 blocks, bytesPlane0", line: line)
        for (index, channel) in expected.channels.enumerated() {
            let sample = dfd + 28 + 16 * index
            XCTAssertEqual(
                (0..<4).map { reader.u32(sample + 4 * $0) },
                [
                    expected.sampleBits * UInt32(index) | (expected.sampleBits - 1) << 16 | channel << 24, 0, 0,
                    0xFFFF_FFFF,
                ],
                "sample \(index)", line: line)
        }
        let orientation = texture.metadata.orientation
        XCTAssertEqual(
            reader.keyValues["KTXorientation"], (orientation.xLeft ? "l" : "r") + (orientation.yUp ? "u" : "d"),
            line: line)
        // Levels: smallest stored first, each aligned to lcm(block size, 4), level 0 ending the file.
        var previous = reader.bytes.count + 1
        for (index, level) in texture.levels.enumerated() {
            let offset = reader.u64(80 + 24 * index)
            XCTAssertEqual(offset % expected.bytes, 0, "level \(index) alignment", line: line)
            XCTAssertLessThan(offset, previous, "smaller levels first", line: line)
            previous = offset
            let blocks = reader.level(index)
            let blocksWide = (level.width + expected.side - 1) / expected.side
            let faceBytes = blocksWide * ((level.height + expected.side - 1) / expected.side) * expected.bytes
            XCTAssertEqual(blocks.count, faceBytes * faces.count, "level \(index)", line: line)
            XCTAssertEqual(reader.u64(80 + 24 * index + 16), blocks.count, line: line)
            for (faceIndex, face) in faces.enumerated() where blocks.count == faceBytes * faces.count {
                let decoded = try BlockDecoderScript.decode(
                    Array(blocks[(faceIndex * faceBytes)..<((faceIndex + 1) * faceBytes)]), format: expectedTarget,
                    width: level.width, height: level.height)
                let psnr = Self.psnr(
                    decoded, PVRTCDecoder.decode(face.levels[index]).pixels, channels: expected.bytes == 16 ? 4 : 3)
                // Random words decode to noise, the hardest content for blocks; an 8x8 block's reduced weight
                // grid blurs it more.
                XCTAssertGreaterThan(
                    psnr, expected.side == 8 ? 10 : 14, "face \(faceIndex) level \(index)", line: line)
            }
        }
        XCTAssertEqual(reader.u64(80) + reader.u64(88), reader.bytes.count, "level 0 ends the file", line: line)
        return reader.bytes
    }

    /// PSNR in dB over the first `channels` channels of RGBA8 pixels.
    private static func psnr(_ a: [UInt8], _ b: [UInt8], channels: Int) -> Double {
        var sum = 0.0
        var count = 0
        for i in 0..<min(a.count, b.count) where i % 4 < channels {
            let d = Double(a[i]) - Double(b[i])
            sum += d * d
            count += 1
        }
        return sum > 0 ? 10 * log10(255 * 255 / (sum / Double(count))) : .infinity
    }

    func testEveryTargetWritesASpecKTX2WithEveryLevelAndTheMetadata() throws {
        var texture = try randomTexture(width: 32, height: 16, hasAlpha: true, seed: 21)
        texture.metadata = TextureMetadata(
            orientation: TextureOrientation(yUp: true), isPremultiplied: true, colorSpace: .srgb)
        let file = try writeTexture(texture, container: .pvr3, name: "in.pvr")
        for target in ["bc1", "bc3", "etc2", "etc2-rgba"] {
            try transcodeAndCheck(file, faces: [texture], target: target, expectedTarget: target)
        }
    }

    /// ASTC 4x4 and 8x8 (on a context with ASTC LDR): the spec checks above, with every level of a texture and
    /// of a cube map, and `pvrc info` names the written format.
    func testASTCTargetsWriteASpecKTX2ThatInfoNames() throws {
        // PVRTC2 takes any size: 40x24 is 5x3 blocks of 8x8, the last row half outside the level.
        var texture = try randomTexture(width: 40, height: 24, hasAlpha: true, seed: 27, format: .pvrtc2_4bpp)
        texture.metadata = TextureMetadata(
            orientation: TextureOrientation(xLeft: true), isPremultiplied: false, colorSpace: .srgb)
        let file = try writeTexture(texture, container: .ktx2, name: "in.ktx2")
        let probe = try PVRCProcess.run(["transcode", file, path("probe.ktx2"), "--to", "astc-4x4"])
        if probe.standardError.contains("cannot take astc-4x4") {
            throw XCTSkip(probe.standardError)
        }
        for (target, name) in [("astc-4x4", "ASTC 4x4 sRGB"), ("astc-8x8", "ASTC 8x8 sRGB")] {
            try transcodeAndCheck(file, faces: [texture], target: target, expectedTarget: target)
            let info = try PVRCProcess.run(["info", path("out-\(target).ktx2")])
            XCTAssertEqual(info.status, 0, info.standardError)
            XCTAssertTrue(info.standardOutput.contains(name), info.standardOutput)
        }
        var faces = try (0..<6).map { try randomTexture(width: 16, height: 16, hasAlpha: true, seed: 40 + UInt64($0)) }
        for index in faces.indices { faces[index].metadata.isPremultiplied = true }
        let cube = path("cube.ktx2")
        try PVRTCCubeMap(faces: faces).write(to: URL(fileURLWithPath: cube), as: .ktx2)
        try transcodeAndCheck(cube, faces: faces, target: "astc-8x8", expectedTarget: "astc-8x8")
    }

    func testDefaultTargetFollowsAlphaAndTwoBppAndPVRTC2Inputs() throws {
        let opaque = try randomTexture(width: 16, height: 16, hasAlpha: false, seed: 22, format: .pvrtc1_2bpp)
        try transcodeAndCheck(
            try writeTexture(opaque, container: .ktx, name: "opaque.ktx"), faces: [opaque], target: nil,
            expectedTarget: "bc1")
        let translucent = try randomTexture(width: 16, height: 8, hasAlpha: true, seed: 23, format: .pvrtc2_4bpp)
        try transcodeAndCheck(
            try writeTexture(translucent, container: .ktx2, name: "pvrtc2.ktx2"), faces: [translucent], target: nil,
            expectedTarget: "bc3")
    }

    func testCubeMapKeepsEveryFace() throws {
        let faces = try (0..<6).map { try randomTexture(width: 16, height: 16, hasAlpha: true, seed: 30 + UInt64($0)) }
        let file = path("cube.ktx2")
        try PVRTCCubeMap(faces: faces).write(to: URL(fileURLWithPath: file), as: .ktx2)
        try transcodeAndCheck(file, faces: faces, target: "etc2-rgba", expectedTarget: "etc2-rgba")
    }

    /// `--effort`: thorough by default, fast on request (the uploads' encoder); the two write different BC1 and
    /// ETC2 blocks for noise, the same ASTC blocks; an unknown effort is refused and writes nothing.
    func testEffortPicksTheEncoder() throws {
        let texture = try randomTexture(width: 32, height: 32, hasAlpha: false, seed: 28)
        let file = try writeTexture(texture, container: .pvr3, name: "in.pvr")
        func blocks(_ arguments: [String], _ name: String) throws -> [UInt8] {
            let run = try PVRCProcess.run(["transcode", file, path(name)] + arguments)
            XCTAssertEqual(run.status, 0, run.standardError)
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
        }
        let thorough = try blocks(["--to", "bc1"], "thorough.ktx2")
        XCTAssertEqual(try blocks(["--to", "bc1", "--effort", "thorough"], "thorough-named.ktx2"), thorough)
        XCTAssertNotEqual(try blocks(["--to", "bc1", "--effort", "fast"], "fast.ktx2"), thorough)
        XCTAssertNotEqual(
            try blocks(["--to", "etc2", "--effort", "fast"], "etc2-fast.ktx2"),
            try blocks(["--to", "etc2"], "etc2.ktx2"))
        XCTAssertEqual(
            try blocks(["--to", "astc-4x4", "--effort", "fast"], "astc-fast.ktx2"),
            try blocks(["--to", "astc-4x4"], "astc.ktx2"))
        let unknown = try PVRCProcess.run(["transcode", file, path("slow.ktx2"), "--effort", "slow"])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("slow.ktx2")))
    }

    func testRefusalsPrintOneLineAndLeaveNoOutput() throws {
        let texture = try randomTexture(width: 16, height: 16, hasAlpha: true, seed: 24)
        let file = try writeTexture(texture, container: .pvr3, name: "in.pvr")
        XCTAssertNotEqual(try PVRCProcess.run(["transcode", file, path("b.ktx2"), "--to", "bc7"]).status, 0)
        let help = try PVRCProcess.run(["transcode", "--help"])
        for name in ["bc1", "bc3", "etc2", "etc2-rgba", "astc-4x4", "astc-8x8"] {
            XCTAssertTrue(help.standardOutput.contains(name), "--help lacks \(name)")
        }
        assertFailure(
            try PVRCProcess.run(["transcode", file, path("c.png")]), naming: path("c.png"), problem: ".ktx2")
        // A file that is not PVRTC: the PNG of `pvrc decode`.
        let png = path("decoded.png")
        XCTAssertEqual(try PVRCProcess.run(["decode", file, png]).status, 0)
        let notPVRTC = try PVRCProcess.run(["transcode", png, path("d.ktx2")])
        XCTAssertEqual(notPVRTC.status, 1)
        XCTAssertTrue(notPVRTC.standardError.contains(png), notPVRTC.standardError)
        XCTAssertEqual(notPVRTC.standardError.split(separator: "\n").count, 1, notPVRTC.standardError)
        XCTAssertEqual(try directoryContents(), ["decoded.png", "in.pvr"])
    }

    /// Mesa with S3TC taken away (`MESA_EXTENSION_OVERRIDE`) refuses BC1 and defaults to ETC2; with only
    /// OpenGL ES 2.0 (`MESA_GLES_VERSION_OVERRIDE`) it refuses every target.
    func testContextsWithoutS3TCOrES3() throws {
        let texture = try randomTexture(width: 16, height: 16, hasAlpha: false, seed: 26)
        let file = try writeTexture(texture, container: .pvr3, name: "in.pvr")
        let noS3TC = [
            "MESA_EXTENSION_OVERRIDE":
                "-GL_EXT_texture_compression_s3tc -GL_EXT_texture_compression_dxt1 -GL_ANGLE_texture_compression_dxt1 "
                + "-GL_ANGLE_texture_compression_dxt3 -GL_ANGLE_texture_compression_dxt5"
        ]
        assertFailure(
            try PVRCProcess.run(["transcode", file, path("a.ktx2"), "--to", "bc1"], environment: noS3TC),
            naming: file, problem: "cannot take bc1 blocks")
        try transcodeAndCheck(file, faces: [texture], target: nil, expectedTarget: "etc2", environment: noS3TC)
        assertFailure(
            try PVRCProcess.run(
                ["transcode", file, path("b.ktx2"), "--to", "etc2"], environment: ["MESA_GLES_VERSION_OVERRIDE": "2.0"]),
            naming: file, problem: "OpenGL ES 3")
        XCTAssertEqual(try directoryContents(), ["in.pvr", "out-default.ktx2"])
    }

    /// KTX-Software's `ktx validate` (built from source; set `PVRC_KTX_TOOL`) accepts every target's file (ASTC
    /// on a context with ASTC LDR, as llvmpipe is).
    func testKTXSoftwareValidatesTranscodedFiles() throws {
        guard let tool = ProcessInfo.processInfo.environment["PVRC_KTX_TOOL"],
            FileManager.default.isExecutableFile(atPath: tool)
        else {
            throw TestRequirement.notRun(
                "KTX-Software's ktx tool has no Debian 12 package; set PVRC_KTX_TOOL to a ktx binary built from source")
        }
        var texture = try randomTexture(width: 32, height: 32, hasAlpha: true, seed: 25)
        texture.metadata.colorSpace = .srgb
        let file = try writeTexture(texture, container: .pvr3, name: "in.pvr")
        for target in ["bc1", "bc3", "etc2", "etc2-rgba", "astc-4x4", "astc-8x8"] {
            let output = path("\(target).ktx2")
            XCTAssertEqual(try PVRCProcess.run(["transcode", file, output, "--to", target]).status, 0)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = ["validate", output]
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, target)
        }
    }
}
