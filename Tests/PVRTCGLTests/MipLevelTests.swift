import PVRTC
import PVRTCGL
import XCTest

/// Every mip level, down to 1x1 (levels under 8 pixels are padded to two blocks), renders exactly.
final class MipLevelTests: XCTestCase {
    func testEveryLevelOfAFullChainMatchesCPUDecoder() throws {
        let context = try SharedContext.get()
        for (w, h) in [(64, 32), (16, 64)] {
            let texture = try RandomBlocks.texture(width: w, height: h, kind: .mixed, seed: UInt64(w * h))
            for mode in [PVRTCUploadMode.decodeOnce, .direct] {
                for (index, level) in texture.levels.enumerated() {
                    let image = try RenderCheck.render(texture, level: index, mode: mode, context: context)
                    XCTAssertEqual(RenderCheck.differingBytes(image, PVRTCDecoder.decode(level)), 0,
                                   "\(w)x\(h) level \(index) (\(level.width)x\(level.height)) \(mode)")
                }
            }
        }
    }
}
