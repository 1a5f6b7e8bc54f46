import Foundation
import Imaging
import XCTest

@testable import PVRTC

final class MipChainTests: XCTestCase {
    /// Reference sRGB encoding of a linear value, straight from IEC 61966-2-1, rounded to 8 bits.
    private func referenceEncode(_ linear: Double) -> UInt8 {
        let v = linear <= 0.0031308 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055
        return UInt8((v * 255).rounded())
    }

    private func referenceDecode(_ code: UInt8) -> Double {
        let v = Double(code) / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    func testChainSizesReachOneByOne() throws {
        let chain = MipChain.build(from: RGBAImage(width: 256, height: 256, fill: (1, 2, 3, 255)))
        XCTAssertEqual(chain.count, 9)
        XCTAssertEqual(chain.map(\.width), [256, 128, 64, 32, 16, 8, 4, 2, 1])
        XCTAssertEqual(chain.map(\.height), chain.map(\.width))

        let wide = MipChain.build(from: RGBAImage(width: 8, height: 2))
        XCTAssertEqual(wide.map { "\($0.width)x\($0.height)" }, ["8x2", "4x1", "2x1", "1x1"])
        XCTAssertEqual(wide.count, PVRTCTexture.fullChainLength(width: 8, height: 2))
    }

    /// Any size halves rounding down to 1x1: floor(log2(100)) + 1 = 7 levels for 100x60.
    func testAnySizeHalvesRoundingDown() {
        let chain = MipChain.build(from: RGBAImage(width: 100, height: 60, fill: (9, 9, 9, 255)))
        XCTAssertEqual(
            chain.map { "\($0.width)x\($0.height)" }, ["100x60", "50x30", "25x15", "12x7", "6x3", "3x1", "1x1"])
    }

    /// An odd side's last pixel also averages the row or column halving leaves over. A 5x3 level of stored
    /// values red = 10x + 50y becomes 2x1: pixel 0 averages columns 0-1 of rows 0-2 (330 / 6 = 55), pixel 1
    /// columns 2-4 of rows 0-2 (720 / 9 = 80). With (4, 2) made transparent, pixel 1's red is weighted by
    /// alpha over the 8 visible parents (580 / 8 = 72.5, rounding up to 73) and its alpha is
    /// (8 * 255 + 0) / 9 = 226.7, rounding to 227.
    func testOddSidesFoldTheLeftoverRowAndColumnIn() {
        var image = RGBAImage(width: 5, height: 3)
        for y in 0..<3 {
            for x in 0..<5 { image[x, y] = (UInt8(10 * x + 50 * y), 0, 0, 255) }
        }
        let level = MipChain.downsample(image, colorSpace: .linear)
        XCTAssertEqual(level.width, 2)
        XCTAssertEqual(level.height, 1)
        XCTAssertEqual(level[0, 0].r, 55)
        XCTAssertEqual(level[1, 0].r, 80)
        image[4, 2] = (140, 0, 0, 0)
        let masked = MipChain.downsample(image, colorSpace: .linear)
        XCTAssertEqual(masked[0, 0].r, 55)
        XCTAssertEqual(masked[0, 0].a, 255)
        XCTAssertEqual(masked[1, 0].r, 73)
        XCTAssertEqual(masked[1, 0].a, 227)
    }

    /// Black and white average to linear 0.5, i.e. sRGB 188, not the gamma-space 128.
    func testAveragesInLinearLight() {
        var image = RGBAImage(width: 2, height: 2)
        image[0, 0] = (0, 0, 0, 255)
        image[1, 0] = (255, 255, 255, 255)
        image[0, 1] = (255, 255, 255, 255)
        image[1, 1] = (0, 0, 0, 255)
        let p = MipChain.downsample(image)[0, 0]
        XCTAssertEqual(referenceEncode(0.5), 188)
        XCTAssertEqual([p.r, p.g, p.b, p.a], [188, 188, 188, 255])
    }

    /// Four arbitrary opaque colours: each channel is the reference linear mean, re-encoded.
    func testMatchesReferenceFormulaOnArbitraryValues() {
        let values: [(UInt8, UInt8, UInt8)] = [(10, 200, 33), (250, 1, 128), (77, 77, 77), (3, 160, 240)]
        var image = RGBAImage(width: 2, height: 2)
        for (i, v) in values.enumerated() { image[i % 2, i / 2] = (v.0, v.1, v.2, 255) }
        let p = MipChain.downsample(image)[0, 0]
        let expected = [\(UInt8, UInt8, UInt8).0, \.1, \.2].map { channel in
            referenceEncode(values.map { referenceDecode($0[keyPath: channel]) }.reduce(0, +) / 4)
        }
        XCTAssertEqual([p.r, p.g, p.b], expected)
    }

    /// Transparent parents contribute no colour; alpha is the plain mean (63.75 rounds to 64).
    func testColourIsAlphaWeighted() {
        var image = RGBAImage(width: 2, height: 2, fill: (0, 0, 255, 0))
        image[1, 1] = (255, 0, 0, 255)
        let p = MipChain.downsample(image)[0, 0]
        XCTAssertEqual([p.r, p.g, p.b, p.a], [255, 0, 0, 64])

        // Weights 255 and 85 (3:1) in linear light.
        var mixed = RGBAImage(width: 2, height: 2, fill: (0, 0, 0, 0))
        mixed[0, 0] = (255, 255, 255, 255)
        mixed[1, 0] = (0, 0, 0, 85)
        let q = MipChain.downsample(mixed)[0, 0]
        XCTAssertEqual(q.r, referenceEncode(0.75))
        XCTAssertEqual(q.a, 85)
    }

    /// With all four parents transparent, their colours are averaged unweighted.
    func testFullyTransparentQuadAveragesPlainly() {
        var image = RGBAImage(width: 2, height: 2, fill: (255, 0, 0, 0))
        image[0, 0] = (0, 0, 0, 0)
        image[1, 0] = (0, 0, 0, 0)
        let p = MipChain.downsample(image)[0, 0]
        XCTAssertEqual([p.r, p.g, p.b, p.a], [referenceEncode(0.5), 0, 0, 0])
    }

    /// The threshold table rounds exactly like the reference formula across the whole range.
    func testEncodeTableMatchesFormula() {
        let thresholds = SRGB.encodeThresholds
        for i in 0...20000 {
            let linear = Double(i) / 20000
            let reference = referenceEncode(linear)
            let table = SRGB.encode(Float(linear), thresholds: thresholds)
            XCTAssertLessThanOrEqual(abs(Int(table) - Int(reference)), 1)
            if abs(Int(table) - Int(reference)) == 1 {
                // Only a value within float precision of a rounding boundary may differ.
                let boundary = SRGB.decode((Double(min(table, reference)) + 0.5) / 255)
                XCTAssertEqual(linear, boundary, accuracy: 1e-6)
            }
        }
        for code in 0...255 {
            XCTAssertEqual(SRGB.encode(SRGB.toLinear[code], thresholds: thresholds), UInt8(code))
        }
    }
}
