import Foundation
import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import XCTest

/// `PVRTCDecoder` against ``SpecFormulaDecoder`` (a naive transcription of the reference formulas) on every
/// power-of-two size from 1 to 64 on each side, square and not, including levels below 8x8 that the golden
/// decoder cannot handle.
final class SpecFormulaComparisonTests: XCTestCase {
    func testAllSmallSizesMatchTheFormulas() throws {
        var random = SplitMix64(seed: 0x5EED_0001)
        let sides = [1, 2, 4, 8, 16, 32, 64]
        for width in sides {
            for height in sides {
                for _ in 0..<2 {
                    let data = random.bytes(PVRTCImage.byteCount(width: width, height: height))
                    let image = try PVRTCImage(width: width, height: height, data: data)
                    let expected = SpecFormulaDecoder.decode(data, width: width, height: height)
                    XCTAssertEqual(PVRTCDecoder.decode(image).pixels, expected, "\(width)x\(height)")
                    XCTAssertEqual(
                        PVRTCDecoder.decode(image, threads: 3).pixels, expected, "\(width)x\(height), 3 threads")
                }
            }
        }
    }

    /// The transcription itself agrees with the independent golden decoder on the small golden vectors.
    func testFormulaTranscriptionMatchesGoldenVectors() throws {
        let directory = try XCTUnwrap(Bundle.module.url(forResource: "Golden", withExtension: nil))
        var checked = 0
        for name in ["8x8-random", "16x8-punchthrough", "8x32-translucent", "64x32-random", "64x32-extremes"] {
            let blocks = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name + ".pvrtc")))
            let expected = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name + ".rgba")))
            let size = name.prefix(while: { $0 != "-" }).split(separator: "x").compactMap { Int($0) }
            XCTAssertEqual(size.count, 2)
            XCTAssertEqual(SpecFormulaDecoder.decode(blocks, width: size[0], height: size[1]), expected, name)
            checked += 1
        }
        XCTAssertEqual(checked, 5)
    }
}
