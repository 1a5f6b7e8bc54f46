import PVRTC
import PVRTCGL
import XCTest

/// The 1:1 render of random block data equals the CPU decoder, byte for byte, in both shader modes.
final class ExactRenderTests: XCTestCase {
    static let sizes = [(8, 8), (32, 16), (16, 64), (128, 128), (1024, 1024)]

    func testRandomBlocksMatchCPUDecoderInBothModes() throws {
        let context = try SharedContext.get()
        for (index, kind) in BlockKind.allCases.enumerated() {
            for (w, h) in Self.sizes {
                let texture = try RandomBlocks.texture(
                    width: w, height: h, kind: kind, levels: 1,
                    seed: UInt64(index * 1000 + w + h))
                let expected = PVRTCDecoder.decode(texture.levels[0], threads: 2)
                for mode in [PVRTCUploadMode.decodeOnce, .direct] {
                    let image = try RenderCheck.render(texture, level: 0, mode: mode, context: context)
                    XCTAssertEqual(RenderCheck.differingBytes(image, expected), 0, "\(kind) \(w)x\(h) \(mode)")
                }
            }
        }
    }
}
