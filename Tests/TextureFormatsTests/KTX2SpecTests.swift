import Foundation
import PVRCTestSupport
import PVRTC
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

    private func texture(metadata: TextureMetadata, levels: Int?) throws -> PVRTCTexture {
        var rng = SplitMix64(seed: 20)
        var texture = try TestTextures.random(width: 32, height: 16, levelCount: levels, hasAlpha: true, rng: &rng)
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
        let levelCount = texture.levels.count
        // vkFormat, typeSize, width, height, depth, layerCount, faceCount, levelCount, supercompressionScheme.
        XCTAssertEqual(
            (0..<9).map { spec.u32(12 + 4 * $0) },
            [
                srgb ? 1_000_054_005 : 1_000_054_001, 1, UInt32(texture.width), UInt32(texture.height), 0, 0, 1,
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
        XCTAssertEqual(
            Array(bytes[(dfdOffset + 16)..<(dfdOffset + 28)]), [3, 3, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0], line: line)
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
                let texture = try texture(metadata: metadata, levels: levels)
                let bytes = TextureFile(container: .ktx2, texture: texture).serialized()
                let stored = try checkAgainstSpec(bytes, texture: texture, zstd: false)
                XCTAssertEqual(stored, texture.levels.map(\.data))
                XCTAssertEqual(try TextureFile.parse(bytes, file: "k").texture, texture)
            }
        }
    }

    func testZstandardLevelsInflateWithTheZstdTool() throws {
        let zstdTool = "/usr/bin/zstd"
        let texture = try texture(metadata: TextureMetadata(colorSpace: .srgb), levels: nil)
        let bytes = TextureFile(container: .ktx2Zstd, texture: texture).serialized()
        let stored = try checkAgainstSpec(bytes, texture: texture, zstd: true)
        XCTAssertEqual(try TextureFile.parse(bytes, file: "z"), TextureFile(container: .ktx2Zstd, texture: texture))
        guard FileManager.default.isExecutableFile(atPath: zstdTool) else {
            throw XCTSkip("the zstd tool (Debian package zstd) is not installed; the frames were checked by pvrc only")
        }
        for (index, frame) in stored.enumerated() {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: zstdTool)
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
            throw XCTSkip("set PVRC_KTX_TOOL to KTX-Software's ktx binary to run this check")
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
        let cases: [(String, TextureContainer, TextureMetadata, Int?)] = [
            ("single.ktx2", .ktx2, TextureMetadata(orientation: TextureOrientation(yUp: true)), 1),
            ("zstd.ktx2", .ktx2Zstd, TextureMetadata(isPremultiplied: true, colorSpace: .srgb), nil),
        ]
        for (name, container, metadata, levels) in cases {
            let texture = try texture(metadata: metadata, levels: levels)
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
        LE.patch(&bytes, at: 12, 1_000_054_000)
        expect(bytes, .unsupportedPixelFormat(file: "h", format: "vkFormat 1000054000 (PVRTC1 2bpp UNORM)"))
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
