import PVRTC
import PVRTCGL
import XCTest

/// A 2048x2048 decode-once texture drawn onto a 512x512 viewport samples the file's own level 2.
///
/// At exactly 4:1 the LOD is 2 and every fragment centre falls on a level-2 texel centre, so
/// `LINEAR_MIPMAP_LINEAR` returns that texel: the CPU decode of level 2 is the reference. Tolerance:
/// at most 1 per channel, for GPUs whose filter weights are not exactly 0/1 at texel centres;
/// llvmpipe measures 0 differing bytes.
final class MinifiedDrawTests: XCTestCase {
    static let tolerance = 1

    func testQuarterSizeDrawMatchesCPUDecodeOfLevelTwo() throws {
        let context = try SharedContext.get()
        let texture = try RandomBlocks.texture(width: 2048, height: 2048, kind: .mixed, seed: 2048)
        let uploaded = try context.upload(texture, mode: .decodeOnce)
        defer { context.delete(uploaded) }
        let target = try context.makeRenderTarget(width: 512, height: 512)
        defer { context.delete(target) }
        try context.draw(uploaded, into: target, clearColor: .transparent)
        let rendered = try context.readPixels(target)
        let reference = PVRTCDecoder.decode(texture.levels[2], threads: 2)
        var maximum = 0
        var differing = 0
        for (a, b) in zip(rendered.pixels, reference.pixels) where a != b {
            differing += 1
            maximum = max(maximum, abs(Int(a) - Int(b)))
        }
        print("2048 -> 512 decode-once vs CPU level 2: \(differing) differing bytes, max difference \(maximum)")
        XCTAssertLessThanOrEqual(maximum, Self.tolerance)
    }
}
