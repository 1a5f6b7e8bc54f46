import XCTest

@testable import PVRTC

final class MortonTests: XCTestCase {
    /// KDFS example: a 64x16-texel image (16x4 blocks) puts block X=13, Y=2 at offset 54.
    func testKhronosExample() {
        XCTAssertEqual(Morton.offset(x: 13, y: 2, blocksWide: 16, blocksHigh: 4), 54)
    }

    /// 2x2 blocks are stored in "N" order: (0,0), (0,1), (1,0), (1,1).
    func testTwoByTwoIsNOrder() {
        XCTAssertEqual(Morton.offset(x: 0, y: 0, blocksWide: 2, blocksHigh: 2), 0)
        XCTAssertEqual(Morton.offset(x: 0, y: 1, blocksWide: 2, blocksHigh: 2), 1)
        XCTAssertEqual(Morton.offset(x: 1, y: 0, blocksWide: 2, blocksHigh: 2), 2)
        XCTAssertEqual(Morton.offset(x: 1, y: 1, blocksWide: 2, blocksHigh: 2), 3)
    }

    /// Every layout is a permutation of the block indices.
    func testIsPermutation() {
        for (bw, bh) in [(2, 2), (4, 2), (2, 8), (16, 4), (8, 32), (64, 64)] {
            let table = Morton.table(blocksWide: bw, blocksHigh: bh)
            XCTAssertEqual(Set(table).count, bw * bh, "\(bw)x\(bh)")
            XCTAssertEqual(table.max(), Int32(bw * bh - 1))
        }
    }
}
