import FileIO
import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import PVRTCGL
import XCTest

/// The data-texture layout is the Morton-to-linear permutation of the file's words (PVRTC1), or the words as
/// they are (PVRTC2, already row-ordered), split into colour and modulation words: nothing more.
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

    /// PVRTC2's words are row-ordered: texel i holds the colour and modulation words of the file's word i,
    /// at any block count (13x7 at 4bpp: 4x2 blocks; 3x5 at 2bpp: 1x2).
    func testPVRTC2TexelsAreTheFileWordsInOrder() throws {
        for (w, h, format) in [(13, 7, PVRTCFormat.pvrtc2_4bpp), (3, 5, .pvrtc2_2bpp), (100, 60, .pvrtc2_4bpp)] {
            var generator = SplitMix64(seed: UInt64(w * 100 + h))
            let image = try RandomBlocks.level(width: w, height: h, kind: .mixed, format: format, generator: &generator)
            let layout = PVRTCDataTextures(image)
            XCTAssertEqual(layout.blocksWide, format.blocksWide(w))
            XCTAssertEqual(layout.blocksHigh, format.blocksHigh(h))
            let words = image.data.count / 8
            XCTAssertEqual(
                layout.modulationWords, (0..<words).flatMap { image.data[8 * $0..<8 * $0 + 4] }, "\(w)x\(h) \(format)")
            XCTAssertEqual(
                layout.colorWords, (0..<words).flatMap { image.data[8 * $0 + 4..<8 * $0 + 8] }, "\(w)x\(h) \(format)")
        }
    }

    func testLayoutIsAPermutationOfTheFileBytes() throws {
        var generator = SplitMix64(seed: 7)
        let image = try RandomBlocks.level(width: 32, height: 128, kind: .mixed, generator: &generator)
        let layout = PVRTCDataTextures(image)
        XCTAssertEqual((layout.colorWords + layout.modulationWords).sorted(), image.data.sorted())
    }
}
