import Foundation
import PVRTC
import XCTest

/// The decoder against golden vectors produced by an independent decoder (`texture2ddecoder`, see
/// `Golden/README.md` and `tools/make-golden-vectors.py`).
final class GoldenVectorTests: XCTestCase {
    /// The number of vectors the generator writes; guards against a manifest that silently shrinks.
    static let expectedVectorCount = 29

    func loadVectors() throws -> [GoldenVectorSet.Vector] { try GoldenVectorSet().vectors() }

    /// Every size and variant the generator covers is present.
    func testManifestCoversAllSizes() throws {
        let vectors = try loadVectors()
        XCTAssertEqual(vectors.count, Self.expectedVectorCount)
        let sizes = Set(vectors.map { "\($0.width)x\($0.height)" })
        XCTAssertEqual(
            sizes, ["8x8", "16x8", "8x32", "64x32", "256x256", "512x128", "1x1", "2x2", "4x4", "4x16", "32x2"])
    }

    func testDecoderMatchesGoldenVectors() throws {
        try GoldenVectorSet().checkDecoder { blocks, vector, threads in
            PVRTCDecoder.decode(
                try PVRTCImage(width: vector.width, height: vector.height, data: blocks), threads: threads)
        }
    }

    /// The FNV-1a implementation used for the row hashes matches the published test vectors.
    func testFNV1aKnownValues() {
        XCTAssertEqual(GoldenVectorSet.fnv1a64([UInt8]()), 0xCBF2_9CE4_8422_2325)
        XCTAssertEqual(GoldenVectorSet.fnv1a64(Array("a".utf8)), 0xAF63_DC4C_8601_EC8C)
        XCTAssertEqual(GoldenVectorSet.fnv1a64(Array("foobar".utf8)), 0x8594_4171_F739_67E8)
    }
}
