import EncodeJobs
import Imaging
import PVRCTestSupport
import PVRTCSearch
import XCTest

@testable import PVRTC

final class PVRTC1SizingTests: XCTestCase {
    private func refusal(
        _ image: RGBAImage, square: PVRTC1Sizing.Policy? = nil,
        pot: PVRTC1Sizing.Policy? = nil
    ) -> EncodingError? {
        do {
            _ = try PVRTC1Sizing.prepare(image, square: square, pot: pot)
            return nil
        } catch {
            return error as? EncodingError
        }
    }

    func testSquarePowerOfTwoPassesUnchanged() throws {
        let image = PipelineTestImages.noise(width: 16, height: 16, seed: 1, alpha: .mixed)
        XCTAssertEqual(try PVRTC1Sizing.prepare(image, square: .stretch, pot: .pad), image)
        XCTAssertEqual(try PVRTC1Sizing.prepare(image, square: nil, pot: nil), image)
    }

    func testRefusalsNameTheSizeAndTheOption() {
        let both = refusal(RGBAImage(width: 300, height: 200))
        XCTAssertEqual(both, .unsupportedSize(width: 300, height: 200, needsSquare: true, needsPowerOfTwo: true))
        XCTAssertEqual(both?.description, "image is 300x200: PVRTC1 needs square power-of-two sizes")

        // Both sides powers of two, but not square: refused for iOS's sake.
        let wide = refusal(RGBAImage(width: 256, height: 128))
        XCTAssertEqual(wide, .unsupportedSize(width: 256, height: 128, needsSquare: true, needsPowerOfTwo: false))
        XCTAssertTrue(wide?.description.hasPrefix("image is 256x128: ") == true, wide?.description ?? "accepted")
        XCTAssertEqual(refusal(RGBAImage(width: 256, height: 128), pot: .pad), wide)

        let notPot = refusal(RGBAImage(width: 300, height: 300))
        XCTAssertEqual(notPot, .unsupportedSize(width: 300, height: 300, needsSquare: false, needsPowerOfTwo: true))
        XCTAssertEqual(notPot?.description, "image is 300x300: PVRTC1 needs power-of-two sizes")

        // Squaring 300x200 gives 300x300, still not a power of two.
        XCTAssertEqual(
            refusal(RGBAImage(width: 300, height: 200), square: .pad),
            .unsupportedSize(width: 300, height: 200, needsSquare: false, needsPowerOfTwo: true))
        // Rounding 300x200 up gives 512x256, still not square.
        XCTAssertEqual(
            refusal(RGBAImage(width: 300, height: 200), pot: .stretch),
            .unsupportedSize(width: 300, height: 200, needsSquare: true, needsPowerOfTwo: false))
    }

    func testTooLargeResultIsRefused() {
        XCTAssertThrowsError(
            try PVRTC1Sizing.prepare(
                RGBAImage(width: 16385, height: 1), square: .pad, pot: .pad)
        ) { error in
            guard case EncodingError.tooLarge = error else { return XCTFail("\(error)") }
        }
    }

    /// Padding an image with alpha: original at the top-left, pad pixels transparent but carrying
    /// the nearest edge colour.
    func testPadWithAlphaIsTransparentEdgeExtended() throws {
        let image = PipelineTestImages.noise(width: 5, height: 3, seed: 2, alpha: .mixed)
        let padded = try PVRTC1Sizing.prepare(image, square: .pad, pot: .pad)
        XCTAssertEqual(padded.width, 8)
        XCTAssertEqual(padded.height, 8)
        for y in 0..<8 {
            for x in 0..<8 {
                let p = padded[x, y]
                let edge = image[min(x, 4), min(y, 2)]
                XCTAssertEqual([p.r, p.g, p.b], [edge.r, edge.g, edge.b], "\(x),\(y)")
                XCTAssertEqual(p.a, x < 5 && y < 3 ? edge.a : 0, "\(x),\(y)")
            }
        }
    }

    /// Padding an opaque image extends its edges and stays opaque.
    func testPadOpaqueIsEdgeExtended() throws {
        let image = PipelineTestImages.noise(width: 3, height: 6, seed: 3, alpha: .opaque)
        let padded = try PVRTC1Sizing.prepare(image, square: .pad, pot: .pad)
        XCTAssertEqual([padded.width, padded.height], [8, 8])
        XCTAssertFalse(padded.hasTransparency)
        for y in 0..<8 {
            for x in 0..<8 {
                let p = padded[x, y]
                let edge = image[min(x, 2), min(y, 5)]
                XCTAssertEqual([p.r, p.g, p.b, p.a], [edge.r, edge.g, edge.b, edge.a], "\(x),\(y)")
            }
        }
    }

    /// Stretch sizes: both policies, each alone where it suffices, and mixed.
    func testStretchSizes() throws {
        let image = PipelineTestImages.smooth(width: 150, height: 100)
        func size(
            _ square: PVRTC1Sizing.Policy?, _ pot: PVRTC1Sizing.Policy?,
            _ source: RGBAImage
        ) throws -> [Int] {
            let out = try PVRTC1Sizing.prepare(source, square: square, pot: pot)
            return [out.width, out.height]
        }
        XCTAssertEqual(try size(.stretch, .stretch, image), [256, 256])
        XCTAssertEqual(try size(.pad, .stretch, image), [256, 256])
        XCTAssertEqual(try size(.stretch, .pad, image), [256, 256])
        XCTAssertEqual(try size(.stretch, nil, PipelineTestImages.smooth(width: 64, height: 16)), [64, 64])
        XCTAssertEqual(try size(nil, .stretch, PipelineTestImages.smooth(width: 20, height: 20)), [32, 32])
    }

    /// A stretched smooth opaque image stays opaque and keeps its corner colours and its ramp.
    func testStretchKeepsContent() throws {
        let image = PipelineTestImages.smooth(width: 40, height: 24)
        let out = try PVRTC1Sizing.prepare(image, square: .stretch, pot: .stretch)
        XCTAssertEqual([out.width, out.height], [64, 64])
        XCTAssertFalse(out.hasTransparency)
        // Red ramps with x, green with y: monotonic along each axis (allowing a step of ringing).
        for x in 1..<64 { XCTAssertGreaterThanOrEqual(Int(out[x, 32].r) + 1, Int(out[x - 1, 32].r)) }
        for y in 1..<64 { XCTAssertGreaterThanOrEqual(Int(out[32, y].g) + 1, Int(out[32, y - 1].g)) }
        XCTAssertLessThanOrEqual(abs(Int(out[0, 0].r) - Int(image[0, 0].r)), 4)
        XCTAssertLessThanOrEqual(abs(Int(out[63, 63].g) - Int(image[39, 23].g)), 4)
    }
}
