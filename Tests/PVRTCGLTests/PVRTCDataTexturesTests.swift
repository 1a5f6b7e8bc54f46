import FileIO
import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import PVRTCGL
import XCTest

/// The data-texture layout is the Morton-to-linear permutation of the file's words, nothing more.
final class PVRTCDataTexturesTests: XCTestCase {
    func testTexelsHoldTheWordsOfTheBlockAtTheirPosition() throws {
        for (w, h) in [(64, 16), (16, 32), (4, 4), (1, 8)] {
            var generator = SplitMix64(seed: UInt64(w * 100 + h))
            let image = try RandomBlocks.level(width: w, height: h, kind: .mixed, generator: &generator)
            let layout = PVRTCDataTextures(image)
            XCTAssertEqual(layout.blocksWide, max(w / 4, 2))
            XCTAssertEqual(layout.blocksHigh, max(h / 4, 2))
            for by in 0..<layout.blocksHigh {
                for bx in 0..<layout.blocksWide {
                    let block = image.block(x: bx, y: by)
                    let o = (by * layout.blocksWide + bx) * 4
                    func word(_ bytes: [UInt8]) -> UInt32 {
                        (0..<4).reduce(0) { $0 | UInt32(bytes[o + $1]) << (8 * UInt32($1)) }
                    }
                    XCTAssertEqual(word(layout.colorWords), block.color, "\(w)x\(h) block \(bx),\(by)")
                    XCTAssertEqual(word(layout.modulationWords), block.modulation, "\(w)x\(h) block \(bx),\(by)")
                }
            }
        }
    }

    func testLayoutIsAPermutationOfTheFileBytes() throws {
        var generator = SplitMix64(seed: 7)
        let image = try RandomBlocks.level(width: 32, height: 128, kind: .mixed, generator: &generator)
        let layout = PVRTCDataTextures(image)
        XCTAssertEqual((layout.colorWords + layout.modulationWords).sorted(), image.data.sorted())
    }
}
