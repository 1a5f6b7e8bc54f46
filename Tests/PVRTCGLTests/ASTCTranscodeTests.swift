import Foundation
import ImageFiles
import Imaging
import PVRTC
import PVRTCGL
import PVRTCSearch
import XCTest

/// `PVRTCUploadMode.transcode` into ASTC 4x4 and 8x8 (``GLContext/requestedTranscodeTarget``) on a real context:
/// the blocks the GPU wrote decode, with texture2ddecoder (an independent ASTC decoder), to what the GPU samples
/// from the compressed texture (to the rounding of 16-bit texels to bytes), and close to pvrc's exact PVRTC decode; every level and cube face, sizes
/// that are not whole blocks, sRGB, void-extent blocks worked out from the ASTC specification, GPU bytes.
final class ASTCTranscodeTests: XCTestCase {
    private static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let targets: [TranscodeTarget] = [.astc4x4, .astc8x8]

    /// The shared context with `target` requested for the duration of `body` (or a skip where the context
    /// lacks ASTC on OpenGL ES 3).
    private func withTarget<T>(_ target: TranscodeTarget, _ body: (GLContext) throws -> T) throws -> T {
        let context = try SharedContext.get()
        guard context.isES3OrLater, target.isTaken(by: context.extensions) else {
            throw XCTSkip("\(context.renderer) (\(context.version)) cannot transcode to \(target.rawValue)")
        }
        context.requestedTranscodeTarget = target
        defer { context.requestedTranscodeTarget = nil }
        return try body(context)
    }

