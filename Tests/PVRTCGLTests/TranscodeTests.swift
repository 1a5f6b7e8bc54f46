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

    /// The outcome of one transcoded level: how far the GPU's sampling is from texture2ddecoder's decode of the
    /// same blocks, and the PSNR of that decode against the exact PVRTC decode.
    private struct LevelCheck {
        let maxDifferenceFromReference: Int
        let psnr: Double
    }

    /// Transcodes `texture`, checks every level against texture2ddecoder and returns the per-level figures.
    /// BC1 levels are compared on RGB (the opaque target has no alpha), BC3 levels on RGBA.
    private func transcodeAndCheck(
        _ texture: PVRTCTexture, _ label: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [LevelCheck] {
        let context = try transcodingContext()
        let (uploaded, blocks) = try context.uploadTranscode(texture, keepingBlocks: true)
        defer { context.delete(uploaded) }
        let target = try XCTUnwrap(uploaded.transcodeTarget, file: file, line: line)
        XCTAssertEqual(uploaded.mode, .transcode, file: file, line: line)
        XCTAssertEqual(target, texture.hasAlpha ? .bc3 : .bc1, file: file, line: line)
        XCTAssertEqual(blocks.count, texture.levels.count, file: file, line: line)
        let channels = target == .bc1 ? 3 : 4
        var checks: [LevelCheck] = []
        for (index, level) in texture.levels.enumerated() {
            XCTAssertEqual(
                blocks[index].count, target.byteCount(width: level.width, height: level.height), file: file, line: line)
            let reference = try ReferenceBCDecoder.decode(
                blocks[index], target: target, width: level.width, height: level.height)
            let sampled = try context.readBackTranscoded(uploaded, level: index)
            let colorDifference = Self.maxDifference(sampled, reference, channels: 0..<3)
            let alphaDifference = Self.maxDifference(sampled, reference, channels: 3..<channels)
            let summary = Self.differences(sampled, reference, channels: channels)
            XCTAssertLessThanOrEqual(
                colorDifference, Self.colorTolerance, "\(label) level \(index): GL vs texture2ddecoder; \(summary)",
                file: file, line: line)
            XCTAssertLessThanOrEqual(
                alphaDifference, Self.alphaTolerance, "\(label) level \(index): GL vs texture2ddecoder; \(summary)",
                file: file, line: line)
            let difference = max(colorDifference, alphaDifference)
            let psnr = Self.psnr(reference, PVRTCDecoder.decode(level, threads: 2), channels: channels)
            checks.append(LevelCheck(maxDifferenceFromReference: difference, psnr: psnr))
        }
        return checks
    }

    /// The most GL's sampling and texture2ddecoder may differ on a colour channel. The endpoints decode
    /// exactly alike (RGB565 by bit replication); the interpolated colours at 1/3 and 2/3 are left to the
    /// decoder by the format (D3D allows a small error there): texture2ddecoder truncates, llvmpipe rounds.
    private static let colorTolerance = 1
    /// The most they may differ on BC3 alpha: texture2ddecoder truncates the sevenths and fifths between
    /// the alpha endpoints, llvmpipe's interpolation is up to 2 away from that (measured; endpoints and the
    /// 6-value mode's 0 and 255 are exact).
    private static let alphaTolerance = 2

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
                        "transcode \(label): max |GL - texture2ddecoder| \(checks[0].maxDifferenceFromReference), PSNR \(Self.decibels(checks[0].psnr)) dB"
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

    private func encode(_ image: RGBAImage, format: PVRTCFormat = .pvrtc1_4bpp, mips: Bool) throws -> PVRTCTexture {
        let levels = mips ? try MipChain.build(from: image, colorSpace: .srgb) : [image]
        return try PVRTCEncoder.encodeSynchronously(levels, options: .init(quality: .fast, threads: 2, format: format))
    }

    func testSmoothImagesTranscodeAbove30dB() throws {
        for format in [PVRTCFormat.pvrtc1_4bpp, .pvrtc1_2bpp] {
            for (width, height) in [(8, 8), (64, 32)] {
                let texture = try encode(Self.smoothImage(width: width, height: height), format: format, mips: false)
                let label = "smooth \(width)x\(height) \(format.displayName)"
                let checks = try transcodeAndCheck(texture, label)
                XCTAssertGreaterThan(checks[0].psnr, 30, label)
                print("transcode \(label) BC1: PSNR \(Self.decibels(checks[0].psnr)) dB vs the PVRTC decode")
            }
        }
    }

    func testEncodedPatternWithMipsTranscodesEveryLevel() throws {
        let texture = try encode(TestPattern.texture(width: 64, height: 64), mips: true)
        XCTAssertEqual(texture.levels.count, 7)
        let checks = try transcodeAndCheck(texture, "pattern 64x64")
        XCTAssertGreaterThan(checks[0].psnr, 30)
        for (index, check) in checks.enumerated() {
            print("transcode pattern 64x64 level \(index) BC1: PSNR \(Self.decibels(check.psnr)) dB")
        }
    }

    func testSpriteWithAlphaTranscodesToBC3() throws {
        let path = Self.repositoryRoot.appendingPathComponent("examples/snowy-tree-256-rgba.png")
        let texture = try encode(try PNGCodec.read(from: path), mips: true)
        XCTAssertTrue(texture.hasAlpha)
        let checks = try transcodeAndCheck(texture, "snowy-tree-256-rgba")
        XCTAssertGreaterThan(checks[0].psnr, 30)
        for (index, check) in checks.enumerated() {
            print("transcode snowy-tree-256-rgba level \(index) BC3: PSNR \(Self.decibels(check.psnr)) dB (RGBA)")
        }
    }

    // MARK: - Uploads, sRGB, cube maps, bytes

    func testDrawingATranscodedTextureShowsItsLevels() throws {
        let context = try transcodingContext()
        let texture = try encode(Self.smoothImage(width: 32, height: 32), mips: true)
        let rendered = try context.render(texture, level: 1, mode: .transcode)
        let uploaded = try context.upload(texture, mode: .transcode)
        defer { context.delete(uploaded) }
        XCTAssertEqual(rendered, try context.readBackTranscoded(uploaded, level: 1))
        XCTAssertEqual(rendered.width, 16)
    }

    func testSRGBTextureGetsTheSRGBFormatWithTheSameBlocks() throws {
        let context = try transcodingContext()
        guard context.supportsSRGBTranscoding else { throw XCTSkip("\(context.renderer) lacks S3TC sRGB formats") }
        var texture = try encode(Self.smoothImage(width: 16, height: 16), mips: false)
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
            XCTAssertEqual(PVRTCUploadMode.transcode.gpuBytes(for: texture), expected)
            XCTAssertEqual(context.gpuBytes(for: texture, mode: .transcode), expected)
            print(
                "transcode GPU bytes 64x32 chain \(kind): \(expected) (decode-once \(PVRTCUploadMode.decodeOnce.gpuBytes(for: texture)), PVRTC \(PVRTCUploadMode.direct.gpuBytes(for: texture)))"
            )
        }
    }

    func testPreferenceTableChoosesByExtensionsAndAlpha() {
        let s3tc: Set = ["GL_EXT_texture_compression_s3tc"]
        XCTAssertEqual(TranscodeTarget.preferred(extensions: s3tc, hasAlpha: false), .bc1)
        XCTAssertEqual(TranscodeTarget.preferred(extensions: s3tc, hasAlpha: true), .bc3)
        let dxt1: Set = ["GL_EXT_texture_compression_dxt1"]
        XCTAssertEqual(TranscodeTarget.preferred(extensions: dxt1, hasAlpha: false), .bc1)
        XCTAssertNil(TranscodeTarget.preferred(extensions: dxt1, hasAlpha: true))
        let angle: Set = ["GL_ANGLE_texture_compression_dxt1", "GL_ANGLE_texture_compression_dxt5"]
        XCTAssertEqual(TranscodeTarget.preferred(extensions: angle, hasAlpha: false), .bc1)
        XCTAssertEqual(TranscodeTarget.preferred(extensions: angle, hasAlpha: true), .bc3)
        XCTAssertNil(TranscodeTarget.preferred(extensions: ["GL_OES_compressed_ETC1_RGB8_texture"], hasAlpha: false))
        XCTAssertEqual(TranscodeTarget.bc1.byteCount(width: 1, height: 1), 8)
        XCTAssertEqual(TranscodeTarget.bc3.byteCount(width: 6, height: 5), 64)
        XCTAssertEqual(GLContext.esMajorVersion("OpenGL ES 3.2 Mesa 22.3.6"), 3)
        XCTAssertEqual(GLContext.esMajorVersion("OpenGL ES 2.0 (ANGLE)"), 2)
        XCTAssertNil(GLContext.esMajorVersion("4.6 (Core Profile) Mesa"))
    }

    // MARK: - Measures

    /// The largest difference over the channels in `channels` (0 when it is empty).
    static func maxDifference(_ a: RGBAImage, _ b: RGBAImage, channels: Range<Int>) -> Int {
        guard a.width == b.width, a.height == b.height else { return 255 }
        var worst = 0
        for i in 0..<a.pixels.count where channels.contains(i % 4) {
            worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i])))
        }
        return worst
    }

    /// How many bytes differ per channel, and by how much at most: "r 3 (max 1), a 2 (max 2)".
    static func differences(_ a: RGBAImage, _ b: RGBAImage, channels: Int) -> String {
        var counts = [Int](repeating: 0, count: 4)
        var worst = [Int](repeating: 0, count: 4)
        for i in 0..<min(a.pixels.count, b.pixels.count) where i % 4 < channels {
            let d = abs(Int(a.pixels[i]) - Int(b.pixels[i]))
            if d > 0 { counts[i % 4] += 1 }
            worst[i % 4] = max(worst[i % 4], d)
        }
        return zip(["r", "g", "b", "a"], zip(counts, worst)).filter { $0.1.0 > 0 }
            .map { "\($0.0) \($0.1.0) (max \($0.1.1))" }.joined(separator: ", ")
    }

    /// PSNR in dB over the first `channels` channels (infinity for identical images).
    static func psnr(_ a: RGBAImage, _ b: RGBAImage, channels: Int) -> Double {
        var sum = 0.0
        var count = 0
        for i in 0..<a.pixels.count where i % 4 < channels {
            let d = Double(a.pixels[i]) - Double(b.pixels[i])
            sum += d * d
            count += 1
        }
        guard sum > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (sum / Double(count)))
    }

    static func decibels(_ value: Double) -> String {
        value.isFinite ? String(format: "%.2f", value) : "inf"
    }
}
