import PVRTC
import PVRTCGL
import XCTest

/// Every mip level, down to 1x1 (levels under 8 pixels are padded to two blocks), renders exactly.
final class MipLevelTests: XCTestCase {
    func testEveryLevelOfAFullChainMatchesCPUDecoder() throws {
        let context = try SharedContext.get()
        for (w, h) in [(64, 32), (16, 64)] {
            let texture = try RandomBlocks.texture(width: w, height: h, kind: .mixed, seed: UInt64(w * h))
            try RenderCheck.assertEveryLevelMatchesCPUDecoder(texture, "\(w)x\(h)", context: context)
        }
    }

    func testPartialChainKeepsTheFileLevelsAndFillsTheRest() throws {
        let context = try SharedContext.get()
        let texture = try RandomBlocks.texture(width: 64, height: 64, kind: .translucent, levels: 3, seed: 64)
        for (index, level) in texture.levels.enumerated() {
            let image = try RenderCheck.render(texture, level: index, mode: .decodeOnce, context: context)
            XCTAssertEqual(RenderCheck.differingBytes(image, PVRTCDecoder.decode(level)), 0, "level \(index)")
        }
        let uploaded = try context.upload(texture, mode: .decodeOnce)
        defer { context.delete(uploaded) }
        XCTAssertEqual(uploaded.levelCount, 3)
        XCTAssertEqual(
            uploaded.gpuBytes, (64 * 64 + 32 * 32 + 16 * 16 + 8 * 8 + 4 * 4 + 2 * 2 + 1) * 4,
            "the chain is completed down to 1x1 so LINEAR_MIPMAP_LINEAR is usable")
    }
}
