import Foundation
import PVRTC
import XCTest

/// The PVRTC1 2bpp decoder against golden vectors produced by an independent decoder (`texture2ddecoder`,
/// see `tools/make-golden-vectors-2bpp.py`), in `Golden/2bpp`.
final class Golden2bppVectorTests: XCTestCase {
    /// The number of vectors the generator writes; guards against a manifest that silently shrinks.
    static let expectedVectorCount = 72

    func loadVectors() throws -> [GoldenVectorSet.Vector] { try GoldenVectorSet(subfolder: "2bpp").vectors() }

    /// Every size and variant the generator covers is present: the 16x8 minimum, non-square levels, the
    /// levels below 16x8, both modulation modes and all three averaging rules.
    func testManifestCoversSizesAndModes() throws {
        let vectors = try loadVectors()
        XCTAssertEqual(vectors.count, Self.expectedVectorCount)
        let sizes = Set(vectors.map { "\($0.width)x\($0.height)" })
        XCTAssertEqual(
            sizes,
            [
                "16x8", "16x16", "32x8", "16x32", "64x32", "32x64", "128x16", "256x256", "512x128", "64x512",
                "1x1", "2x2", "4x4", "8x4", "8x8", "16x4", "8x32", "4x16", "64x2", "2x64",
            ])
        let variants = Set(vectors.map(\.variant))
        for required in ["direct", "both", "horizontal", "vertical", "random"] {
            XCTAssertTrue(variants.contains(required), "no \(required) vectors")
        }
    }

    func testDecoderMatchesGoldenVectors() throws {
        try GoldenVectorSet(subfolder: "2bpp").checkDecoder { blocks, vector, threads in
            XCTAssertEqual(
                blocks.count, PVRTCFormat.pvrtc1_2bpp.byteCount(width: vector.width, height: vector.height), vector.name
            )
            return try PVRTC1TwoBitDecoder.decode(
                data: blocks, width: vector.width, height: vector.height, threads: threads)
        }
    }

    /// Sizes that are not powers of two and buffers of the wrong length are refused, not read past.
    func testRejectsBadInput() {
        XCTAssertThrowsError(
            try PVRTC1TwoBitDecoder.decode(data: [UInt8](repeating: 0, count: 32), width: 12, height: 8))
        XCTAssertThrowsError(try PVRTC1TwoBitDecoder.decode(data: [], width: 0, height: 8))
        XCTAssertThrowsError(
            try PVRTC1TwoBitDecoder.decode(data: [UInt8](repeating: 0, count: 31), width: 16, height: 8)
        ) {
            XCTAssertEqual($0 as? PVRTCError, .bufferSizeMismatch(expected: 32, actual: 31))
        }
        // A 4bpp-sized buffer for a 2bpp level of the same size is twice too large.
        XCTAssertThrowsError(
            try PVRTC1TwoBitDecoder.decode(data: [UInt8](repeating: 0, count: 512), width: 32, height: 32))
        XCTAssertEqual(PVRTCFormat.pvrtc1_2bpp.byteCount(width: 1, height: 1), 32)
        XCTAssertEqual(PVRTCFormat.pvrtc1_2bpp.byteCount(width: 2048, height: 2048), 1 << 20)
        XCTAssertEqual(PVRTCFormat.pvrtc1_2bpp.byteCount(width: 64, height: 2), 128)
    }
}
