import Foundation
import ImageFiles
import Imaging
import PVRTC
import PVRTCGL
import XCTest

/// The ETC2 RGB8 and ETC2 RGBA8 (EAC) targets on a real context: the blocks the GPU encoder wrote decode, with
/// texture2ddecoder, to exactly what the GPU samples from the compressed texture (ETC2's decoding is integer
/// arithmetic the specification fixes), and close to pvrc's exact PVRTC decode; the blocks of
/// `GLContext.transcode(_:to:effort:)` for cube maps are those of each face transcoded alone.
final class ETC2TranscodeTests: XCTestCase {
    private static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// An OpenGL ES 3 context (ETC2 is core there), or a skip.
    private func context() throws -> GLContext {
        let context = try SharedContext.get()
        guard context.isES3OrLater else { throw XCTSkip("\(context.renderer) (\(context.version)) is not ES 3") }
        return context
    }

    func testRandomWordsTranscodeAndDecodeAsTexture2DDecoderDoes() throws {
        let context = try context()
        let cases: [(PVRTCFormat, Int, Int)] = [
            (.pvrtc1_4bpp, 8, 8), (.pvrtc1_4bpp, 64, 32), (.pvrtc1_2bpp, 64, 32), (.pvrtc2_4bpp, 6, 5),
            (.pvrtc2_4bpp, 36, 20), (.pvrtc2_2bpp, 36, 20),
        ]
        for (format, width, height) in cases {
            for kind in [BlockKind.opaque, .mixed] {
                let texture = try RandomBlocks.texture(
                    width: width, height: height, kind: kind, levels: 1, format: format,
                    seed: UInt64(width * 13 + height))
                for target in [TranscodeTarget.etc2, .etc2RGBA] {
                    let label = "\(format.displayName) \(width)x\(height) \(kind) \(target.rawValue)"
                    let checks = try TranscodeCheck.run(texture, label, on: context, into: target)
                    // Random words decode to noise, the hardest content for 4x4 blocks.
                    XCTAssertGreaterThan(checks[0].psnr, 14, label)
                    print("transcode \(label): PSNR \(TranscodeCheck.decibels(checks[0].psnr)) dB")
                }
            }
        }
    }

    func testRandomWordsWithEveryMipLevelDownTo1x1() throws {
        let context = try context()
        for format in [PVRTCFormat.pvrtc1_4bpp, .pvrtc1_2bpp] {
            let texture = try RandomBlocks.texture(width: 32, height: 16, kind: .mixed, format: format, seed: 9)
            XCTAssertEqual(texture.levels.last?.width, 1)
            for target in [TranscodeTarget.etc2, .etc2RGBA] {
                let checks = try TranscodeCheck.run(
                    texture, "\(format.displayName) 32x16 chain \(target.rawValue)", on: context, into: target)
                XCTAssertEqual(checks.count, texture.levels.count)
            }
        }
    }

    func testSmoothImagesTranscodeAbove30dB() throws {
        let context = try context()
        for format in [PVRTCFormat.pvrtc1_4bpp, .pvrtc1_2bpp] {
            for (width, height) in [(8, 8), (64, 32)] {
                let texture = try TranscodeTests.encode(
                    TranscodeTests.smoothImage(width: width, height: height), format: format, mips: false)
                for target in [TranscodeTarget.etc2, .etc2RGBA] {
                    let label = "smooth \(width)x\(height) \(format.displayName) \(target.rawValue)"
                    let checks = try TranscodeCheck.run(texture, label, on: context, into: target)
                    XCTAssertGreaterThan(checks[0].psnr, 30, label)
                    print("transcode \(label): PSNR \(TranscodeCheck.decibels(checks[0].psnr)) dB vs the PVRTC decode")
                }
            }
        }
    }

    func testSpriteWithAlphaTranscodesToETC2RGBA() throws {
        let context = try context()
        let path = Self.repositoryRoot.appendingPathComponent("examples/snowy-tree-256-rgba.png")
        let texture = try TranscodeTests.encode(try PNGCodec.read(from: path), mips: true)
        XCTAssertTrue(texture.hasAlpha)
        let checks = try TranscodeCheck.run(texture, "snowy-tree-256-rgba", on: context, into: .etc2RGBA)
        XCTAssertGreaterThan(checks[0].psnr, 30)
        for (index, check) in checks.enumerated() {
            print(
                "transcode snowy-tree-256-rgba level \(index) ETC2 RGBA8: PSNR \(TranscodeCheck.decibels(check.psnr)) dB"
            )
        }
    }

