import Foundation
import Imaging
import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import XCTest

@testable import PVRTCSearch

/// The PVRTC1 2bpp level encoder, judged through the 2bpp decoder (itself checked bit for bit against
/// `texture2ddecoder` by `Golden2bppVectorTests`).
final class Encoder2bppTests: XCTestCase {
    /// PSNR in dB of the RGB channels (weighted by source alpha when `alphaWeighted`) and of alpha.
    static func psnr(_ reference: RGBAImage, _ decoded: RGBAImage) -> (rgb: Double, alpha: Double) {
        var rgb = 0.0
        var weight = 0.0
        var alpha = 0.0
        for i in stride(from: 0, to: reference.pixels.count, by: 4) {
            let a = Double(reference.pixels[i + 3]) / 255
            for c in 0..<3 {
                let d = Double(reference.pixels[i + c]) - Double(decoded.pixels[i + c])
                rgb += a * d * d
            }
            weight += 3 * a
            let d = Double(reference.pixels[i + 3]) - Double(decoded.pixels[i + 3])
            alpha += d * d
        }
        func db(_ mse: Double) -> Double { mse == 0 ? 99 : 10 * log10(255 * 255 / mse) }
        return (db(rgb / max(weight, 1)), db(alpha / Double(reference.pixels.count / 4)))
    }

    func encodeAndDecode(_ image: RGBAImage, quality: PVRTCEncoder.Quality, threads: Int = 2) throws -> (
        data: [UInt8], decoded: RGBAImage
    ) {
        let data = try LevelEncoder.encode(
            image, format: .pvrtc1_2bpp, options: .init(quality: quality, threads: threads)
        ).data
        XCTAssertEqual(data.count, PVRTCFormat.pvrtc1_2bpp.byteCount(width: image.width, height: image.height))
        let decoded = try PVRTC1TwoBitDecoder.decode(data: data, width: image.width, height: image.height)
        return (data, decoded)
    }

    /// Block colour words of a level, in storage order.
    static func colorWords(_ data: [UInt8]) -> [UInt32] {
        stride(from: 0, to: data.count, by: 8).map { o in
            UInt32(data[o + 4]) | UInt32(data[o + 5]) << 8 | UInt32(data[o + 6]) << 16 | UInt32(data[o + 7]) << 24
        }
    }

