import EncodeJobs
import Foundation
import ImageFiles
import Imaging
import PVRCTestRequirements
import PVRCTestSupport
import PVRTC
import TextureFormats
import XCTest

/// `pvrc encode --codec pvrtc2`, `pvrc build` and the plugin's tool writing PVRTC2 (PVRTC-II): any size
/// in every container that can hold it, read back field by field from the bytes as the container
/// specifications lay them out (not through pvrc's readers), and refused in PVR v2 before any work.
///
/// Sizes worked out by hand: a 100x60 level 0 has floor(log2(100)) + 1 = 7 levels, 100x60, 50x30, 25x15,
/// 12x7, 6x3, 3x1, 1x1; a level has ceil(w / 4) x ceil(h / 4) words at 4bpp and ceil(w / 8) x ceil(h / 4)
/// at 2bpp, 8 bytes each.
final class PVRTC2EncodeCommandTests: CLITestCase {
    /// Level byte counts of a 100x60 chain: 25x15, 13x8, 7x4, 3x2, 2x1, 1x1, 1x1 words at 4bpp; 13x15,
    /// 7x8, 4x4, 2x2, 1x1, 1x1, 1x1 at 2bpp.
    private let levelBytes = [4: [3000, 832, 224, 48, 16, 8, 8], 2: [1560, 448, 128, 32, 8, 8, 8]]
    private let levelSizes = [(100, 60), (50, 30), (25, 15), (12, 7), (6, 3), (3, 1), (1, 1)]

    /// A 100x60 crop of the corpus's snowy tree (soft alpha), written as a PNG.
    private func corpusCrop() throws -> (image: RGBAImage, path: String) {
        let tree = try PNGCodec.read(from: TestRequirement.corpusFile("etr_snowy_tree_256_rgba.png"))
        var crop = RGBAImage(width: 100, height: 60)
        for y in 0..<60 {
            for x in 0..<100 { crop[x, y] = tree[x + 78, y + 20] }
        }
        XCTAssertTrue(crop.hasTransparency, "the crop must have alpha to test RGBA")
        let file = path("tree-100x60.png")
        try PNGCodec.write(crop, to: URL(fileURLWithPath: file))
        return (crop, file)
    }

    /// The root mean square difference of R, G and B where `reference` has alpha of at least 128, and of
    /// alpha everywhere (20 is 22.1 dB PSNR, 30 is 18.6 dB).
    private func rootMeanSquare(_ reference: RGBAImage, _ decoded: RGBAImage) -> Double {
        var sum = 0
        var count = 0
        for index in stride(from: 0, to: reference.pixels.count, by: 4) {
            let channels = reference.pixels[index + 3] >= 128 ? 0..<4 : 3..<4
            for channel in channels {
                let difference = Int(reference.pixels[index + channel]) - Int(decoded.pixels[index + channel])
                sum += difference * difference
                count += 1
            }
        }
        return (Double(sum) / Double(max(count, 1))).squareRoot()
    }

    private func u32(_ bytes: [UInt8], _ offset: Int) -> Int {
        (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }

    private func u64(_ bytes: [UInt8], _ offset: Int) -> Int {
        (0..<8).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }

    /// The file's bytes with a gzip or CCZ layer removed by python's gzip and zlib (CCZ: zlib data after
    /// a 16-byte header), not by pvrc.
    private func unwrapped(_ file: String, container: String) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        let code: String
        switch container {
        case "pvr-gz": code = "import sys, gzip; sys.stdout.buffer.write(gzip.decompress(sys.stdin.buffer.read()))"
        case "pvr-ccz":
            XCTAssertEqual(Array(bytes[0..<4]), Array("CCZ!".utf8))
            code = "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read()[16:]))"
        default: return bytes
        }
        let python = try PythonProcess(arguments: ["-c", code], input: bytes)
        XCTAssertEqual(python.status, 0, python.errors)
        return python.output
    }

    /// PVR v3 (`PVR\x03`, 52-byte header): pixel format 5 (PVRTC-II 4bpp) or 4 (2bpp), linear, unsigned
    /// normalised bytes, 60 high, 100 wide, one surface and face, 7 levels, then the levels back to back.
    private func checkPVRv3(_ bytes: [UInt8], bpp: Int, _ label: String) {
        XCTAssertEqual(u32(bytes, 0), 0x0352_5650, label)
        XCTAssertEqual(u32(bytes, 4), 0, "flags: not premultiplied; \(label)")
        XCTAssertEqual(u64(bytes, 8), bpp == 4 ? 5 : 4, "pixel format; \(label)")
        XCTAssertEqual(u32(bytes, 16), 0, "colour space; \(label)")
        XCTAssertEqual(u32(bytes, 20), 0, "channel type; \(label)")
        XCTAssertEqual([u32(bytes, 24), u32(bytes, 28), u32(bytes, 32)], [60, 100, 1], label)
        XCTAssertEqual([u32(bytes, 36), u32(bytes, 40), u32(bytes, 44)], [1, 1, 7], label)
        let metadata = u32(bytes, 48)
        XCTAssertEqual(bytes.count - 52 - metadata, levelBytes[bpp]?.reduce(0, +), label)
    }

