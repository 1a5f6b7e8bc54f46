import Foundation
import PVRTC
import PVRTCBenchmarks
import PVRTCGL
import TextureFormats
import XCTest

/// PVRTC2 (PVRTC-II) through the GLSL ES 1.00 shader: the 1:1 read-back equals the CPU decoder byte for byte
/// at both rates, in both shader modes, on random words (every flag combination: opacity, hard transition,
/// modulation flag), on words forcing each hard-transition mode, at sizes that are not powers of two or not
/// multiples of the block, on every level of a chain, on a cube map, and on Imagination's own files. The
/// native path needs `GL_IMG_texture_compression_pvrtc2`, which Mesa lacks: it is checked to refuse cleanly.
final class PVRTC2RenderTests: XCTestCase {
    /// Which colour words a level holds; the modulation words are always random.
    enum Words: String, CaseIterable {
        /// Random 64-bit words: every flag combination, mixed from block to block.
        case random
        /// Hard transition (bit 15) with the modulation flag (bit 0) set: the local palette at 4bpp.
        case hardLocalPalette
        /// Hard transition with the modulation flag clear: each pixel blends its own word's colours.
        case hardOwnColours
        /// No hard transition, modulation flag set: punch-through at 4bpp, interpolated modulation at 2bpp.
        case softFlagged

        /// The colour word made from `random`.
        func colorWord(_ random: UInt32) -> UInt32 {
            switch self {
            case .random: return random
            case .hardLocalPalette: return random | 0x8000 | 1
            case .hardOwnColours: return (random | 0x8000) & ~1
            case .softFlagged: return (random & ~0x8000) | 1
            }
        }
    }

    /// Sizes at both rates: a single pixel, smaller than one block, not multiples of the block (one pixel
    /// per fragment below 8 rows, four rows per fragment from 8 on, with padded rows at 9 and 13), square,
    /// and non-square either way.
    static let sizes = [(1, 1), (3, 5), (13, 7), (7, 13), (16, 16), (33, 9), (100, 60), (64, 32), (24, 40)]

    /// One level of `words` in `format`.
    static func level(
        width: Int, height: Int, words: Words, format: PVRTCFormat, generator: inout SplitMix64
    ) throws -> PVRTCImage {
        let count = format.blocksWide(width) * format.blocksHigh(height)
        let blocks = (0..<count).map { _ in
            PVRTCBlock(
                modulation: UInt32.random(in: .min ... .max, using: &generator),
                color: words.colorWord(UInt32.random(in: .min ... .max, using: &generator)))
        }
        return try PVRTCImage(width: width, height: height, linearBlocks: blocks, format: format)
    }

    /// A texture of `words` with `levels` levels (a full chain when nil).
    static func texture(
        width: Int, height: Int, words: Words, format: PVRTCFormat, levels: Int? = 1, seed: UInt64
    ) throws -> PVRTCTexture {
        var generator = SplitMix64(seed: seed)
        var images: [PVRTCImage] = []
        var w = width
        var h = height
        for _ in 0..<(levels ?? PVRTCTexture.fullChainLength(width: width, height: height)) {
            images.append(try level(width: w, height: h, words: words, format: format, generator: &generator))
            w = max(w / 2, 1)
            h = max(h / 2, 1)
        }
        return try PVRTCTexture(levels: images, hasAlpha: true)
    }

    func testRandomAndHandChosenWordsMatchCPUDecoderInBothModes() throws {
        let context = try SharedContext.get()
        print("tile-row decoding (four rows per fragment from 8 rows on): \(context.supportsTileRowDecoding)")
        for format in [PVRTCFormat.pvrtc2_4bpp, .pvrtc2_2bpp] {
            for (index, words) in Words.allCases.enumerated() {
                for (w, h) in Self.sizes {
                    let texture = try Self.texture(
                        width: w, height: h, words: words, format: format, seed: UInt64(index * 1000 + 7 * w + h))
                    let expected = PVRTCDecoder.decode(texture.levels[0], threads: 2)
                    for mode in [PVRTCUploadMode.decodeOnce, .direct] {
                        let image = try RenderCheck.render(texture, level: 0, mode: mode, context: context)
                        XCTAssertEqual(
                            RenderCheck.differingBytes(image, expected), 0, "\(format) \(words) \(w)x\(h) \(mode)")
                    }
                }
            }
        }
    }

    /// Every level of a non-power-of-two chain, drawn as that level at its own size (the chain's size
    /// ratios are not powers of two, so the mipmap rules would blend two levels).
    func testEveryLevelOfAChainMatchesCPUDecoder() throws {
        let context = try SharedContext.get()
        for format in [PVRTCFormat.pvrtc2_4bpp, .pvrtc2_2bpp] {
            // 100x60, 50x30, 25x15, 12x7, 6x3, 3x1, 1x1.
            let texture = try Self.texture(width: 100, height: 60, words: .random, format: format, levels: nil, seed: 5)
            XCTAssertEqual(texture.levels.count, 7)
            for mode in [PVRTCUploadMode.decodeOnce, .direct] {
                let uploaded = try context.upload(texture, mode: mode)
                defer { context.delete(uploaded) }
                for (index, level) in texture.levels.enumerated() {
                    let target = try context.makeRenderTarget(width: level.width, height: level.height)
                    defer { context.delete(target) }
                    try context.draw(
                        uploaded, to: GLFramebuffer(name: target.framebuffer, width: level.width, height: level.height),
                        level: index)
                    let image = try context.readPixels(target)
                    XCTAssertEqual(
                        RenderCheck.differingBytes(image, PVRTCDecoder.decode(level)), 0,
                        "\(format) level \(index) (\(level.width)x\(level.height)) \(mode)")
                }
            }
        }
    }