    func testCubeMapBlocksAreEachFacesOwnAndDecodeCloseToPVRTC() throws {
        let context = try context()
        let cube = try RandomBlocks.cubeMap(size: 16, levels: nil, format: .pvrtc1_4bpp, seed: 5)
        for target in [TranscodeTarget.etc2, .etc2RGBA] {
            let transcoded = try context.transcode(cube, to: target)
            XCTAssertEqual(transcoded.format, target.ktx2Format)
            XCTAssertEqual(transcoded.faceCount, 6)
            XCTAssertEqual(transcoded.levels.count, 5)
            XCTAssertEqual(transcoded.metadata, cube.shape.metadata)
            for (face, texture) in cube.faces.enumerated() {
                let alone = try context.transcode(texture, to: target)
                for (index, level) in texture.levels.enumerated() {
                    let blocks = transcoded.levels[index][face]
                    XCTAssertEqual(blocks, alone.levels[index][0], "face \(face) level \(index)")
                    let decoded = try ReferenceBlockDecoder.decode(
                        blocks, target: target, width: level.width, height: level.height)
                    let psnr = TranscodeCheck.psnr(
                        decoded, PVRTCDecoder.decode(level, threads: 2), channels: target.storesAlpha ? 4 : 3)
                    XCTAssertGreaterThan(psnr, 14, "\(target.rawValue) face \(face) level \(index)")
                }
            }
        }
    }

    func testSRGBTextureGetsTheSRGBFormWithTheSameBlocks() throws {
        let context = try context()
        var texture = try TranscodeTests.encode(TranscodeTests.smoothImage(width: 16, height: 16), mips: false)
        defer { context.requestedTranscodeTarget = nil }
        for target in [TranscodeTarget.etc2, .etc2RGBA] {
            context.requestedTranscodeTarget = target
            texture.metadata.colorSpace = .linear
            let (linear, linearBlocks) = try context.uploadTranscode(texture, keepingBlocks: true)
            defer { context.delete(linear) }
            texture.metadata.colorSpace = .srgb
            let (srgb, srgbBlocks) = try context.uploadTranscode(texture, keepingBlocks: true)
            defer { context.delete(srgb) }
            XCTAssertEqual(linearBlocks, srgbBlocks)
            // 4 bpp and 8 bpp: 16x16 is 16 blocks.
            XCTAssertEqual(srgb.gpuBytes, 16 * (target == .etc2 ? 8 : 16))
            XCTAssertEqual(linear.transcodedFormat, target == .etc2 ? 0x9274 : 0x9278)
            XCTAssertEqual(srgb.transcodedFormat, target == .etc2 ? 0x9275 : 0x9279)
            XCTAssertEqual(
                try context.readBackTranscoded(srgb, level: 0), try context.readBackTranscoded(linear, level: 0))
        }
    }

    func testPreferenceTablePutsETC2AfterS3TC() {
        let s3tc: Set = ["GL_EXT_texture_compression_s3tc"]
        XCTAssertEqual(TranscodeTarget.preferred(extensions: s3tc, hasAlpha: false), .bc1)
        XCTAssertEqual(TranscodeTarget.preferred(extensions: s3tc, hasAlpha: true), .bc3)
        XCTAssertEqual(TranscodeTarget.preferred(extensions: [], hasAlpha: false), .etc2)
        XCTAssertEqual(TranscodeTarget.preferred(extensions: [], hasAlpha: true), .etc2RGBA)
        XCTAssertTrue(TranscodeTarget.etc2.hasSRGBForm(extensions: []))
        XCTAssertFalse(TranscodeTarget.bc1.hasSRGBForm(extensions: []))
        // 4 bpp and 8 bpp: 6x5 is 2x2 blocks.
        XCTAssertEqual(TranscodeTarget.etc2.byteCount(width: 6, height: 5), 32)
        XCTAssertEqual(TranscodeTarget.etc2RGBA.byteCount(width: 6, height: 5), 64)
        XCTAssertEqual(TranscodeTarget.etc2RGBA.byteCount(width: 2048, height: 2048), 2048 * 2048)
    }
}