    /// Transcodes `texture` into `target`, checks every level's blocks against texture2ddecoder (exactly, on
    /// RGBA) and returns each level's PSNR (RGBA) of that decode against the exact PVRTC decode.
    private func transcodeAndCheck(
        _ texture: PVRTCTexture, into target: TranscodeTarget, _ label: String, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> [Double] {
        try withTarget(target) { context in
            let (uploaded, blocks) = try context.uploadTranscode(texture, keepingBlocks: true)
            defer { context.delete(uploaded) }
            XCTAssertEqual(uploaded.mode, .transcode, file: file, line: line)
            XCTAssertEqual(uploaded.transcodeTarget, target, file: file, line: line)
            XCTAssertEqual(uploaded.gpuBytes, target.byteCount(for: texture), file: file, line: line)
            XCTAssertEqual(blocks.count, texture.levels.count, file: file, line: line)
            var psnrs: [Double] = []
            for (index, level) in texture.levels.enumerated() {
                XCTAssertEqual(
                    blocks[index].count, target.byteCount(width: level.width, height: level.height), file: file,
                    line: line)
                let reference = try ReferenceBlockDecoder.decode(
                    blocks[index], target: target, width: level.width, height: level.height)
                let sampled = try context.readBackTranscoded(uploaded, level: index)
                XCTAssertLessThanOrEqual(
                    TranscodeCheck.maxDifference(sampled, reference, channels: 0..<4), Self.tolerance,
                    "\(label) \(target.rawValue) level \(index): GL vs texture2ddecoder; "
                        + TranscodeCheck.differences(sampled, reference, channels: 4), file: file, line: line)
                psnrs.append(TranscodeCheck.psnr(reference, PVRTCDecoder.decode(level, threads: 2), channels: 4))
            }
            return psnrs
        }
    }

    /// The most GL's sampling and texture2ddecoder may differ on a channel. Both decode the same UNORM16
    /// texel (ASTC LDR interpolates 16-bit endpoints); texture2ddecoder keeps its top byte, llvmpipe rounds it
    /// to the nearest 8-bit value. A block decoded differently (another weight, endpoint or mode) would be off
    /// by far more.
    private static let tolerance = 1

    // MARK: - Random words

    func testRandomWordsTranscodeAndDecodeAsTexture2DDecoderDoes() throws {
        let levels = try RandomBlocks.labelledLevels(
            formats: [.pvrtc1_4bpp, .pvrtc1_2bpp], sizes: [(8, 8), (64, 32)], kinds: [.opaque, .mixed], seedFactor: 31)
        for target in Self.targets {
            for (texture, label) in levels {
                let psnr = try transcodeAndCheck(texture, into: target, label)[0]
                // Random words decode to noise, the hardest content for blocks of two colours.
                XCTAssertGreaterThan(psnr, target == .astc4x4 ? 14 : 10, "\(label) \(target.rawValue)")
                print("transcode \(label) \(target.rawValue): PSNR \(TranscodeCheck.decibels(psnr)) dB")
            }
        }
    }

    func testSizesThatAreNotWholeBlocksTranscode() throws {
        let levels = try RandomBlocks.labelledLevels(
            formats: [.pvrtc2_4bpp, .pvrtc2_2bpp], sizes: [(6, 5), (36, 20), (12, 18)], kinds: [.mixed],
            seedFactor: 17)
        for target in Self.targets {
            for (texture, label) in levels {
                let psnr = try transcodeAndCheck(texture, into: target, label)[0]
                XCTAssertGreaterThan(psnr, target == .astc4x4 ? 14 : 10, "\(label) \(target.rawValue)")
            }
        }
    }

    func testRandomWordsWithEveryMipLevelDownTo1x1() throws {
        for target in Self.targets {
            for format in [PVRTCFormat.pvrtc1_4bpp, .pvrtc1_2bpp] {
                let texture = try RandomBlocks.texture(width: 32, height: 16, kind: .mixed, format: format, seed: 7)
                XCTAssertEqual(texture.levels.last?.width, 1)
                let psnrs = try transcodeAndCheck(texture, into: target, "\(format.displayName) 32x16 chain")
                XCTAssertEqual(psnrs.count, texture.levels.count)
            }
        }
    }

    // MARK: - Encoded images

    func testSmoothImagesTranscodeCloseToThePVRTCDecode() throws {
        for target in Self.targets {
            for format in [PVRTCFormat.pvrtc1_4bpp, .pvrtc1_2bpp] {
                for (width, height) in [(8, 8), (64, 32)] {
                    let image = TranscodeTests.smoothImage(width: width, height: height)
                    let texture = try TranscodeTests.encode(image, format: format, mips: false)
                    let label = "smooth \(width)x\(height) \(format.displayName)"
                    let psnr = try transcodeAndCheck(texture, into: target, label)[0]
                    XCTAssertGreaterThan(psnr, target == .astc4x4 ? 38 : 30, "\(label) \(target.rawValue)")
                    print("transcode \(label) \(target.rawValue): PSNR \(TranscodeCheck.decibels(psnr)) dB")
                }
            }
        }
    }

    func testSpriteWithAlphaAndMipsTranscodesEveryLevel() throws {
        let path = Self.repositoryRoot.appendingPathComponent("examples/snowy-tree-256-rgba.png")
        let texture = try TranscodeTests.encode(try PNGCodec.read(from: path), mips: true)
        XCTAssertTrue(texture.hasAlpha)
        for target in Self.targets {
            let psnrs = try transcodeAndCheck(texture, into: target, "snowy-tree-256-rgba")
            XCTAssertGreaterThan(psnrs[0], target == .astc4x4 ? 30 : 20, target.rawValue)
            for (index, psnr) in psnrs.enumerated() {
                print(
                    "transcode snowy-tree-256-rgba level \(index) \(target.rawValue): PSNR \(TranscodeCheck.decibels(psnr)) dB (RGBA)"
                )
            }
        }
    }

    // MARK: - Void extent

    /// A level whose decode is one colour everywhere becomes void-extent blocks, laid out as the ASTC
    /// specification's void-extent block: bits 0-8 = 0x1FC, bit 9 (HDR) clear, bits 10-63 set (no extent), then
    /// R, G, B, A as UNORM16 (the byte times 257).
    func testConstantLevelsBecomeVoidExtentBlocks() throws {
        // Colours A and B both opaque RGB (16, 8, 8) in five bits (A's blue 4 as four bits), so every
        // modulation value gives the same colour.
        let block = PVRTCBlock(modulation: 0x1B2D_3C4E, color: 0xC108_C108)
        let level = try PVRTCImage(
            width: 16, height: 16, linearBlocks: [PVRTCBlock](repeating: block, count: 16), format: .pvrtc1_4bpp)
        let texture = try PVRTCTexture(levels: [level], hasAlpha: false)
        let decoded = PVRTCDecoder.decode(level, threads: 1)
        let color = Array(decoded.pixels[0..<4])
        XCTAssertTrue(
            stride(from: 0, to: decoded.pixels.count, by: 4).allSatisfy { Array(decoded.pixels[$0..<$0 + 4]) == color },
            "the PVRTC decode of a flat image is flat")
        for target in Self.targets {
            try withTarget(target) { context in
                let (uploaded, blocks) = try context.uploadTranscode(texture, keepingBlocks: true)
                defer { context.delete(uploaded) }
                var expected: [UInt8] = [0xFC, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
                for channel in color { expected += [channel, channel] }
                let blockCount = target.byteCount(width: 16, height: 16) / 16
                XCTAssertEqual(blocks[0], Array([[UInt8]](repeating: expected, count: blockCount).joined()))
                XCTAssertEqual(try context.readBackTranscoded(uploaded, level: 0), decoded, target.rawValue)
            }
        }
    }

    // MARK: - sRGB, cube maps, bytes, table

    func testSRGBTextureGetsTheSRGBFormatWithTheSameBlocks() throws {
        for target in Self.targets {
            try withTarget(target) { context in
                var texture = try TranscodeTests.encode(TranscodeTests.smoothImage(width: 16, height: 16), mips: false)
                let uploads = try ColorSpaceTranscodes(texture, on: context)
                defer { uploads.delete(from: context) }
                XCTAssertEqual(uploads.linear.transcodedFormat, target.internalFormat(srgb: false))
                XCTAssertEqual(uploads.srgb.transcodedFormat, target.internalFormat(srgb: true))
                XCTAssertEqual(uploads.linearBlocks, uploads.srgbBlocks)
                texture.metadata.colorSpace = .srgb
                let drawn = try context.render(texture, mode: .transcode)
                XCTAssertNotEqual(
                    drawn, try context.readBackTranscoded(uploads.linear, level: 0), "sampling decodes sRGB")
            }
        }
    }

    func testCubeMapTranscodesEveryFaceAndLevel() throws {
        let cube = try RandomBlocks.cubeMap(size: 16, levels: nil, format: .pvrtc1_4bpp, seed: 3)
        for target in Self.targets {
            try withTarget(target) { context in
                let uploaded = try context.upload(cube, mode: .transcode)
                defer { context.delete(uploaded) }
                XCTAssertEqual(uploaded.faceCount, 6)
                XCTAssertEqual(uploaded.levelCount, 5)
                XCTAssertEqual(uploaded.transcodeTarget, target)
                XCTAssertEqual(uploaded.gpuBytes, 6 * target.byteCount(for: cube.shape))
                // Each face and level holds the blocks a 2D transcode of that face makes, which decode as
                // texture2ddecoder decodes them.
                for (face, faceTexture) in cube.faces.enumerated() {
                    let (flat, blocks) = try context.uploadTranscode(faceTexture, keepingBlocks: true)
                    defer { context.delete(flat) }
                    for level in [0, 2, 4] {
                        let size = max(16 >> level, 1)
                        let sampled = try context.readBackTranscoded(uploaded, face: face, level: level)
                        XCTAssertEqual(sampled, try context.readBackTranscoded(flat, level: level), "face \(face)")
                        let reference = try ReferenceBlockDecoder.decode(
                            blocks[level], target: target, width: size, height: size)
                        XCTAssertLessThanOrEqual(
                            TranscodeCheck.maxDifference(sampled, reference, channels: 0..<4), Self.tolerance,
                            "\(target.rawValue) face \(face) level \(level)")
                    }
                }
            }
        }
    }

    /// `GLContext.transcode(_:to:effort:)` (what `pvrc transcode` writes): each level of the KTX 2 file, found through
    /// the file's level index (KTX 2.0 section 3.9: byteOffset and byteLength, 24 bytes a level after the 80-byte
    /// header), holds the blocks the upload writes, and they decode with texture2ddecoder to what GL samples.
    func testKTX2FileLevelsAreTheBlocksGLSamples() throws {
        // PVRTC2 takes any size: 40x24 is 5x3 blocks of 8x8, the last row half outside the level.
        let texture = try RandomBlocks.texture(width: 40, height: 24, kind: .mixed, format: .pvrtc2_4bpp, seed: 5)
        for target in Self.targets {
            try withTarget(target) { context in
                let file = try context.transcode(texture, to: target).serialized()
                let (uploaded, blocks) = try context.uploadTranscode(texture, keepingBlocks: true)
                defer { context.delete(uploaded) }
                func u64(_ at: Int) -> Int { (0..<8).reduce(0) { $0 | Int(file[at + $1]) << (8 * $1) } }
                for (index, level) in texture.levels.enumerated() {
                    let offset = u64(80 + 24 * index)
                    let stored = Array(file[offset..<(offset + u64(80 + 24 * index + 8))])
                    XCTAssertEqual(stored, blocks[index], "\(target.rawValue) level \(index)")
                    let reference = try ReferenceBlockDecoder.decode(
                        stored, target: target, width: level.width, height: level.height)
                    XCTAssertLessThanOrEqual(
                        TranscodeCheck.maxDifference(
                            try context.readBackTranscoded(uploaded, level: index), reference, channels: 0..<4),
                        Self.tolerance, "\(target.rawValue) level \(index)")
                }
            }
        }
    }

    func testGPUBytesAreWholeBlocksOfEachTarget() throws {
        let texture = try RandomBlocks.texture(width: 64, height: 32, kind: .mixed, seed: 11)
        // 64x32, 32x16, 16x8, 8x4, 4x2, 2x1, 1x1: 4x4 blocks 128 + 32 + 8 + 2 + 1 + 1 + 1; 8x8 blocks
        // 32 + 8 + 2 + 1 + 1 + 1 + 1.
        let expected: [TranscodeTarget: Int] = [.astc4x4: 173 * 16, .astc8x8: 46 * 16]
        for target in Self.targets {
            try withTarget(target) { context in
                XCTAssertEqual(context.gpuBytes(for: texture, mode: .transcode), expected[target])
                let uploaded = try context.upload(texture, mode: .transcode)
                defer { context.delete(uploaded) }
                XCTAssertEqual(uploaded.gpuBytes, expected[target])
            }
        }
        XCTAssertEqual(TranscodeTarget.astc8x8.byteCount(width: 9, height: 8), 32)
        XCTAssertEqual(TranscodeTarget.astc8x8.byteCount(width: 1, height: 1), 16)
        XCTAssertEqual(TranscodeTarget.astc4x4.byteCount(width: 6, height: 5), 64)
    }

    /// Without S3TC, opaque textures take ETC2 RGB8 (4 bpp, core in ES 3.0) and textures with alpha ASTC 4x4
    /// (8 bpp, as ETC2 RGBA8, which they take without ASTC); with S3TC, BC1/BC3; ASTC 8x8 only on request.
    func testPreferenceTableRanksASTCAfterS3TCAndNeverPicks8x8() {
        let astc: Set = ["GL_KHR_texture_compression_astc_ldr"]
        XCTAssertEqual(TranscodeTarget.preferred(extensions: astc, hasAlpha: false), .etc2)
        XCTAssertEqual(TranscodeTarget.preferred(extensions: astc, hasAlpha: true), .astc4x4)
        XCTAssertEqual(TranscodeTarget.preferred(extensions: [], hasAlpha: true), .etc2RGBA)
        let both: Set = ["GL_KHR_texture_compression_astc_ldr", "GL_EXT_texture_compression_s3tc"]
        XCTAssertEqual(TranscodeTarget.preferred(extensions: both, hasAlpha: false), .bc1)
        XCTAssertEqual(TranscodeTarget.preferred(extensions: both, hasAlpha: true), .bc3)
        XCTAssertTrue(TranscodeTarget.astc8x8.isTaken(by: astc))
        XCTAssertFalse(TranscodeTarget.astc8x8.isTaken(by: ["GL_EXT_texture_compression_s3tc"]))
        XCTAssertTrue(TranscodeTarget.astc4x4.hasSRGBForm(extensions: astc))
        XCTAssertEqual(TranscodeTarget.astc4x4.rawValue, "astc-4x4")
        XCTAssertEqual(TranscodeTarget.astc8x8.rawValue, "astc-8x8")
    }
}
