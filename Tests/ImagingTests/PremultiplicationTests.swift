import Foundation
import Imaging
import XCTest

final class PremultiplicationTests: XCTestCase {
    private func pixel(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> RGBAImage {
        RGBAImage(width: 1, height: 1, fill: (r, g, b, a))
    }

    func testStoredValuesAreMultipliedAndRounded() {
        let p = Premultiplication.premultiplied(pixel(255, 200, 1, 128), colorSpace: .linear)[0, 0]
        XCTAssertEqual(p.r, 128)  // 255·128/255
        XCTAssertEqual(p.g, 100)  // 200·128/255 = 100.39
        XCTAssertEqual(p.b, 1)  // 0.502 rounds up
        XCTAssertEqual(p.a, 128)
    }

    /// sRGB 200 is linear 0.5776; times 128/255 is 0.2899, which encodes (IEC 61966-2-1) to 0.5748 → 147.
    func testSRGBIsMultipliedInLinearLight() {
        let alpha = UInt8(128)
        let p = Premultiplication.premultiplied(pixel(200, 200, 200, alpha), colorSpace: .srgb)[0, 0]
        let linear = pow((200.0 / 255 + 0.055) / 1.055, 2.4) * Double(alpha) / 255
        let expected = UInt8(((1.055 * pow(linear, 1 / 2.4) - 0.055) * 255).rounded())
        XCTAssertEqual(p.r, expected)
        XCTAssertEqual(p.r, 147)
        XCTAssertEqual(p.a, alpha)
    }

    func testOpaqueUnchangedTransparentBecomesBlack() {
        for space in ColorSpace.allCases {
            XCTAssertTrue(
                Premultiplication.premultiplied(pixel(9, 99, 199, 255), colorSpace: space)[0, 0] == (9, 99, 199, 255))
            XCTAssertTrue(
                Premultiplication.premultiplied(pixel(9, 99, 199, 0), colorSpace: space)[0, 0] == (0, 0, 0, 0))
        }
    }
}
