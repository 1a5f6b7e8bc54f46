import Imaging
import PVRCTestSupport
import PVRTC
import XCTest

@testable import PVRTCSearch

/// PVRTC2 4bpp's hard-transition search (``HardTransitionSearch``): the error it models is the error of what
/// pvrc's PVRTC2 decoder (pinned to Imagination's files) makes of the words it writes, and on images with hard
/// edges the flags it sets pay.
final class HardTransitionSearchTests: XCTestCase {
    /// After the search, the error the stage models for every pixel of the level, summed, equals the error of
    /// the decoded level under the same weights, on atlases (opaque and cut-out) of sizes that are not whole
    /// blocks; the search has set both flags somewhere, so every kind of pixel (bilinear, punch-through,
    /// non-interpolated, local palette) is covered.
    func testModelledErrorIsTheDecodedError() throws {
        for cutOut in [false, true] {
            let image = PVRTC2Images.atlas(width: 61, height: 43, count: 30, cutOut: cutOut, seed: cutOut ? 3 : 4)
            let ws = EncoderWorkspace(
                image: image, metric: .default(hasTransparency: image.hasTransparency), format: .pvrtc2_4bpp)
            InitialEndpoints.compute(ws, modulationPasses: 0, threads: 2)
            HardTransitionSearch.run(
                ws, effort: SearchPreset.HardTransitionEffort(rounds: 1, descentPasses: 1), threads: 2)
            let blocks = 0..<(ws.blocksWide * ws.blocksHigh)
            XCTAssertGreaterThan(blocks.filter { ws.hard[$0] }.count, 0, "hard regions")
            XCTAssertGreaterThan(blocks.filter { ws.isPunchThrough($0) }.count, 0, "words with M set")
            let level = try BlockPacking.pack(ws, width: image.width, height: image.height)
            let decoded = PVRTCDecoder.decode(level, threads: 1)
            var modelled = 0
            var measured = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let punch = ws.isPunchThrough(ws.blockIndex(x: x, y: y))
                    let hard = HardTransitionSearch.isHard(ws, x: x, y: y)
                    let p = y * ws.width + x
                    if ws.hasLuma {
                        modelled += Int(
                            HardTransitionSearch.pixel(WithLuma.self, ws, x: x, y: y, hard: hard, punch: punch).error)
                    } else {
                        modelled += Int(
                            HardTransitionSearch.pixel(WithoutLuma.self, ws, x: x, y: y, hard: hard, punch: punch).error
                        )
                    }
                    let o = 4 * (y * image.width + x)
                    let d = SIMD4<Int32>(decoded.pixels[o..<(o + 4)].map { Int32($0) }) &- ws.source[p]
                    let luma = (d &* ws.lumaWeights).wrappedSum()
                    measured += Int((d &* d &* ws.errorWeights[p]).wrappedSum() + luma * luma)
                }
            }
            XCTAssertEqual(modelled, measured, "cut-out \(cutOut)")
        }
    }

    /// On atlases of flat rectangles with hard edges, opaque and cut-out, `best` with the hard-transition
    /// search beats the same rounds without it (every flag clear) by at least 1 dB.
    func testHardTransitionsPayOnAtlases() throws {
        for cutOut in [false, true] {
            let image = PVRTC2Images.atlas(width: 128, height: 96, count: 40, cutOut: cutOut, seed: cutOut ? 5 : 6)
            var without = SearchPreset.of(.best, .pvrtc2_4bpp)
            XCTAssertNotNil(without.hardTransition)
            without.hardTransition = nil
            let options = LevelEncoder.Options(quality: .best, threads: 2)
            let flat = try LevelEncoder.encode(image, format: .pvrtc2_4bpp, preset: without, options: options)
            let hard = try LevelEncoder.encode(image, format: .pvrtc2_4bpp, options: options)
            let flatScore = try PVRTC2Images.score(PVRTCDecoder.decode(flat, threads: 2), image)
            let hardScore = try PVRTC2Images.score(PVRTCDecoder.decode(hard, threads: 2), image)
            print("PVRTC2 atlas cut-out \(cutOut): hard transitions \(hardScore), without \(flatScore)")
            XCTAssertGreaterThanOrEqual(hardScore.colour, flatScore.colour + 1, "cut-out \(cutOut)")
        }
    }
}