    /// KTX 1.1: glInternalFormat 0x9138 (COMPRESSED_RGBA_PVRTC_4BPPV2_IMG) or 0x9137 (2BPPV2), base RGBA,
    /// 100x60, 7 levels, each level's imageSize as worked out, and nothing after the last.
    private func checkKTX(_ bytes: [UInt8], bpp: Int, _ label: String) {
        XCTAssertEqual(Array(bytes[0..<12]), [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x31, 0x31, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(u32(bytes, 12), 0x0403_0201, label)
        XCTAssertEqual([u32(bytes, 16), u32(bytes, 20), u32(bytes, 24)], [0, 1, 0], "glType, size, format; \(label)")
        XCTAssertEqual(u32(bytes, 28), bpp == 4 ? 0x9138 : 0x9137, "glInternalFormat; \(label)")
        XCTAssertEqual(u32(bytes, 32), 0x1908, "glBaseInternalFormat; \(label)")
        XCTAssertEqual(
            stride(from: 36, to: 60, by: 4).map { u32(bytes, $0) }, [100, 60, 0, 0, 1, 7],
            "width, height, depth, array elements, faces, levels; \(label)")
        var offset = 64 + u32(bytes, 60)
        var sizes: [Int] = []
        while offset + 4 <= bytes.count {
            let size = u32(bytes, offset)
            sizes.append(size)
            offset += 4 + (size + 3) / 4 * 4
        }
        XCTAssertEqual(sizes, levelBytes[bpp], label)
        XCTAssertEqual(offset, bytes.count, label)
    }

    /// KTX 2: vkFormat 1000054003 (VK_FORMAT_PVRTC2_4BPP_UNORM_BLOCK_IMG) or 1000054002 (2BPP), 100x60,
    /// no layers, one face, 7 levels, supercompression `scheme` (0 none, 2 Zstandard); the level index's
    /// lengths as worked out (the stored length only without supercompression).
    private func checkKTX2(
        _ bytes: [UInt8], bpp: Int, faces: Int = 1, levels: [Int]? = nil, scheme: Int = 0, _ label: String
    ) {
        XCTAssertEqual(Array(bytes[0..<12]), [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(u32(bytes, 12), bpp == 4 ? 1_000_054_003 : 1_000_054_002, "vkFormat; \(label)")
        XCTAssertEqual(u32(bytes, 16), 1, "typeSize; \(label)")
        let expected = levels ?? levelBytes[bpp] ?? []
        XCTAssertEqual(
            [u32(bytes, 28), u32(bytes, 32), u32(bytes, 36), u32(bytes, 40), u32(bytes, 44)],
            [0, 0, faces, expected.count, scheme], "depth, layers, faces, levels, scheme; \(label)")
        for (level, size) in expected.enumerated() {
            if scheme == 0 {
                XCTAssertEqual(u64(bytes, 80 + 24 * level + 8), size * faces, "level \(level) length; \(label)")
            }
            XCTAssertEqual(u64(bytes, 80 + 24 * level + 16), size * faces, "level \(level) uncompressed; \(label)")
        }
    }

    func testEveryContainerThatCanHoldPVRTC2HoldsAnySize() throws {
        let (image, input) = try corpusCrop()
        for bpp in [4, 2] {
            let format: PVRTCFormat = bpp == 4 ? .pvrtc2_4bpp : .pvrtc2_2bpp
            let options = EncodeOptions(quality: .fast, mipmaps: true, format: format)
            let expected = try EncodeJob(options: options, container: .pvr3).encode(image).texture
            for (container, name) in [
                ("pvr3", "a.pvr"), ("ktx", "b.ktx"), ("ktx2", "c.ktx2"), ("ktx2-zstd", "f.ktx2"),
                ("pvr-gz", "d.pvr.gz"),
                ("pvr-ccz", "e.pvr.ccz"),
            ] {
                let output = path("\(bpp)-\(name)")
                let label = "\(bpp)bpp \(container)"
                let result = try PVRCProcess.run([
                    "encode", input, output, "--codec", "pvrtc2", "--bpp", "\(bpp)", "--mipmaps", "--quality", "fast",
                    "--format", container,
                ])
                XCTAssertEqual(result.status, 0, result.standardError)
                XCTAssertTrue(
                    result.standardOutput.contains(": 100x60 RGBA PVRTC2 (PVRTC-II) \(bpp)bpp, 7 levels, "),
                    result.standardOutput)
                XCTAssertEqual(
                    result.standardError,
                    "pvrc: note: \(output): PVRTC2 (PVRTC-II) \(bpp)bpp is sampled by PowerVR SGX 5XT and later GPUs "
                        + "only; Apple GPUs cannot sample it (--codec pvrtc1 writes a texture they can)\n")
                let bytes = try unwrapped(output, container: container)
                switch container {
                case "ktx": checkKTX(bytes, bpp: bpp, label)
                case "ktx2": checkKTX2(bytes, bpp: bpp, label)
                case "ktx2-zstd": checkKTX2(bytes, bpp: bpp, scheme: 2, label)
                default: checkPVRv3(bytes, bpp: bpp, label)
                }
                let file = try TextureFile.read(from: URL(fileURLWithPath: output))
                XCTAssertEqual(file.texture.levels.map { "\($0.width)x\($0.height)" }, levelSizes.map { "\($0)x\($1)" })
                XCTAssertEqual(file.texture.levels, expected.levels, "the library's encode; \(label)")
                let decoded = PVRTCDecoder.decode(try file.texture.level(0))
                // The crop is hard (snow on needles): PVRTC1 4bpp `fast` on a 128x64 crop of the same place
                // reaches only 22.5 dB alpha-weighted RGB (`pvrc compare`), so the bounds are loose; the crop
                // 20 pixels further right and down is at RMS 134 and its mean colour at 99, far above them.
                XCTAssertLessThan(
                    rootMeanSquare(image, decoded), bpp == 4 ? 20 : 30, "level 0 decodes to the crop; \(label)")
            }
        }
        let info = try PVRCProcess.run(["info", path("4-a.pvr")])
        XCTAssertEqual(info.status, 0, info.standardError)
        XCTAssertTrue(info.standardOutput.contains("format: PVRTC2 (PVRTC-II) 4bpp RGBA\n"), info.standardOutput)
        XCTAssertTrue(info.standardOutput.contains("not Apple GPUs"), info.standardOutput)
    }

    /// PVR v2 has no pixel type for PVRTC2: asked for by name, it is one line naming the output, exit 1, no
    /// file, and the input is not even read (a missing one is not what the error names).
    func testPVRv2IsRefusedBeforeAnyWork() throws {
        for (bpp, arguments) in [(4, [String]()), (2, ["--bpp", "2"])] {
            let output = path("out\(bpp).pvr")
            let result = try PVRCProcess.run(
                ["encode", path("missing.png"), output, "--codec", "pvrtc2", "--format", "pvr2"] + arguments)
            XCTAssertEqual(result.status, 1)
            XCTAssertEqual(
                result.standardError,
                "pvrc: \(output): PVR v2 (legacy) cannot hold PVRTC2 (PVRTC-II) \(bpp)bpp (it has no pixel format for "
                    + "it); use --format pvr3, ktx, ktx2, pvr-ccz or pvr-gz\n")
            XCTAssertEqual(result.standardOutput, "")
        }
        XCTAssertEqual(try directoryContents(), [])
        let unknown = try PVRCProcess.run(["encode", path("missing.png"), path("x.ktx"), "--codec", "pvrtc3"])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.standardError.contains("--codec must be one of: pvrtc1, pvrtc2"), unknown.standardError)
    }

    /// With pvrtc2, `--square` and `--pot` resize only when given and `--allow-rectangular` changes nothing.
    func testSizeOptionsResizeOnlyWhenGiven() throws {
        let (_, input) = try corpusCrop()
        for (arguments, size) in [
            ([String](), (100, 60)), (["--allow-rectangular"], (100, 60)), (["--square", "pad"], (100, 100)),
            (["--pot", "stretch"], (128, 64)), (["--square", "stretch", "--pot", "pad"], (128, 128)),
        ] {
            let output = path("sized-\(arguments.joined(separator: "-")).ktx2")
            let result = try PVRCProcess.run(
                ["encode", input, output, "--codec", "pvrtc2", "--quality", "fast", "--quiet"] + arguments)
            XCTAssertEqual(result.status, 0, result.standardError)
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
            XCTAssertEqual([u32(bytes, 20), u32(bytes, 24)], [size.0, size.1], "\(arguments)")
            XCTAssertEqual(u32(bytes, 40), 1, "one level")
        }
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: path("sized-.ktx2"))),
            try Data(contentsOf: URL(fileURLWithPath: path("sized---allow-rectangular.ktx2"))))
        let pvrtc1 = try PVRCProcess.run(["encode", input, path("p1.ktx2"), "--quality", "fast"])
        XCTAssertEqual(pvrtc1.status, 1)
        XCTAssertTrue(pvrtc1.standardError.contains("PVRTC1 needs square power-of-two sizes"), pvrtc1.standardError)
    }

