import Foundation
import Imaging
import PVRTC
import PVRTCGL
import XCTest

/// The check every transcode test makes of a transcoded texture: the block words the GPU wrote decode, with
/// texture2ddecoder (``ReferenceBlockDecoder``, an independent decoder), to what the GPU samples from the
/// compressed texture, and the PSNR of that decode against pvrc's exact PVRTC decode; and the measures it uses.
enum TranscodeCheck {
    /// The outcome of one transcoded level: how far the GPU's sampling is from texture2ddecoder's decode of the
    /// same blocks, and the PSNR of that decode against the exact PVRTC decode.
    struct Level {
        let maxDifferenceFromReference: Int
        let psnr: Double
    }

    /// Transcodes `texture` on `context` into `target` (requested through `GLContext.requestedTranscodeTarget`
    /// for the upload; nil: the preferred one, BC3 with alpha and BC1 without where the context has S3TC),
    /// checks every level against texture2ddecoder and returns the per-level figures. Opaque targets are
    /// compared on RGB, the others on RGBA.
    static func run(
        _ texture: PVRTCTexture, _ label: String, on context: GLContext, into target: TranscodeTarget?,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> [Level] {
        let previous = context.requestedTranscodeTarget
        context.requestedTranscodeTarget = target
        defer { context.requestedTranscodeTarget = previous }
        let (uploaded, blocks) = try context.uploadTranscode(texture, keepingBlocks: true)
        defer { context.delete(uploaded) }
        let used = try XCTUnwrap(uploaded.transcodeTarget, file: file, line: line)
        XCTAssertEqual(uploaded.mode, .transcode, file: file, line: line)
        XCTAssertEqual(used, target ?? (texture.hasAlpha ? .bc3 : .bc1), file: file, line: line)
        XCTAssertEqual(blocks.count, texture.levels.count, file: file, line: line)
        let channels = used.storesAlpha ? 4 : 3
        var checks: [Level] = []
        for (index, level) in texture.levels.enumerated() {
            XCTAssertEqual(
                blocks[index].count, used.byteCount(width: level.width, height: level.height), file: file, line: line)
            let reference = try ReferenceBlockDecoder.decode(
                blocks[index], target: used, width: level.width, height: level.height)
            let sampled = try context.readBackTranscoded(uploaded, level: index)
            let colorDifference = maxDifference(sampled, reference, channels: 0..<3)
            let alphaDifference = maxDifference(sampled, reference, channels: 3..<channels)
            let summary = differences(sampled, reference, channels: channels)
            XCTAssertLessThanOrEqual(
                colorDifference, colorTolerance(used), "\(label) level \(index): GL vs texture2ddecoder; \(summary)",
                file: file, line: line)
            XCTAssertLessThanOrEqual(
                alphaDifference, alphaTolerance(used), "\(label) level \(index): GL vs texture2ddecoder; \(summary)",
                file: file, line: line)
            let difference = max(colorDifference, alphaDifference)
            let psnr = psnr(reference, PVRTCDecoder.decode(level, threads: 2), channels: channels)
            checks.append(Level(maxDifferenceFromReference: difference, psnr: psnr))
        }
        return checks
    }

    /// The most GL's sampling and texture2ddecoder may differ on a colour channel. BC1/BC3: the endpoints
    /// decode exactly alike (RGB565 by bit replication); the interpolated colours at 1/3 and 2/3 are left to
    /// the decoder by the format (D3D allows a small error there): texture2ddecoder truncates, llvmpipe rounds.
    /// ETC2: every mode's arithmetic is specified exactly, so none. ASTC: both decode the same UNORM16 value;
    /// texture2ddecoder keeps its top byte, llvmpipe rounds it to the nearest 8-bit value, so 1.
    static func colorTolerance(_ target: TranscodeTarget) -> Int {
        switch target {
        case .bc1, .bc3, .astc4x4, .astc8x8: return 1
        case .etc2, .etc2RGBA: return 0
        }
    }

    /// The most they may differ on alpha. BC3: texture2ddecoder truncates the sevenths and fifths between the
    /// alpha endpoints, llvmpipe's interpolation is up to 2 away from that (measured; endpoints and the
    /// 6-value mode's 0 and 255 are exact). EAC: exact arithmetic, none. ASTC: as its colour, 1.
    static func alphaTolerance(_ target: TranscodeTarget) -> Int {
        switch target {
        case .bc1, .bc3: return 2
        case .astc4x4, .astc8x8: return 1
        case .etc2, .etc2RGBA: return 0
        }
    }

    /// The largest difference over the channels in `channels` (0 when it is empty).
    static func maxDifference(_ a: RGBAImage, _ b: RGBAImage, channels: Range<Int>) -> Int {
        guard a.width == b.width, a.height == b.height else { return 255 }
        var worst = 0
        for i in 0..<a.pixels.count where channels.contains(i % 4) {
            worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i])))
        }
        return worst
    }

    /// How many bytes differ per channel, and by how much at most: "r 3 (max 1), a 2 (max 2)".
    static func differences(_ a: RGBAImage, _ b: RGBAImage, channels: Int) -> String {
        var counts = [Int](repeating: 0, count: 4)
        var worst = [Int](repeating: 0, count: 4)
        for i in 0..<min(a.pixels.count, b.pixels.count) where i % 4 < channels {
            let d = abs(Int(a.pixels[i]) - Int(b.pixels[i]))
            if d > 0 { counts[i % 4] += 1 }
            worst[i % 4] = max(worst[i % 4], d)
        }
        return zip(["r", "g", "b", "a"], zip(counts, worst)).filter { $0.1.0 > 0 }
            .map { "\($0.0) \($0.1.0) (max \($0.1.1))" }.joined(separator: ", ")
    }

    /// PSNR in dB over the first `channels` channels (infinity for identical images).
    static func psnr(_ a: RGBAImage, _ b: RGBAImage, channels: Int) -> Double {
        var sum = 0.0
        var count = 0
        for i in 0..<a.pixels.count where i % 4 < channels {
            let d = Double(a.pixels[i]) - Double(b.pixels[i])
            sum += d * d
            count += 1
        }
        guard sum > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (sum / Double(count)))
    }

    /// `value` with two decimals, or "inf".
    static func decibels(_ value: Double) -> String {
        value.isFinite ? String(format: "%.2f", value) : "inf"
    }
}
