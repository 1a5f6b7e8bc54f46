import Imaging
import PVRCTestSupport
import QualityMetrics
import XCTest

@testable import PVRTC
@testable import PVRTCSearch

/// The `fastest` level for PVRTC1 2bpp (``FastestEncoder``): deterministic, every option, its
/// modulation the exact decoder's best (its quality on real images: `Fastest2bppCorpusTests`).
final class Fastest2bppEncoderTests: XCTestCase {
    /// The geometry the stages read is the 2bpp format's: 8×4 blocks, the 15×7 window of
    /// `WindowShape` with its bilinear weights (of 32) and its first pixel.
    func testGeometryIsTheFormats() {
        let geometry = FastestGeometry(.pvrtc1_2bpp)
        let shape = BlockFormat.pvrtc1_2bpp.windowShape
        XCTAssertEqual(geometry.blockWidth, PVRTCFormat.pvrtc1_2bpp.blockWidth)
        XCTAssertEqual(geometry.blockHeight, PVRTCFormat.pvrtc1_2bpp.blockHeight)
        XCTAssertEqual(geometry.windowWidth, shape.columns)
        XCTAssertEqual(geometry.windowHeight, shape.rows)
        XCTAssertEqual(geometry.weightTotal, 32)
        var weights: [Int32] = []
        for j in 0..<geometry.windowHeight {
            for i in 0..<geometry.windowWidth { weights.append(Int32(geometry.weightX(i) * geometry.weightY(j))) }
        }
        XCTAssertEqual(weights, shape.weights)
        let ws = EncoderWorkspace(
            image: EncoderFixtures.textured(width: 64, height: 32, alpha: false), metric: .opaque,
            format: .pvrtc1_2bpp)
        for b in 0..<4 {
            XCTAssertEqual(geometry.windowX(b), ws.windowLeft(b))
            XCTAssertEqual(geometry.windowY(b), ws.windowTop(b))
        }
    }

    /// Same bytes for 1, 2, 3 and 4 threads: opaque, soft alpha, noisy alpha, cut-out, rectangular and
    /// levels below the two-by-two-block minimum.
    func testDeterministicAcrossThreadCounts() throws {
        let images = [
            EncoderFixtures.textured(width: 128, height: 64, alpha: false),
            EncoderFixtures.textured(width: 32, height: 128, alpha: false, seed: 4),
            EncoderFixtures.textured(width: 64, height: 64, alpha: true),
            PipelineTestImages.noise(width: 32, height: 32, seed: 5, alpha: .mixed),
            FastestChecks.cutOut(width: 64, height: 64),
            EncoderFixtures.textured(width: 8, height: 2, alpha: true),
            EncoderFixtures.textured(width: 1, height: 1, alpha: false),
        ]
        for image in images {
            let one = try LevelEncoder.encode(
                image, format: .pvrtc1_2bpp, options: .init(quality: .fastest, threads: 1)
            ).data
            XCTAssertEqual(one.count, PVRTCFormat.pvrtc1_2bpp.byteCount(width: image.width, height: image.height))
            for threads in [2, 3, 4] {
                let other = try LevelEncoder.encode(
                    image, format: .pvrtc1_2bpp, options: .init(quality: .fastest, threads: threads)
                ).data
                XCTAssertEqual(one, other, "\(image), \(threads) threads")
            }
        }
    }

    /// `PVRTCEncoder` with `fastest` and the 2bpp format is this encoder, level by level.
    func testTheLibraryEncodeUsesIt() throws {
        let image = EncoderFixtures.textured(width: 64, height: 64, alpha: true)
        let references = MipChain.build(from: image, colorSpace: .srgb)
        let options = PVRTCEncoder.Options(quality: .fastest, threads: 2, format: .pvrtc1_2bpp)
        let texture = try PVRTCEncoder.encodeSynchronously(references, options: options)
        XCTAssertEqual(texture.format, .pvrtc1_2bpp)
        XCTAssertEqual(texture.levels.count, references.count)
        for (level, reference) in zip(texture.levels, references) {
            XCTAssertEqual(
                level.data,
                try LevelEncoder.encode(reference, format: .pvrtc1_2bpp, options: .init(quality: .fastest, threads: 1))
                    .data)
        }
    }

    /// Every block word of `data` with modulation word `word` and mode flag `interpolated`.
    private func rewritten(_ data: [UInt8], word: UInt32, interpolated: Bool) -> [UInt8] {
        var result = data
        for o in stride(from: 0, to: data.count, by: 8) {
            for i in 0..<4 { result[o + i] = UInt8(truncatingIfNeeded: word >> UInt32(8 * i)) }
            result[o + 4] = (data[o + 4] & ~1) | (interpolated ? 1 : 0)
        }
        return result
    }