    /// Six 24x24 faces: a PVRTC2 cube map of floor(log2(24)) + 1 = 5 levels (24, 12, 6, 3, 1; 6x6, 3x3, 2x2,
    /// 1x1, 1x1 words at 4bpp), six faces per level in KTX 2.
    func testCubeMapOfANonPowerOfTwoSide() throws {
        var faces: [String] = []
        for index in 0..<6 {
            let face = path("face\(index).png")
            try PNGCodec.write(
                PipelineTestImages.noise(width: 24, height: 24, seed: UInt64(40 + index), alpha: .opaque),
                to: URL(fileURLWithPath: face))
            faces.append(face)
        }
        let output = path("sky.ktx2")
        let result = try PVRCProcess.run(
            ["encode", "--cube"] + faces + [output, "--codec", "pvrtc2", "--mipmaps", "--quality", "fast"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(
            result.standardOutput.contains("cube map, 6 faces of 24x24 RGB PVRTC2 (PVRTC-II) 4bpp, 5 levels each"),
            result.standardOutput)
        XCTAssertTrue(result.standardError.contains("Apple GPUs cannot sample it"), result.standardError)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
        XCTAssertEqual([u32(bytes, 20), u32(bytes, 24)], [24, 24])
        checkKTX2(bytes, bpp: 4, faces: 6, levels: [288, 72, 32, 8, 8], "cube map")
    }

    /// A manifest's `codec` reaches `pvrc build` and the plugin's tool, which write what `pvrc encode`
    /// writes for the same options; PVR v3 under `.pvr` (the name the plugin gives every output) without being
    /// asked for, since PVR v2 cannot hold PVRTC2.
    func testBuildAndThePluginToolWritePVRTC2() throws {
        let (_, input) = try corpusCrop()
        let source = path("src")
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: input, toPath: source + "/tree.png")
        let manifest = path("textures.json")
        try Data(
            #"{"source": "src", "options": {"codec": "pvrtc2", "bpp": "2", "mipmaps": true, "quality": "fast"}}"#
                .utf8
        ).write(to: URL(fileURLWithPath: manifest))
        let reference = path("reference.pvr")
        let encode = try PVRCProcess.run([
            "encode", input, reference, "--codec", "pvrtc2", "--bpp", "2", "--mipmaps", "--quality", "fast", "--quiet",
        ])
        XCTAssertEqual(encode.status, 0, encode.standardError)
        let expected = try Data(contentsOf: URL(fileURLWithPath: reference))
        checkPVRv3(Array(expected), bpp: 2, "encode")

        let build = try PVRCProcess.run(["build", manifest, path("out"), "--jobs", "1"])
        XCTAssertEqual(build.status, 0, build.standardError)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("out/tree.pvr"))), expected)

        let tool = try PVRCProcess.executable(named: "PVRTCTextureTool")
        let generated = path("generated/tree.pvr")
        let run = try PVRCProcess.run(
            executable: tool, [input, generated, "--path", "tree.png", "--manifest", manifest])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: generated)), expected)
    }

    /// `pvrc build --format pvr2`: a PVRTC2 texture is a failure line naming its output, with the formats that
    /// can hold it, and nothing is written.
    func testBuildRefusesPVRTC2InPVRv2() throws {
        let source = path("src")
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try PNGCodec.write(
            PipelineTestImages.noise(width: 20, height: 12, seed: 3, alpha: .opaque),
            to: URL(fileURLWithPath: source + "/a.png"))
        let build = try PVRCProcess.run([
            "build", source, path("out"), "--codec", "pvrtc2", "--format", "pvr2", "--jobs", "1",
        ])
        XCTAssertEqual(build.status, 1, build.standardOutput)
        let output = build.standardOutput + build.standardError
        XCTAssertTrue(
            output.contains(
                "a.pvr: PVR v2 (legacy) cannot hold PVRTC2 (PVRTC-II) 4bpp (it has no pixel format for it); use --format pvr3"
            ),
            output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out/a.pvr")))
    }
}