    func testCubeMapFacesMatchCPUDecoder() throws {
        let context = try SharedContext.get()
        for (format, size, levels) in [
            (PVRTCFormat.pvrtc2_4bpp, 20, nil), (.pvrtc2_2bpp, 12, nil), (.pvrtc2_4bpp, 9, 1),
        ]
            as [(PVRTCFormat, Int, Int?)]
        {
            let cube = try RandomBlocks.cubeMap(size: size, levels: levels, format: format, seed: UInt64(size))
            let uploaded = try context.upload(cube, mode: .decodeOnce)
            defer { context.delete(uploaded) }
            XCTAssertEqual(uploaded.levelCount, cube.shape.levels.count)
            for face in 0..<6 {
                for level in cube.shape.levels.indices {
                    let image = try context.readBack(uploaded, face: face, level: level)
                    XCTAssertEqual(
                        image, PVRTCDecoder.decode(cube.faces[face].levels[level]),
                        "\(format) \(size) face \(face) level \(level)")
                }
            }
        }
    }

    /// Imagination's PVRTC2 files (PVRTexTool's PVR v3 at both rates with 8 levels, PVRTexLib's KTX 2 of
    /// 512x512), every level, both modes.
    func testImaginationsFilesMatchCPUDecoder() throws {
        let context = try SharedContext.get()
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PVRTCTests/PVRTC2Fixtures")
        for (name, format) in [
            ("test_image_pvrtcii4bpp_v3.pvr", PVRTCFormat.pvrtc2_4bpp), ("test_image_pvrtcii2bpp_v3.pvr", .pvrtc2_2bpp),
            ("PVRTCII_4bpp.ktx2", .pvrtc2_4bpp), ("PVRTCII_2bpp.ktx2", .pvrtc2_2bpp),
        ] {
            let url = directory.appendingPathComponent(name)
            XCTAssertEqual(try TextureFileDescription.read(from: url).pixelFormat.pvrtcFormat, format, name)
            let texture = try TextureFile.read(from: url).texture
            XCTAssertEqual(texture.format, format, name)
            try RenderCheck.assertEveryLevelMatchesCPUDecoder(texture, name, context: context)
        }
    }

    /// Native PVRTC2 needs `GL_IMG_texture_compression_pvrtc2` (the PVRTC1 extension is not enough); without
    /// it a 2D texture and a cube map are refused with a typed error naming the extension.
    func testNativeUploadWithoutThePVRTC2ExtensionIsRefused() throws {
        let context = try SharedContext.get()
        XCTAssertEqual(GLContext.nativeExtension(for: .pvrtc2_2bpp), "GL_IMG_texture_compression_pvrtc2")
        XCTAssertEqual(GLContext.nativeExtension(for: .pvrtc1_2bpp), "GL_IMG_texture_compression_pvrtc")
        XCTAssertEqual(context.supportsNativePVRTC2, context.extensions.contains("GL_IMG_texture_compression_pvrtc2"))
        XCTAssertEqual(context.supportsNative(.pvrtc2_4bpp), context.supportsNativePVRTC2)
        XCTAssertEqual(context.supportsNative(.pvrtc1_4bpp), context.supportsNativePVRTC)
        let texture = try Self.texture(width: 12, height: 8, words: .random, format: .pvrtc2_4bpp, seed: 9)
        let cube = try RandomBlocks.cubeMap(size: 8, levels: 1, format: .pvrtc2_2bpp, seed: 9)
        guard !context.supportsNativePVRTC2 else {
            context.delete(try context.upload(texture, mode: .native))
            context.delete(try context.upload(cube, mode: .native))
            return
        }
        for upload in [{ try context.upload(texture, mode: .native) }, { try context.upload(cube, mode: .native) }] {
            XCTAssertThrowsError(try upload()) {
                guard case GLError.unsupported(let reason) = $0 else { return XCTFail("\($0)") }
                XCTAssertTrue(reason.contains("GL_IMG_texture_compression_pvrtc2"), reason)
            }
        }
    }

    /// GPU bytes are the block bytes (direct) or the RGBA8 pyramid (decode-once), as the uploads allocate.
    func testGPUBytesAreWhatTheUploadAllocates() throws {
        let context = try SharedContext.get()
        let texture = try Self.texture(width: 13, height: 7, words: .random, format: .pvrtc2_4bpp, levels: nil, seed: 3)
        // 13x7: 4x2 blocks; 6x3: 2x1; 3x1: 1x1; 1x1: 1x1.
        XCTAssertEqual(PVRTCUploadMode.direct.gpuBytes(for: texture, transcodingInto: nil), (8 + 2 + 1 + 1) * 8)
        XCTAssertEqual(PVRTCUploadMode.decodeOnce.gpuBytes(for: texture, transcodingInto: nil), (91 + 18 + 3 + 1) * 4)
        for mode in [PVRTCUploadMode.direct, .decodeOnce] {
            let uploaded = try context.upload(texture, mode: mode)
            defer { context.delete(uploaded) }
            XCTAssertEqual(uploaded.gpuBytes, mode.gpuBytes(for: texture, transcodingInto: nil), "\(mode)")
        }
    }

    /// Every form of the one shader source compiles, PVRTC2 included.
    func testPrepareCompilesEveryFormat() throws {
        try SharedContext.get().prepare()
    }
}
