import Foundation
import ImageFiles
import Imaging
import PVRCTestRequirements
import PVRCTestSupport
import PVRTC
import PVRTCSearch
import QualityMetrics
import TextureFormats
import XCTest

/// What the PVRTC2 encoder tests measure against: the PVRTC2 fixtures of `Tests/PVRTCTests/PVRTC2Fixtures`
/// (texture2ddecoder's `ferris_512.png` and the PVRTexLib files made from it), corpus images, and the
/// alpha-weighted RGB and alpha PSNR of `QualityMetrics.ImageComparison` on a decoded level.
enum PVRTC2Images {
    /// The PVRTC2 fixture folder of the decoder tests, from this file's path.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PVRTCTests/PVRTC2Fixtures")

    /// `ferris_512.png` with the sRGB transfer undone on R, G and B, alpha kept: the data PVRTexLib encoded
    /// into `PVRTCII_4bpp.ktx2` and `PVRTCII_2bpp.ktx2` (the fixtures' README).
    static func linearFerris() throws -> RGBAImage {
        SourceComparison.linearised(try PNGCodec.read(from: fixtures.appendingPathComponent("ferris_512.png")))
    }

    /// Level 0 of PVRTexLib's ferris file at `format`'s rate, decoded by pvrc's PVRTC2 decoder.
    static func pvrTexToolFerris(_ format: PVRTCFormat) throws -> RGBAImage {
        let name = format == .pvrtc2_2bpp ? "PVRTCII_2bpp.ktx2" : "PVRTCII_4bpp.ktx2"
        let file = try TextureFile.read(from: fixtures.appendingPathComponent(name))
        let level = try XCTUnwrap(file.texture.levels.first)
        XCTAssertEqual(level.format, format, name)
        return PVRTCDecoder.decode(level, threads: 2)
    }

    /// The corpus PNG `name`.
    static func corpus(_ name: String) throws -> RGBAImage {
        try PNGCodec.read(from: try TestRequirement.corpusFile(name))
    }

    /// `image` encoded as one level of `format` at `quality`, decoded again.
    static func roundTrip(
        _ image: RGBAImage, format: PVRTCFormat, quality: PVRTCEncoder.Quality, threads: Int = 2
    ) throws -> RGBAImage {
        let options = PVRTCEncoder.Options(quality: quality, threads: threads, format: format)
        let texture = try PVRTCEncoder.encodeSynchronously([image], options: options)
        let level = try XCTUnwrap(texture.levels.first)
        XCTAssertEqual(level.format, format)
        XCTAssertEqual(level.data.count, format.byteCount(width: image.width, height: image.height))
        return PVRTCDecoder.decode(level, threads: threads)
    }

    /// The figures by which an image is judged: alpha-weighted RGB and alpha PSNR for a reference with
    /// transparency (`alpha` then set), luma PSNR (`rgb` holding it) for an opaque one.
    struct Score: CustomStringConvertible {
        /// Alpha-weighted RGB PSNR with transparency, luma PSNR without.
        var colour: Double
        /// Alpha PSNR; `nil` for an opaque reference.
        var alpha: Double?

        var description: String {
            String(format: "%.2f", colour) + (alpha.map { String(format: " / A %.2f", $0) } ?? "")
        }
    }

    /// `candidate` judged against `reference`.
    static func score(_ candidate: RGBAImage, _ reference: RGBAImage) throws -> Score {
        let c = try ImageComparison.compare(reference: reference, candidate: candidate)
        if let weighted = c.alphaWeightedRGBPSNR, let alpha = c.alphaPSNR {
            return Score(colour: weighted, alpha: alpha)
        }
        return Score(colour: c.lumaPSNR, alpha: nil)
    }
}

extension PVRTC2Images {
    /// The `width × height` pixels of `image` from (`x`, `y`).
    static func crop(_ image: RGBAImage, x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        var out = RGBAImage(width: width, height: height)
        for row in 0..<height {
            let from = image.offset(x: x, y: y + row)
            out.pixels.replaceSubrange(
                out.offset(x: 0, y: row)..<out.offset(x: 0, y: row + 1), with: image.pixels[from..<(from + 4 * width)])
        }
        return out
    }

    /// `image` and its mip levels, each `max(w / 2, 1) × max(h / 2, 1)` of the one before, down to 1×1.
    static func chain(_ image: RGBAImage) -> [RGBAImage] {
        var levels = [image]
        while let last = levels.last, last.width > 1 || last.height > 1 {
            levels.append(MipChain.downsample(last))
        }
        return levels
    }
}

extension PVRTC2Images {
    /// An atlas-like image: `count` overlapping rectangles of flat random colours with hard edges at random
    /// positions on a flat background; with `cutOut`, a quarter of them fully transparent (alpha 0).
    static func atlas(width: Int, height: Int, count: Int, cutOut: Bool, seed: UInt64) -> RGBAImage {
        var random = TestRandom(seed: seed)
        var image = RGBAImage(width: width, height: height, fill: (40, 60, 90, 255))
        for _ in 0..<count {
            let w = 3 + random.next(width / 3)
            let h = 3 + random.next(height / 3)
            let x0 = random.next(width - w)
            let y0 = random.next(height - h)
            let colour = (
                UInt8(random.next(256)), UInt8(random.next(256)), UInt8(random.next(256)),
                UInt8(cutOut && random.next(4) == 0 ? 0 : 255)
            )
            for y in y0..<(y0 + h) {
                for x in x0..<(x0 + w) { image[x, y] = colour }
            }
        }
        return image
    }
}
