import Foundation
import PVRTC
import PVRTCGL
import TextureFormats
import XCTest

/// PVRTC1 2bpp through the GLSL ES 1.00 shader: the 1:1 read-back equals the CPU decoder byte for byte in
/// both shader modes, on random blocks (direct and interpolated modulation with all three averaging rules,
/// neighbours across block edges and the wrap at the level's edges) and on real encoded files.
final class TwoBppRenderTests: XCTestCase {
    /// Padded (below 16x8), one pixel per fragment (below 8 tall), four rows per fragment (padded and not).
    static let sizes = [
        (16, 8), (8, 4), (1, 1), (1, 8), (8, 16), (4, 32), (32, 16), (16, 64), (128, 32), (64, 64), (256, 256),
    ]

    func testRandomBlocksMatchCPUDecoderInBothModes() throws {
        let context = try SharedContext.get()
        for (index, kind) in BlockKind.allCases.enumerated() {
            for (w, h) in Self.sizes {
                let texture = try RandomBlocks.texture(
                    width: w, height: h, kind: kind, levels: 1, format: .pvrtc1_2bpp,
                    seed: UInt64(index * 1000 + w + 3 * h))
                let expected = PVRTCDecoder.decode(texture.levels[0], threads: 2)
                for mode in [PVRTCUploadMode.decodeOnce, .direct] {
                    let image = try RenderCheck.render(texture, level: 0, mode: mode, context: context)
                    XCTAssertEqual(RenderCheck.differingBytes(image, expected), 0, "2bpp \(kind) \(w)x\(h) \(mode)")
                }
            }
        }
    }

    func testEveryLevelOfAFullChainMatchesCPUDecoder() throws {
        let context = try SharedContext.get()
        let texture = try RandomBlocks.texture(
            width: 64, height: 16, kind: .mixed, format: .pvrtc1_2bpp, seed: 2)
        try RenderCheck.assertEveryLevelMatchesCPUDecoder(texture, "64x16", context: context)
    }

    /// Real files encoded by PVRTexTool and Compressonator (tacentview's test images), every level.
    func testRealEncodedFilesMatchCPUDecoder() throws {
        let context = try SharedContext.get()
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TextureFormatsTests/Fixtures2bpp")
        for name in ["PVRBPP2_RGBA_TM.pvr", "PVRBPP2_sRGB_RGBA_M.ktx"] {
            let texture = try TextureFile.read(from: directory.appendingPathComponent(name)).texture
            XCTAssertEqual(texture.format, .pvrtc1_2bpp)
            try RenderCheck.assertEveryLevelMatchesCPUDecoder(texture, name, context: context)
        }
    }

    func testGPUBytesCountTheRealBlockBytes() throws {
        let texture = try RandomBlocks.texture(width: 64, height: 64, kind: .mixed, format: .pvrtc1_2bpp, seed: 3)
        XCTAssertEqual(
            PVRTCUploadMode.direct.gpuBytes(for: texture, transcodingInto: nil), 1024 + 256 + 64 + 32 * 4,
            "64x64 2bpp: 8x16 blocks, then 4x8, 2x4, and 2x2 (32 bytes) from 8x8 down to 1x1")
    }
}
