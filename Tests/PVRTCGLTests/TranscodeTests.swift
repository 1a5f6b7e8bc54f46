import Foundation
import ImageFiles
import Imaging
import PVRTC
import PVRTCBenchmarks
import PVRTCGL
import PVRTCSearch
import XCTest

/// `PVRTCUploadMode.transcode` on a real context: the block words the GPU wrote decode, with texture2ddecoder
/// (an independent BC1/BC3 decoder), to exactly what the GPU samples from the compressed texture, and close
/// to pvrc's exact PVRTC decode; GPU bytes are the target's block sizes.
final class TranscodeTests: XCTestCase {
    private static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A context that transcodes (S3TC on OpenGL ES 3, as Mesa's llvmpipe has), or a skip.
    private func transcodingContext() throws -> GLContext {
        let context = try SharedContext.get()
        guard context.supportsTranscoding(hasAlpha: true) else {
            throw XCTSkip("\(context.renderer) (\(context.version)) cannot transcode to BC1/BC3")
        }
        return context
    }

    /// Transcodes `texture` into the preferred target and checks every level (``TranscodeCheck``).
    private func transcodeAndCheck(
        _ texture: PVRTCTexture, _ label: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [TranscodeCheck.Level] {
        let checks = try TranscodeCheck.run(
            texture, label, on: try transcodingContext(), into: nil, file: file, line: line)
        return checks
    }

    // MARK: - Random words

    func testRandomWordsTranscodeAndDecodeAsTexture2DDecoderDoes() throws {
        for format in [PVRTCFormat.pvrtc1_4bpp, .pvrtc1_2bpp] {
            for (width, height) in [(8, 8), (64, 32)] {
                for kind in [BlockKind.opaque, .mixed] {
                    let texture = try RandomBlocks.texture(
                        width: width, height: height, kind: kind, levels: 1, format: format,
                        seed: UInt64(width * 31 + height))
                    let label = "\(format.displayName) \(width)x\(height) \(kind)"
                    let checks = try transcodeAndCheck(texture, label)
                    // Random words decode to noise, the hardest content for 4x4 blocks of two colours.
                    XCTAssertGreaterThan(checks[0].psnr, 14, label)
                    print(
                        "transcode \(label): max |GL - texture2ddecoder| \(checks[0].maxDifferenceFromReference), PSNR \(TranscodeCheck.decibels(checks[0].psnr)) dB"
                    )
                }
            }
        }
    }

    func testRandomPVRTC2WordsOfAnySizeTranscode() throws {
        for format in [PVRTCFormat.pvrtc2_4bpp, .pvrtc2_2bpp] {
            for (width, height) in [(8, 8), (6, 5), (36, 20)] {
                for kind in [BlockKind.opaque, .mixed] {
                    let texture = try RandomBlocks.texture(
                        width: width, height: height, kind: kind, levels: 1, format: format,
                        seed: UInt64(width * 17 + height))
                    let label = "\(format.displayName) \(width)x\(height) \(kind)"
                    let checks = try transcodeAndCheck(texture, label)
                    XCTAssertGreaterThan(checks[0].psnr, 14, label)
                }
            }
        }
    }

    func testRandomWordsWithEveryMipLevelDownTo1x1() throws {
        for format in [PVRTCFormat.pvrtc1_4bpp, .pvrtc1_2bpp] {
            let texture = try RandomBlocks.texture(width: 32, height: 16, kind: .mixed, format: format, seed: 7)
            XCTAssertEqual(texture.levels.last?.width, 1)
            let checks = try transcodeAndCheck(texture, "\(format.displayName) 32x16 chain")
            XCTAssertEqual(checks.count, texture.levels.count)
        }
    }

    // MARK: - Encoded images

    /// A smooth opaque image: two gradients and a soft disc over a 64x64 field, of which a smaller image
    /// shows the top-left corner (so every size changes by at most about 3 per pixel).
    static func smoothImage(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: (0, 0, 0, 255))
        for y in 0..<height {
            for x in 0..<width {
                let u = Double(x) / 64
                let v = Double(y) / 64
                let disc = max(0, 1 - ((u - 0.5) * (u - 0.5) + (v - 0.5) * (v - 0.5)) * 8)
                let o = (y * width + x) * 4
                image.pixels[o] = UInt8(40 + 180 * u)
                image.pixels[o + 1] = UInt8(30 + 150 * v + 60 * disc)
                image.pixels[o + 2] = UInt8(200 - 120 * u * v)
            }
        }
        return image
    }

    /// `image` (and with `mips` its mip chain) encoded at quality fast.
    static func encode(_ image: RGBAImage, format: PVRTCFormat = .pvrtc1_4bpp, mips: Bool) throws -> PVRTCTexture {
        let levels = mips ? MipChain.build(from: image, colorSpace: .srgb) : [image]
        return try PVRTCEncoder.encodeSynchronously(levels, options: .init(quality: .fast, threads: 2, format: format))
    }

    func testSmoothImagesTranscodeAbove30dB() throws {
        for format in [PVRTCFormat.pvrtc1_4bpp, .pvrtc1_2bpp] {
            for (width, height) in [(8, 8), (64, 32)] {
                let texture = try Self.encode(
                    Self.smoothImage(width: width, height: height), format: format, mips: false)
                let label = "smooth \(width)x\(height) \(format.displayName)"
                let checks = try transcodeAndCheck(texture, label)
                XCTAssertGreaterThan(checks[0].psnr, 30, label)
                print("transcode \(label) BC1: PSNR \(TranscodeCheck.decibels(checks[0].psnr)) dB vs the PVRTC decode")
            }
        }
    }

    func testEncodedPatternWithMipsTranscodesEveryLevel() throws {
        let texture = try Self.encode(TestPattern.texture(width: 64, height: 64), mips: true)
        XCTAssertEqual(texture.levels.count, 7)
        let checks = try transcodeAndCheck(texture, "pattern 64x64")
        XCTAssertGreaterThan(checks[0].psnr, 30)
        for (index, check) in checks.enumerated() {
            print("transcode pattern 64x64 level \(index) BC1: PSNR \(TranscodeCheck.decibels(check.psnr)) dB")
        }
    }

    func testSpriteWithAlphaTranscodesToBC3() throws {
        let path = Self.repositoryRoot.appendingPathComponent("examples/snowy-tree-256-rgba.png")
        let texture = try Self.encode(try PNGCodec.read(from: path), mips: true)
        XCTAssertTrue(texture.hasAlpha)
        let checks = try transcodeAndCheck(texture, "snowy-tree-256-rgba")
        XCTAssertGreaterThan(checks[0].psnr, 30)
        for (index, check) in checks.enumerated() {
            print(
                "transcode snowy-tree-256-rgba level \(index) BC3: PSNR \(TranscodeCheck.decibels(check.psnr)) dB (RGBA)"
            )
        }
    }

    // MARK: - Uploads, sRGB, cube maps, bytes

    func testDrawingATranscodedTextureShowsItsLevels() throws {
        let context = try transcodingContext()
        let texture = try Self.encode(Self.smoothImage(width: 32, height: 32), mips: true)
        let rendered = try context.render(texture, level: 1, mode: .transcode)
        let uploaded = try context.upload(texture, mode: .transcode)
        defer { context.delete(uploaded) }
        XCTAssertEqual(rendered, try context.readBackTranscoded(uploaded, level: 1))
        XCTAssertEqual(rendered.width, 16)
    }

    func testSRGBTextureGetsTheSRGBFormatWithTheSameBlocks() throws {
        let context = try transcodingContext()
        guard context.supportsSRGBTranscoding else { throw XCTSkip("\(context.renderer) lacks S3TC sRGB formats") }
        var texture = try Self.encode(Self.smoothImage(width: 16, height: 16), mips: false)
        let uploads = try ColorSpaceTranscodes(texture, on: context)
        defer { uploads.delete(from: context) }
        XCTAssertEqual(uploads.linearBlocks, uploads.srgbBlocks)
        // Sampling with sRGB decoding skipped reads the stored values, the same as the linear texture's.
        XCTAssertEqual(
            try context.readBackTranscoded(uploads.srgb, level: 0),
            try context.readBackTranscoded(uploads.linear, level: 0))
        texture.metadata.colorSpace = .srgb
        let drawn = try context.render(texture, mode: .transcode)
        XCTAssertNotEqual(drawn, try context.readBackTranscoded(uploads.srgb, level: 0), "sampling decodes sRGB")
    }

    func testCubeMapTranscodesEveryFaceAndLevel() throws {
        let context = try transcodingContext()
        let cube = try RandomBlocks.cubeMap(size: 16, levels: nil, format: .pvrtc1_4bpp, seed: 3)
        let uploaded = try context.upload(cube, mode: .transcode)
        defer { context.delete(uploaded) }
        XCTAssertEqual(uploaded.mode, .transcode)
        XCTAssertEqual(uploaded.faceCount, 6)
        XCTAssertEqual(uploaded.levelCount, 5)
        XCTAssertEqual(uploaded.transcodeTarget, .bc3)
        XCTAssertEqual(uploaded.gpuBytes, 6 * TranscodeTarget.bc3.byteCount(for: cube.shape))
        // Each face and level holds the blocks a 2D transcode of that face makes (the encoder is deterministic).
        for (face, faceTexture) in cube.faces.enumerated() {
            let flat = try context.upload(faceTexture, mode: .transcode)
            defer { context.delete(flat) }
            for level in [0, 2, 4] {
                XCTAssertEqual(
                    try context.readBackTranscoded(uploaded, face: face, level: level),
                    try context.readBackTranscoded(flat, level: level), "face \(face) level \(level)")
            }
        }
        XCTAssertEqual(
            try context.readBack(uploaded, face: 5, level: 1),
            try context.readBackTranscoded(uploaded, face: 5, level: 1))
        // Drawn flat, a face shows its level 0.
        let target = try context.makeRenderTarget(width: 16, height: 16)
        defer { context.delete(target) }
        try context.draw(
            uploaded, to: GLFramebuffer(name: target.framebuffer, width: 16, height: 16), face: 3, level: nil)
        XCTAssertEqual(try context.readPixels(target), try context.readBackTranscoded(uploaded, face: 3, level: 0))
    }

    func testGPUBytesAreTheTargetsBlocks() throws {
        let context = try transcodingContext()
        for kind in [BlockKind.opaque, .translucent] {
            let texture = try RandomBlocks.texture(width: 64, height: 32, kind: kind, seed: 11)
            let uploaded = try context.upload(texture, mode: .transcode)
            defer { context.delete(uploaded) }
            // 64x32, 32x16, 16x8, 8x4, 4x2, 2x1, 1x1: 128 + 32 + 8 + 2 + 1 + 1 + 1 blocks.
            let blocks = 128 + 32 + 8 + 2 + 1 + 1 + 1
            let expected = blocks * (kind == .opaque ? 8 : 16)
            XCTAssertEqual(uploaded.gpuBytes, expected, "\(kind)")
            XCTAssertEqual(
                PVRTCUploadMode.transcode.gpuBytes(for: texture, transcodingInto: kind == .opaque ? .bc1 : .bc3),
                expected)
            XCTAssertEqual(context.gpuBytes(for: texture, mode: .transcode), expected)
            print(
                "transcode GPU bytes 64x32 chain \(kind): \(expected) (decode-once \(PVRTCUploadMode.decodeOnce.gpuBytes(for: texture, transcodingInto: nil)), PVRTC \(PVRTCUploadMode.direct.gpuBytes(for: texture, transcodingInto: nil)))"
            )
        }
    }

    func testPreferenceTableChoosesByExtensionsAndAlpha() {
        let s3tc: Set = ["GL_EXT_texture_compression_s3tc"]
        XCTAssertEqual(TranscodeTarget.preferred(extensions: s3tc, hasAlpha: false), .bc1)
        XCTAssertEqual(TranscodeTarget.preferred(extensions: s3tc, hasAlpha: true), .bc3)
        let dxt1: Set = ["GL_EXT_texture_compression_dxt1"]
        XCTAssertEqual(TranscodeTarget.preferred(extensions: dxt1, hasAlpha: false), .bc1)
        // ETC2 RGBA8, core in OpenGL ES 3.0, serves alpha where only BC1 is there.
        XCTAssertEqual(TranscodeTarget.preferred(extensions: dxt1, hasAlpha: true), .etc2RGBA)
        let angle: Set = ["GL_ANGLE_texture_compression_dxt1", "GL_ANGLE_texture_compression_dxt5"]
        XCTAssertEqual(TranscodeTarget.preferred(extensions: angle, hasAlpha: false), .bc1)
        XCTAssertEqual(TranscodeTarget.preferred(extensions: angle, hasAlpha: true), .bc3)
        XCTAssertEqual(
            TranscodeTarget.preferred(extensions: ["GL_OES_compressed_ETC1_RGB8_texture"], hasAlpha: false), .etc2)
        XCTAssertEqual(TranscodeTarget.bc1.byteCount(width: 1, height: 1), 8)
        XCTAssertEqual(TranscodeTarget.bc3.byteCount(width: 6, height: 5), 64)
        XCTAssertEqual(GLContext.esMajorVersion("OpenGL ES 3.2 Mesa 22.3.6"), 3)
        XCTAssertEqual(GLContext.esMajorVersion("OpenGL ES 2.0 (ANGLE)"), 2)
        XCTAssertNil(GLContext.esMajorVersion("4.6 (Core Profile) Mesa"))
    }
}
