import EncodeJobs
import Imaging
import PVRCTestSupport
import PVRTCSearch
import QualityMetrics
import XCTest

@testable import PVRTC

/// Every preparation option with the codec's `fastest` level, at both PVRTC1 rates.
final class FastestOptionTests: XCTestCase {
    /// Every encoder option with `fastest` (``checkEveryOption(format:tolerance:line:)``): within 6 dB of
    /// `fast` on this noisy image (measured gaps 2.5 to 5.4 dB).
    func testEveryOption4bpp() throws {
        try checkEveryOption(format: .pvrtc1_4bpp, tolerance: 6)
    }

    /// Every encoder option with `fastest` at 2bpp: within 7 dB of `fast` at 2bpp on this noisy gradient
    /// image (measured gaps 0.4 to 1.1 dB with alpha, 5.9 to 6.0 dB opaque, where one pass leaves the
    /// wrapped block edges of the full-range gradients rough).
    func testEveryOption2bpp() throws {
        try checkEveryOption(format: .pvrtc1_2bpp, tolerance: 7)
    }

    /// Flipping is preparation: encoding with `flipY` gives the bytes of encoding the flipped image.
    func testFlipMatchesFlippedSource() throws {
        try checkFlipMatchesFlippedSource(format: .pvrtc1_4bpp)
        try checkFlipMatchesFlippedSource(format: .pvrtc1_2bpp)
    }

    /// The level-0 picture the encoder sees for `options`: flipped and premultiplied as asked.
    private func prepared(_ image: RGBAImage, _ options: EncodeOptions) -> RGBAImage {
        var result = image
        if options.flipX || options.flipY {
            for y in 0..<image.height {
                for x in 0..<image.width {
                    result[x, y] =
                        image[
                            options.flipX ? image.width - 1 - x : x, options.flipY ? image.height - 1 - y : y]
                }
            }
        }
        if options.premultiply && !options.normalMap && image.hasTransparency {
            result = Premultiplication.premultiplied(result, colorSpace: options.metadata.colorSpace)
        }
        return result
    }

    /// Every encoder option with `fastest` in `format`: the format, the recorded metadata, the mip chain, and
    /// a decoded top level within `tolerance` dB of `fast` with the same options, both judged against the
    /// prepared level (by alpha-weighted RGB where there is alpha): a misapplied option costs far more.
    private func checkEveryOption(format: PVRTCFormat, tolerance: Double, line: UInt = #line) throws {
        let opaque = EncoderFixtures.textured(width: 64, height: 64, alpha: false)
        let soft = EncoderFixtures.textured(width: 64, height: 64, alpha: true)
        var variants: [(String, RGBAImage, EncodeOptions)] = []
        func add(_ name: String, _ image: RGBAImage, _ change: (inout EncodeOptions) -> Void) {
            var options = EncodeOptions(quality: .fastest, threads: 2, format: format)
            change(&options)
            variants.append((name, image, options))
        }
        add("mipmaps", soft) { $0.mipmaps = true }
        add("flip x", opaque) { $0.flipX = true }
        add("flip y", soft) { $0.flipY = true }
        add("premultiply", soft) { $0.premultiply = true }
        add("srgb", opaque) {
            $0.colorSpace = .srgb
            $0.mipmaps = true
        }
        add("linear", soft) { $0.colorSpace = .linear }
        add("normal map", opaque) {
            $0.normalMap = true
            $0.mipmaps = true
        }
        add("no alpha bleed", soft) { $0.alphaBleed = false }
        for (name, image, options) in variants {
            let texture = try encodeSynchronously(image, options: options)
            XCTAssertEqual(texture.format, format, name, line: line)
            XCTAssertEqual(texture.metadata, options.metadata, name, line: line)
            XCTAssertEqual(texture.hasAlpha, image.hasTransparency, name, line: line)
            XCTAssertEqual(texture.levels.count, options.mipmaps ? 7 : 1, name, line: line)
            var fast = options
            fast.quality = .fast
            let reference = try encodeSynchronously(image, options: fast)
            XCTAssertEqual(reference.metadata, texture.metadata, name, line: line)
            func score(_ level: PVRTCImage) throws -> Double {
                let decoded = PVRTCDecoder.decode(level)
                let c = try ImageComparison.compare(reference: prepared(image, options), candidate: decoded)
                return try image.hasTransparency ? XCTUnwrap(c.alphaWeightedRGBPSNR) : c.rgbPSNR
            }
            let ours = try score(texture.levels[0])
            let theirs = try score(reference.levels[0])
            XCTAssertGreaterThan(
                ours, theirs - tolerance, "\(name): fastest \(ours) dB, fast \(theirs) dB", line: line)
        }
    }

    /// Flipping is preparation: encoding with `flipY` in `format` gives the bytes of encoding the flipped image.
    private func checkFlipMatchesFlippedSource(format: PVRTCFormat, line: UInt = #line) throws {
        let image = EncoderFixtures.textured(width: 32, height: 32, alpha: true)
        var flipped = image
        for y in 0..<32 {
            for x in 0..<32 { flipped[x, y] = image[x, 31 - y] }
        }
        var options = EncodeOptions(quality: .fastest, threads: 1, format: format)
        let plain = try encodeSynchronously(flipped, options: options)
        options.flipY = true
        XCTAssertEqual(
            try encodeSynchronously(image, options: options).levels, plain.levels, line: line)
    }
}
