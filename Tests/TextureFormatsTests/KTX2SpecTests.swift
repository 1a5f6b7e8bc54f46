import Foundation
import PVRCTestRequirements
import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import XCTest

@testable import TextureFormats

/// KTX 2 files pvrc writes, checked by a reader written in this test from the KTX 2.0 specification
/// (sections 3-4: header, index, level index, DFD, key/value data, level alignment and order) and
/// the Khronos Data Format 1.3 basic descriptor block; Zstandard levels are inflated by the `zstd`
/// command-line tool (Debian's zstd package) when it is installed.
final class KTX2SpecTests: XCTestCase {
    private struct Spec {
        let bytes: [UInt8]
        func u32(_ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) } }
        func u64(_ at: Int) -> Int { Int(UInt64(u32(at)) | UInt64(u32(at + 4)) << 32) }
    }

    private func texture(
        metadata: TextureMetadata, levels: Int?, format: PVRTCFormat = .pvrtc1_4bpp
    ) throws -> PVRTCTexture {
        var rng = SplitMix64(seed: 20)
        var texture = try TestTextures.random(
            width: 32, height: 16, levelCount: levels, hasAlpha: true, format: format, rng: &rng)
        texture.metadata = metadata
        return texture
    }

    /// Reads `bytes` the way the specification lays them out and returns each level's stored bytes.
    private func checkAgainstSpec(
        _ bytes: [UInt8], texture: PVRTCTexture, zstd: Bool, line: UInt = #line
    ) throws -> [[UInt8]] {
        let spec = Spec(bytes: bytes)
        XCTAssertEqual(
            Array(bytes.prefix(12)), [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A])
        let srgb = texture.metadata.colorSpace == .srgb
        let twoBit = texture.format == .pvrtc1_2bpp
        let levelCount = texture.levels.count
        // VK_IMG_format_pvrtc: VK_FORMAT_PVRTC1_2BPP_UNORM_BLOCK_IMG = 1000054000, _4BPP_UNORM_ = 1000054001,
        // _2BPP_SRGB_ = 1000054004, _4BPP_SRGB_ = 1000054005.
        let vkFormat: UInt32 =
            switch (twoBit, srgb) {
            case (false, false): 1_000_054_001
            case (false, true): 1_000_054_005
            case (true, false): 1_000_054_000
            case (true, true): 1_000_054_004
            }
        // vkFormat, typeSize, width, height, depth, layerCount, faceCount, levelCount, supercompressionScheme.
        XCTAssertEqual(
            (0..<9).map { spec.u32(12 + 4 * $0) },
            [
                vkFormat, 1, UInt32(texture.width), UInt32(texture.height), 0, 0, 1,
                UInt32(levelCount), zstd ? 2 : 0,
            ], line: line)
        let dfdOffset = Int(spec.u32(48))
        let dfdLength = Int(spec.u32(52))
        let kvdOffset = Int(spec.u32(56))
        let kvdLength = Int(spec.u32(60))
        XCTAssertEqual([spec.u64(64), spec.u64(72)], [0, 0], "no supercompression global data", line: line)
        XCTAssertEqual(dfdOffset, 80 + 24 * levelCount, "the DFD follows the level index", line: line)
        XCTAssertEqual(kvdOffset, dfdOffset + dfdLength, line: line)

        // DFD: dfdTotalSize, then one basic block (vendor 0, type 0, version 2, size 24 + 16 per sample).
        XCTAssertEqual(Int(spec.u32(dfdOffset)), dfdLength, line: line)
        XCTAssertEqual(spec.u32(dfdOffset + 4), 0, line: line)
        XCTAssertEqual(spec.u32(dfdOffset + 8), 2 | 40 << 16, line: line)
        let model = spec.u32(dfdOffset + 12)
        XCTAssertEqual(model & 0xFF, 164, "KHR_DF_MODEL_PVRTC", line: line)
        XCTAssertEqual(model >> 8 & 0xFF, 1, "BT.709 primaries", line: line)
        XCTAssertEqual(model >> 16 & 0xFF, srgb ? 2 : 1, "transfer function", line: line)
        XCTAssertEqual(model >> 24, texture.metadata.isPremultiplied ? 1 : 0, "alpha premultiplied flag", line: line)
        // texelBlockDimension0...3 (each minus one: 8x4x1x1 for 2bpp, 4x4x1x1 for 4bpp), bytesPlane0...7.
        XCTAssertEqual(
            Array(bytes[(dfdOffset + 16)..<(dfdOffset + 28)]), [twoBit ? 7 : 3, 3, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0],
            line: line)
        XCTAssertEqual(
            (0..<4).map { spec.u32(dfdOffset + 28 + 4 * $0) }, [63 << 16, 0, 0, 0xFFFF_FFFF], "one 64-bit sample",
            line: line)
        XCTAssertEqual(dfdLength, 44, line: line)

        // Key/value data: pairs sorted by key, NUL-terminated, each padded to 4 bytes.
        var pairs: [(String, String)] = []
        var at = kvdOffset
        while at < kvdOffset + kvdLength {
            let length = Int(spec.u32(at))
            let pair = Array(bytes[(at + 4)..<(at + 4 + length)])
            guard let nul = pair.firstIndex(of: 0) else { return [] }
            XCTAssertEqual(pair.last, 0, "values are NUL-terminated strings", line: line)
            pairs.append(
                (
                    String(decoding: pair[..<nul], as: UTF8.self),
                    String(decoding: pair[(nul + 1)...].dropLast(), as: UTF8.self)
                ))
            at += 4 + (length + 3) / 4 * 4
        }
        XCTAssertEqual(at, kvdOffset + kvdLength, line: line)
        XCTAssertEqual(pairs.map(\.0), pairs.map(\.0).sorted(), line: line)
        let orientation = texture.metadata.orientation
        XCTAssertEqual(
            pairs.first { $0.0 == "KTXorientation" }?.1,
            (orientation.xLeft ? "l" : "r") + (orientation.yUp ? "u" : "d"), line: line)
        XCTAssertEqual(pairs.first { $0.0 == "KTXwriter" }?.1.hasPrefix("pvrc"), true, line: line)

        // Level index: level 0 first; data stored smallest level first, aligned to 8 unless supercompressed.
        var levels: [[UInt8]] = []
        var previousStart = bytes.count + 1
        var lastEnd = 0
        for level in 0..<levelCount {
            let entry = 80 + 24 * level
            let (offset, length, uncompressed) = (spec.u64(entry), spec.u64(entry + 8), spec.u64(entry + 16))
            XCTAssertEqual(uncompressed, texture.levels[level].data.count, line: line)
            if !zstd {
                XCTAssertEqual(length, uncompressed, line: line)
                XCTAssertEqual(offset % 8, 0, "level \(level) alignment", line: line)
            }
            XCTAssertLessThan(
                offset + length, previousStart + (level == 0 ? 0 : 1), "smaller levels come first", line: line)
            XCTAssertGreaterThanOrEqual(offset, kvdOffset + kvdLength, line: line)
            if level == 0 { lastEnd = offset + length }
            previousStart = offset
            levels.append(Array(bytes[offset..<(offset + length)]))
        }
        XCTAssertEqual(lastEnd, bytes.count, "level 0 ends the file", line: line)
        return levels
    }

    func testUncompressedKTX2FollowsTheSpecification() throws {
        for metadata in [
            TextureMetadata(),
            TextureMetadata(
                orientation: TextureOrientation(xLeft: true, yUp: true), isPremultiplied: true, colorSpace: .srgb),
            TextureMetadata(orientation: TextureOrientation(yUp: true)),
        ] {
            for levels in [nil, 1, 3] {
                // PVRTC1 only: the containers do not read PVRTC2 yet.
                for format in PVRTCFormat.allCases where !format.isPVRTC2 {
                    let texture = try texture(metadata: metadata, levels: levels, format: format)
                    let bytes = TextureFile(container: .ktx2, texture: texture).serialized()
                    let stored = try checkAgainstSpec(bytes, texture: texture, zstd: false)
                    XCTAssertEqual(stored, texture.levels.map(\.data))
                    let read = try TextureFile.parse(bytes, file: "k").texture
                    XCTAssertEqual(read, texture)
                    XCTAssertEqual(read.format, format)
                }
            }
        }
    }

    /// The first 80 bytes and the DFD of a 2bpp file, spelled out byte by byte from the KTX 2.0
    /// specification (section 3) and Khronos Data Format 1.3 (basic descriptor block).
    func testTwoBitHeaderBytesAsTheSpecificationSpellsThem() throws {
        let texture = try texture(metadata: TextureMetadata(colorSpace: .srgb), levels: 1, format: .pvrtc1_2bpp)
        let bytes = TextureFile(container: .ktx2, texture: texture).serialized()
        XCTAssertEqual(
            Array(bytes[0..<48]),
            [
                0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A,  // identifier
                0xF4, 0x9C, 0x9B, 0x3B,  // vkFormat 1000054004 = 0x3B9B9CF4 (PVRTC1 2bpp sRGB)
                1, 0, 0, 0,  // typeSize
                32, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0,  // pixelWidth 32, pixelHeight 16, pixelDepth 0
                0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0,  // layerCount 0, faceCount 1, levelCount 1
                0, 0, 0, 0,  // supercompressionScheme none
            ])
        // dfdByteOffset 104 (80 + one 24-byte level entry), dfdByteLength 44.
        XCTAssertEqual(Array(bytes[48..<56]), [104, 0, 0, 0, 44, 0, 0, 0])
        XCTAssertEqual(
            Array(bytes[104..<148]),
            [
                44, 0, 0, 0,  // dfdTotalSize
                0, 0, 0, 0,  // vendorId 0, descriptorType 0
                2, 0, 40, 0,  // versionNumber 2, descriptorBlockSize 40
                164, 1, 2, 0,  // KHR_DF_MODEL_PVRTC, BT709, KHR_DF_TRANSFER_SRGB, flags 0
                7, 3, 0, 0,  // texel block 8x4x1x1
                8, 0, 0, 0, 0, 0, 0, 0,  // bytesPlane0 8
                0, 0, 63, 0,  // bitOffset 0, bitLength 63 (64 bits), channel PVRTC_COLOR
                0, 0, 0, 0, 0, 0, 0, 0,  // samplePosition0...3, sampleLower 0
                0xFF, 0xFF, 0xFF, 0xFF,  // sampleUpper
            ])
        // The level: 32x16 at 2bpp is 4x4 blocks of 8 bytes.
        XCTAssertEqual(
            Array(bytes[(80 + 8)..<(80 + 24)]), LE.bytes(128) + [0, 0, 0, 0] + LE.bytes(128) + [0, 0, 0, 0])
        // The same bytes under a 4bpp vkFormat (or a 4x4 DFD) are refused, never decoded as 4bpp.
        var four = bytes
        LE.patch(&four, at: 12, 1_000_054_005)
        XCTAssertThrowsError(try TextureFile.parse(four, file: "f"))
        var dfd = bytes
        dfd[104 + 16] = 3
        XCTAssertThrowsError(try TextureFile.parse(dfd, file: "d")) {
            XCTAssertEqual(
                $0 as? TextureFormatError,
                .invalidHeader(
                    file: "d", reason: "the DFD's texel block is 4x4, but PVRTC1 2bpp has 8x4 blocks"))
        }
    }

    func testZstandardLevelsInflateWithTheZstdTool() throws {
        let texture = try texture(metadata: TextureMetadata(colorSpace: .srgb), levels: nil)
        let bytes = TextureFile(container: .ktx2Zstd, texture: texture).serialized()
        let stored = try checkAgainstSpec(bytes, texture: texture, zstd: true)
        XCTAssertEqual(try TextureFile.parse(bytes, file: "z"), TextureFile(container: .ktx2Zstd, texture: texture))
        let twoBit = try self.texture(metadata: TextureMetadata(), levels: nil, format: .pvrtc1_2bpp)
        let twoBitBytes = TextureFile(container: .ktx2Zstd, texture: twoBit).serialized()
        _ = try checkAgainstSpec(twoBitBytes, texture: twoBit, zstd: true)
        XCTAssertEqual(try TextureFile.parse(twoBitBytes, file: "z").texture, twoBit)
        let zstdTool = try TestRequirement.tool(["/usr/bin/zstd"], package: "zstd")
        for (index, frame) in stored.enumerated() {
            let process = Process()
            process.executableURL = zstdTool
            process.arguments = ["-d", "-c", "-q"]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(Data(frame))
            try input.fileHandleForWriting.close()
            let inflated = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            XCTAssertEqual([UInt8](inflated), texture.levels[index].data, "level \(index)")
        }
    }

    /// KTX-Software's `ktx` tool (built from source outside the repository; set `PVRC_KTX_TOOL` to its
    /// path): `ktx validate` accepts single-level and Zstandard files, and `ktx extract --raw`
    /// (libktx) returns pvrc's level bytes. Multi-level uncompressed files are not validated here:
    /// ktx validate 5.0 sizes PVRTC levels below 8x8 without the 2x2-block minimum that libktx itself
    /// (and OpenGL's IMG extension) uses, and reports such files as "accepted by libktx".
    func testKTXSoftwareValidatesAndExtracts() throws {
        guard let tool = ProcessInfo.processInfo.environment["PVRC_KTX_TOOL"],
            FileManager.default.isExecutableFile(atPath: tool)
        else {
            throw TestRequirement.notRun(
                "KTX-Software's ktx tool has no Debian 12 package; set PVRC_KTX_TOOL to a ktx binary built from source")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pvrc-ktx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func run(_ arguments: [String]) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        let cases: [(String, TextureContainer, TextureMetadata, Int?, PVRTCFormat)] = [
            ("single.ktx2", .ktx2, TextureMetadata(orientation: TextureOrientation(yUp: true)), 1, .pvrtc1_4bpp),
            ("zstd.ktx2", .ktx2Zstd, TextureMetadata(isPremultiplied: true, colorSpace: .srgb), nil, .pvrtc1_4bpp),
            ("single2.ktx2", .ktx2, TextureMetadata(colorSpace: .srgb), 1, .pvrtc1_2bpp),
            ("zstd2.ktx2", .ktx2Zstd, TextureMetadata(orientation: TextureOrientation(yUp: true)), nil, .pvrtc1_2bpp),
        ]
        for (name, container, metadata, levels, format) in cases {
            let texture = try texture(metadata: metadata, levels: levels, format: format)
            let file = directory.appendingPathComponent(name)
            try TextureFile(container: container, texture: texture).write(to: file)
            XCTAssertEqual(try run(["validate", file.path]), 0, name)
            for level in texture.levels.indices {
                let raw = directory.appendingPathComponent("\(name)-\(level).raw")
                XCTAssertEqual(try run(["extract", "--raw", "--level", String(level), file.path, raw.path]), 0)
                XCTAssertEqual(try [UInt8](Data(contentsOf: raw)), texture.levels[level].data, "\(name) level \(level)")
            }
        }
    }

    func testHostileKTX2Files() throws {
        let texture = try texture(metadata: TextureMetadata(), levels: 2)
        let good = TextureFile(container: .ktx2, texture: texture).serialized()
        func expect(_ bytes: [UInt8], _ error: TextureFormatError, line: UInt = #line) {
            XCTAssertThrowsError(try TextureFile.parse(bytes, file: "h"), line: line) {
                XCTAssertEqual($0 as? TextureFormatError, error, line: line)
            }
        }
        var bytes = good
        LE.patch(&bytes, at: 12, 1_000_054_002)
        expect(bytes, .unsupportedPixelFormat(file: "h", format: "vkFormat 1000054002 (PVRTC2 2bpp UNORM)"))
        // 4bpp data relabelled 2bpp: the DFD's 4x4 block gives it away.
        bytes = good
        LE.patch(&bytes, at: 12, 1_000_054_000)
        expect(
            bytes, .invalidHeader(file: "h", reason: "the DFD's texel block is 4x4, but PVRTC1 2bpp has 8x4 blocks"))
        bytes = good
        LE.patch(&bytes, at: 12, 184)
        expect(bytes, .unsupportedPixelFormat(file: "h", format: "vkFormat 184"))
        bytes = good
        LE.patch(&bytes, at: 36, 6)
        expect(bytes, .unsupportedFeature(file: "h", reason: "faceCount is 6 (only single 2D textures are supported)"))
        bytes = good
        LE.patch(&bytes, at: 44, 1)
        expect(
            bytes,
            .unsupportedFeature(
                file: "h", reason: "supercompression scheme 1 (BasisLZ) (pvrc reads none and Zstandard)"))
        bytes = good
        LE.patch(&bytes, at: 80, UInt32(bytes.count))  // level 0 offset past the end
        XCTAssertThrowsError(try TextureFile.parse(bytes, file: "h")) {
            guard case TextureFormatError.truncated = $0 else { return XCTFail("\($0)") }
        }
        bytes = good
        LE.patch(&bytes, at: 80 + 16, 1)  // uncompressedByteLength of level 0
        expect(bytes, .invalidHeader(file: "h", reason: "uncompressedByteLength of level 0 is 1, expected 256"))
        // A Zstandard frame that claims the right size but holds 1 MiB is refused before inflating it.
        var zstd = TextureFile(container: .ktx2Zstd, texture: texture).serialized()
        let bomb = Zstd.compress([UInt8](repeating: 7, count: 1 << 20))
        let offset = Int(Spec(bytes: zstd).u64(80))
        zstd.replaceSubrange(offset..., with: bomb)
        LE.patch(&zstd, at: 88, UInt32(bomb.count))
        expect(zstd, .invalidHeader(file: "h", reason: "level 0 declares 1048576 bytes, expected 256"))
    }
}