    func testOpaqueRoundTripQualityFloors() throws {
        let image = EncoderFixtures.textured(width: 64, height: 64, alpha: false)
        var previous = 0.0
        for quality in [PVRTCEncoder.Quality.fast, .best] {
            let (_, decoded) = try encodeAndDecode(image, quality: quality)
            let rgb = Self.psnr(image, decoded).rgb
            XCTAssertGreaterThan(rgb, quality == .fast ? 29.5 : 30.3, "\(quality)")
            XCTAssertGreaterThanOrEqual(rgb, previous - 0.05, "\(quality) should not be worse than a faster level")
            previous = rgb
            XCTAssertEqual(Set(decoded.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element)), [255])
        }
    }

    func testAlphaRoundTripQualityFloors() throws {
        let image = EncoderFixtures.textured(width: 64, height: 32, alpha: true, seed: 3)
        let (data, decoded) = try encodeAndDecode(image, quality: .high)
        let (rgb, alpha) = Self.psnr(image, decoded)
        XCTAssertGreaterThan(rgb, 28)
        XCTAssertGreaterThan(alpha, 28)
        // Translucent endpoints are used where the image is transparent.
        XCTAssertTrue(Self.colorWords(data).contains { $0 & 0x8000 == 0 || $0 & 0x8000_0000 == 0 })
    }

    /// A smooth image that tiles (one period of a sine across each side), as small levels and wrap-around
    /// expect.
    static func periodic(width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let u = 2 * Double.pi * Double(x) / Double(width)
                let v = 2 * Double.pi * Double(y) / Double(height)
                let o = (y * width + x) * 4
                pixels[o] = UInt8(128 + 50 * sin(u))
                pixels[o + 1] = UInt8(120 + 40 * cos(v))
                pixels[o + 2] = UInt8(100 + 30 * sin(u + v))
            }
        }
        return try! RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Every size from 1x1 through the 16x8 minimum to non-square levels encodes to the level's byte count
    /// and decodes close to the source. Levels below 16x8 hold one real block whose copies fill the padding
    /// (the same policy as 4bpp, so decoders that wrap inside the real block agree): a two-colour pattern,
    /// which one endpoint pair holds, must come back close; larger levels get a smooth tiling image.
    func testSmallAndNonSquareSizes() throws {
        for (width, height) in [(1, 1), (2, 4), (8, 4), (8, 8), (4, 16)] {
            var image = Self.periodic(width: width, height: height)
            for i in stride(from: 0, to: image.pixels.count, by: 4) {
                let on = (i / 4 + (i / 4) / width) % 3 == 0
                image.pixels.replaceSubrange(i..<(i + 4), with: on ? [200, 180, 40, 255] : [30, 60, 150, 255])
            }
            let (data, decoded) = try encodeAndDecode(image, quality: .normal)
            XCTAssertGreaterThan(Self.psnr(image, decoded).rgb, 30, "\(width)x\(height)")
            let realWide = (width + 7) / 8
            let realHigh = (height + 3) / 4
            let bw = PVRTCFormat.pvrtc1_2bpp.blocksWide(width)
            let bh = PVRTCFormat.pvrtc1_2bpp.blocksHigh(height)
            for by in 0..<bh {
                for bx in 0..<bw {
                    let offset = Morton.offset(x: bx, y: by, blocksWide: bw, blocksHigh: bh) * 8
                    let real = Morton.offset(x: bx % realWide, y: by % realHigh, blocksWide: bw, blocksHigh: bh) * 8
                    XCTAssertEqual(
                        data[offset..<(offset + 8)], data[real..<(real + 8)], "\(width)x\(height) (\(bx), \(by))")
                }
            }
        }
        for (width, height) in [(16, 8), (32, 8), (8, 32), (64, 16), (32, 32)] {
            let image = Self.periodic(width: width, height: height)
            let (_, decoded) = try encodeAndDecode(image, quality: .normal)
            XCTAssertGreaterThan(Self.psnr(image, decoded).rgb, 26, "\(width)x\(height)")
        }
        XCTAssertThrowsError(
            try LevelEncoder.encode(EncoderFixtures.textured(width: 24, height: 8, alpha: false), format: .pvrtc1_2bpp)
                .data)
    }

    /// The output bytes do not depend on the thread count.
    func testDeterministicAcrossThreadCounts() throws {
        for alpha in [false, true] {
            let image = EncoderFixtures.textured(width: 32, height: 64, alpha: alpha, seed: 7)
            let one = try LevelEncoder.encode(image, format: .pvrtc1_2bpp, options: .init(quality: .normal, threads: 1))
                .data
            let three = try LevelEncoder.encode(
                image, format: .pvrtc1_2bpp, options: .init(quality: .normal, threads: 3)
            ).data
            let eight = try LevelEncoder.encode(
                image, format: .pvrtc1_2bpp, options: .init(quality: .normal, threads: 8)
            ).data
            XCTAssertEqual(one, three, "alpha \(alpha)")
            XCTAssertEqual(one, eight, "alpha \(alpha)")
        }
    }

    /// `max` (worst-block recovery in every round) keeps the output independent of the thread count.
    func testMaxIsDeterministicAcrossThreadCounts() throws {
        // 32×16 of the gradient-and-stripes image around its centre: gradient, stripes and checks, so that
        // blocks are far above the median and the recovery changes some of them.
        let whole = Self.gradientAndStripes()
        var pixels: [UInt8] = []
        for y in 24..<40 { pixels += whole.pixels[((y * 64 + 16) * 4)..<((y * 64 + 48) * 4)] }
        let image = try RGBAImage(width: 32, height: 16, pixels: pixels)
        let one = try LevelEncoder.encode(image, format: .pvrtc1_2bpp, options: .init(quality: .max, threads: 1)).data
        let three = try LevelEncoder.encode(image, format: .pvrtc1_2bpp, options: .init(quality: .max, threads: 3)).data
        XCTAssertEqual(one, three)
        XCTAssertNotEqual(
            one, try LevelEncoder.encode(image, format: .pvrtc1_2bpp, options: .init(quality: .best, threads: 1)).data)
    }

    /// Worst-block recovery on a converged `best`-like state lowers the weighted error of the image (the
    /// sum of every block's own error under the encoder's metric), changing some blocks.
    func testWorstBlockRecoveryLowersTheError() throws {
        let image = Self.gradientAndStripes()
        let ws = EncoderWorkspace(image: image, metric: .opaque, format: .pvrtc1_2bpp)
        InitialEndpoints.compute(ws, modulationPasses: 3, threads: 2)
        for _ in 0..<3 {
            EndpointRefinement.refine(ws, sweeps: 2, threads: 2)
            EndpointQuantization.search(ws, descentPasses: 2, threads: 2)
            DirectOrInterpolatedModulation.selectAll(ws, passes: 3, threads: 2)
        }
        func total() -> Int {
            var sum = 0
            for by in 0..<ws.blocksHigh {
                for bx in 0..<ws.blocksWide {
                    sum += WorstBlockRecovery.DirectOrInterpolated.blockError(ws, bx: bx, by: by)
                }
            }
            return sum
        }
        let before = total()
        let changed = WorstBlockRecovery.DirectOrInterpolated.recover(ws, medianFactor: 1, passes: 3, threads: 2)
        DirectOrInterpolatedModulation.selectAll(ws, passes: 3, threads: 2)
        XCTAssertGreaterThan(changed, 0)
        XCTAssertLessThan(total(), before)
    }

    /// 64×64: a smooth diagonal gradient on the left, one-pixel stripes and checks of two colours on the right.
    static func gradientAndStripes() -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: 64 * 64 * 4)
        for y in 0..<64 {
            for x in 0..<64 {
                let o = (y * 64 + x) * 4
                if x < 32 {
                    pixels[o] = UInt8(x * 4 + y)
                    pixels[o + 1] = UInt8(128 + y)
                    pixels[o + 2] = UInt8(200 - x - y)
                } else {
                    let on = y < 32 ? x & 1 == 0 : (x ^ y) & 2 == 0
                    pixels[o] = on ? 230 : 20
                    pixels[o + 1] = on ? 220 : 30
                    pixels[o + 2] = on ? 40 : 200
                }
                pixels[o + 3] = 255
            }
        }
        return try! RGBAImage(width: 64, height: 64, pixels: pixels)
    }

    /// The two images the window and error-table checks use, the gradient-and-stripes one (opaque: the luma
    /// term) and a textured one with alpha, each with a workspace after a short search (modulation, one
    /// refinement and quantisation, modulation again).
    static func searchedWorkspaces() -> [(image: RGBAImage, ws: EncoderWorkspace)] {
        [Self.gradientAndStripes(), EncoderFixtures.textured(width: 64, height: 32, alpha: true, seed: 5)].map {
            image in
            let ws = EncoderWorkspace(
                image: image, metric: .default(hasTransparency: image.hasTransparency), format: .pvrtc1_2bpp)
            InitialEndpoints.compute(ws, modulationPasses: 2, threads: 1)
            EndpointRefinement.refine(ws, sweeps: 1, threads: 1)
            EndpointQuantization.search(ws, descentPasses: 0, threads: 1)
            DirectOrInterpolatedModulation.selectAll(ws, passes: 2, threads: 1)
            return (image, ws)
        }
    }

    /// The window judges a trial that changes one channel of the primed pair from its per-pixel state; that
    /// must give exactly what decoding the whole window again gives (a second, unprimed window), for every
    /// block of an opaque image (luma term) and one with alpha, in A, B or both, with and without a bound.
    func testPrimedWindowErrorEqualsTheFullError() throws {
        for (_, ws) in Self.searchedWorkspaces() {
            let primed = FixedModulationWindow(shape: ws.windowShape)
            let full = FixedModulationWindow(shape: ws.windowShape)
            defer {
                primed.deallocate()
                full.deallocate()
            }
            var generator = SplitMix64(seed: 17)
            var checked = 0
            for by in 0..<ws.blocksHigh {
                for bx in 0..<ws.blocksWide {
                    let base = ws.expanded[by * ws.blocksWide + bx]
                    primed.load(ws, bx: bx, by: by)
                    full.load(ws, bx: bx, by: by)
                    let baseError = try XCTUnwrap(full.error(ws, trial: base))
                    XCTAssertEqual(primed.prime(ws, trial: base), baseError)
                    for _ in 0..<12 {
                        var trial = base
                        let channel = Int.random(in: 0..<4, using: &generator)
                        let slots = [[channel], [channel + 4], [channel, channel + 4]].randomElement(using: &generator)!
                        for lane in slots { trial[lane] += Int32.random(in: -3...3, using: &generator) }
                        if Bool.random(using: &generator) { trial[(channel + 1) % 4] += 1 }
                        let expected = full.error(ws, trial: trial)
                        XCTAssertEqual(primed.error(ws, trial: trial), expected)
                        XCTAssertEqual(
                            primed.error(ws, trial: trial, below: baseError) == nil,
                            full.error(ws, trial: trial, below: baseError) == nil)
                        checked += 1
                    }
                }
            }
            XCTAssertEqual(checked, 12 * ws.blocksWide * ws.blocksHigh)
        }
    }

    /// Worst-block recovery loads a block's window once and, after each candidate's endpoints and modulation,
    /// only reads its weights and modes again (``FixedModulationWindow/reloadModulation(_:)``); that window must judge
    /// every trial exactly as one loaded from scratch, for every block of an opaque image and one with alpha.
    func testReloadedWindowEqualsAFreshlyLoadedOne() throws {
        for (_, ws) in Self.searchedWorkspaces() {
            let reloaded = FixedModulationWindow(shape: ws.windowShape)
            let fresh = FixedModulationWindow(shape: ws.windowShape)
            let scratch = DirectOrInterpolatedModulation.Scratch()
            defer {
                reloaded.deallocate()
                fresh.deallocate()
                scratch.deallocate()
            }
            var generator = SplitMix64(seed: 23)
            var modesChanged = 0
            for by in 0..<ws.blocksHigh {
                for bx in 0..<ws.blocksWide {
                    let k = by * ws.blocksWide + bx
                    reloaded.load(ws, bx: bx, by: by)
                    let before = ws.expanded[k]
                    _ = reloaded.prime(ws, trial: before)
                    let mode = ws.mode[k]
                    // Another block's endpoints as this block's candidate, its modulation chosen for them.
                    let other = Int.random(in: 0..<(ws.blocksWide * ws.blocksHigh), using: &generator)
                    (ws.colorWords[k], ws.expanded[k]) = (ws.colorWords[other], ws.expanded[other])
                    DirectOrInterpolatedModulation.selectBlock(ws, scratch: scratch, bx: bx, by: by, passes: 2)
                    WorstBlockRecovery.DirectOrInterpolated.refreshRing(ws, bx: bx, by: by)
                    if ws.mode[k] != mode { modesChanged += 1 }
                    reloaded.reloadModulation(ws)
                    fresh.load(ws, bx: bx, by: by)
                    for _ in 0..<4 {
                        var trial = ws.expanded[k]
                        trial[Int.random(in: 0..<8, using: &generator)] += Int32.random(in: -2...2, using: &generator)
                        XCTAssertEqual(reloaded.error(ws, trial: trial), fresh.error(ws, trial: trial))
                    }
                    // One channel away from the pair primed before the change: judged from the new modulation, not
                    // from the primed pixels.
                    var near = before
                    near[0] += 1
                    XCTAssertEqual(reloaded.error(ws, trial: near), fresh.error(ws, trial: near))
                }
            }
            XCTAssertGreaterThan(modesChanged, 0)
        }
    }

    /// The modulation search's error table (every pixel of the 10 × 6 region around a block, at every
    /// weight 0...8) holds the metric's error of the pixel the 2bpp decoder gives at that weight: endpoint
    /// colours A and B come from decoding the packed endpoints with every block in the direct mode and its
    /// bits all clear (A) or all set (B), blended as A.9 blends them; for an opaque image (luma term) and one
    /// with alpha.
    func testErrorTableEqualsTheDecodedError() throws {
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: 60 * 9)
        defer { table.deallocate() }
        for (image, ws) in Self.searchedWorkspaces() {
            func decoded(bits: UInt8) throws -> RGBAImage {
                var data = try BlockPacking.pack(ws, width: image.width, height: image.height).data
                for o in stride(from: 0, to: data.count, by: 8) {
                    for i in 0..<4 { data[o + i] = bits }
                    data[o + 4] &= ~1
                }
                return try PVRTC1TwoBitDecoder.decode(data: data, width: image.width, height: image.height)
            }
            let a = try decoded(bits: 0)
            let b = try decoded(bits: 0xFF)
            var checked = 0
            var mismatches = 0
            for by in 0..<ws.blocksHigh {
                for bx in 0..<ws.blocksWide {
                    DirectOrInterpolatedModulation.fillTable(ws, table: table, bx: bx, by: by)
                    for ly in -1...4 {
                        for lx in -1...8 {
                            let x = (8 * bx + lx) & (image.width - 1)
                            let y = (4 * by + ly) & (image.height - 1)
                            let o = (y * image.width + x) * 4
                            let weights = ws.errorWeights[y * ws.width + x]
                            for w in 0...8 {
                                var d = SIMD4<Int32>.zero
                                for c in 0..<4 {
                                    let low = Int32(a.pixels[o + c]) * Int32(8 - w)
                                    let high = Int32(b.pixels[o + c]) * Int32(w)
                                    d[c] = ((low + high) >> 3) - Int32(image.pixels[o + c])
                                }
                                let luma = (d &* ws.lumaWeights).wrappedSum()
                                let expected = (d &* d &* weights).wrappedSum() + luma * luma
                                if table[DirectOrInterpolatedModulation.t(lx, ly) + w] != expected { mismatches += 1 }
                                checked += 1
                            }
                        }
                    }
                }
            }
            XCTAssertEqual(mismatches, 0, "of \(checked) entries")
            XCTAssertEqual(checked, ws.blocksWide * ws.blocksHigh * 60 * 9)
        }
    }

    /// On an image with both smooth gradients and hard two-colour edges, the search uses the direct mode
    /// and the interpolated mode, and more than one averaging rule; forcing all blocks into one mode is worse.
    func testModeSelectionUsesBothModes() throws {
        let image = Self.gradientAndStripes()
        let (data, decoded) = try encodeAndDecode(image, quality: .best)
        let words = Self.colorWords(data)
        let interpolated = words.filter { $0 & 1 != 0 }.count
        XCTAssertGreaterThan(interpolated, 0)
        XCTAssertLessThan(interpolated, words.count)
        var rules = Set<TwoBitModulation.Averaging>()
        for o in stride(from: 0, to: data.count, by: 8) where data[o + 4] & 1 != 0 {
            let modulation =
                UInt32(data[o]) | UInt32(data[o + 1]) << 8 | UInt32(data[o + 2]) << 16 | UInt32(data[o + 3]) << 24
            rules.insert(TwoBitModulation.Averaging(word: modulation))
        }
        XCTAssertGreaterThan(rules.count, 1, "rules used: \(rules)")
        // The same endpoints with every block forced into the direct mode (and its best bits) decode worse.
        var direct = data
        for o in stride(from: 0, to: data.count, by: 8) where data[o + 4] & 1 != 0 {
            direct[o + 4] &= 0xFE
        }
        let forced = try PVRTC1TwoBitDecoder.decode(data: direct, width: 64, height: 64)
        XCTAssertLessThan(
            EncoderFixtures.squaredError(image, decoded), EncoderFixtures.squaredError(image, forced))
    }
}