    /// The metric's error of decoded pixel `c` against source pixel `s` (colour weighted by source
    /// alpha where the image has alpha, as the encoder's error weights are).
    private func error(_ c: SIMD4<Double>, _ s: SIMD4<Double>, metric: ErrorMetric, hasAlpha: Bool) -> Double {
        let d = c - s
        var w = SIMD4<Double>(metric.channelWeights)
        if hasAlpha {
            let scale = max(s[3], 1)
            w = SIMD4(w[0] * scale, w[1] * scale, w[2] * scale, w[3] * 255)
        } else {
            w[3] = 0
        }
        let luma = SIMD4<Double>(metric.lumaWeights)
        let y = hasAlpha ? 0 : (d * luma).sum()
        return (d * d * w).sum() + y * y
    }

    /// Checked against the bit-exact 2bpp decoder (itself checked against `texture2ddecoder`): in every
    /// direct block each pixel decodes to whichever of its colour A and colour B (the level decoded with
    /// every modulation bit clear, then set) is nearer; in every interpolated block each stored pixel
    /// decodes to the nearest of its four possible colours (weights 3 and 5 decoded from levels of
    /// interpolated blocks with every stored value 1, then 2), or of A and B where its low bit is a
    /// rule flag. Opaque and alpha,
    /// square and rectangular; both modes occur.
    func testModulationIsTheExactDecodersBest() throws {
        let images = [
            EncoderFixtures.textured(width: 64, height: 64, alpha: false),
            EncoderFixtures.textured(width: 128, height: 32, alpha: false, seed: 2),
            EncoderFixtures.textured(width: 32, height: 64, alpha: true, seed: 3),
            EncoderFixtures.textured(width: 16, height: 8, alpha: false, seed: 5),
        ]
        for image in images {
            let hasAlpha = image.hasTransparency
            let metric = ErrorMetric.default(hasTransparency: hasAlpha)
            let data = try LevelEncoder.encode(
                image, format: .pvrtc1_2bpp, options: .init(quality: .fastest, threads: 2)
            ).data
            func decode(_ level: [UInt8]) throws -> RGBAImage {
                try PVRTC1TwoBitDecoder.decode(data: level, width: image.width, height: image.height)
            }
            let decoded = try decode(data)
            let candidates = try [
                decode(rewritten(data, word: 0, interpolated: false)),
                // Bit 0 clear: the both-directions rule, so stored pixel (4, 2) holds its value too.
                decode(rewritten(data, word: 0x5555_5554, interpolated: true)),
                decode(rewritten(data, word: 0xAAAA_AAAA, interpolated: true)),
                decode(rewritten(data, word: 0xFFFF_FFFF, interpolated: false)),
            ]
            let bw = image.width / 8
            let bh = image.height / 4
            var blocks = (direct: 0, interpolated: 0)
            var checked = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let o = 8 * Morton.offset(x: x / 8, y: y / 4, blocksWide: bw, blocksHigh: bh)
                    let word =
                        UInt32(data[o]) | UInt32(data[o + 1]) << 8 | UInt32(data[o + 2]) << 16
                        | UInt32(data[o + 3]) << 24
                    let interpolated = data[o + 4] & 1 != 0
                    let (lx, ly) = (x % 8, y % 4)
                    if lx == 0 && ly == 0 {
                        if interpolated { blocks.interpolated += 1 } else { blocks.direct += 1 }
                    }
                    if interpolated && (lx ^ ly) & 1 != 0 { continue }
                    let flagged = (lx == 0 && ly == 0) || (lx == 4 && ly == 2 && word & 1 != 0)
                    let allowed = interpolated && !flagged ? [0, 1, 2, 3] : [0, 3]
                    func pixel(_ image: RGBAImage) -> SIMD4<Double> {
                        let p = image[x, y]
                        return SIMD4(Double(p.r), Double(p.g), Double(p.b), Double(p.a))
                    }
                    let source = pixel(image)
                    let ours = pixel(decoded)
                    let options = allowed.map { pixel(candidates[$0]) }
                    XCTAssertTrue(options.contains(ours), "\(image) (\(x), \(y)): \(ours) is no allowed colour")
                    let best = options.map { error($0, source, metric: metric, hasAlpha: hasAlpha) }.min() ?? 0
                    let mine = error(ours, source, metric: metric, hasAlpha: hasAlpha)
                    XCTAssertLessThanOrEqual(mine, best * (1 + 1e-5) + 1e-6, "\(image) (\(x), \(y))")
                    checked += 1
                }
            }
            XCTAssertGreaterThanOrEqual(checked, image.width * image.height / 2)
            if image.width * image.height >= 2048 {
                XCTAssertGreaterThan(blocks.direct, 0, "\(image)")
                XCTAssertGreaterThan(blocks.interpolated, 0, "\(image)")
            }
        }
    }
}
