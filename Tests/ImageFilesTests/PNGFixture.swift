import Foundation
import XCTest

/// A fixture PNG written by `tools/make-png-fixtures.py`, with the raw samples it stores.
///
/// ``expectedRGBA`` expands those samples to 8-bit RGBA by the PNG specification's rules, written
/// here independently of libpng: grey is replicated, palette indices are looked up, tRNS gives
/// alpha, and a sample of depth `d` becomes `round(v * 255 / (2^d - 1))`.
struct PNGFixture: Decodable {
    let width: Int
    let height: Int
    let colorType: Int
    let bitDepth: Int
    let interlaced: Bool
    let samples: [Int]
    let palette: [[Int]]
    let trns: [Int]

    /// The directory holding the fixture files.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// Every fixture with a JSON description.
    static let names = [
        "grey1", "grey2", "grey4", "grey8", "grey8-trns", "grey16", "greyalpha8", "greyalpha16",
        "palette8-trns", "palette4", "palette2-trns", "rgb8", "rgb8-trns", "rgba8", "rgb16", "rgba16",
        "rgba8-interlaced",
    ]

    /// The bytes of `NAME.png`.
    static func pngBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name + ".png")))
    }

    /// The path of `NAME.png`.
    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name + ".png").path
    }

    /// Loads the description `NAME.json`.
    static func load(_ name: String) throws -> PNGFixture {
        let data = try Data(contentsOf: directory.appendingPathComponent(name + ".json"))
        return try JSONDecoder().decode(PNGFixture.self, from: data)
    }

    /// Scales a sample of `bitDepth` bits to 8 bits with rounding.
    static func scale(_ value: Int, bitDepth: Int) -> UInt8 {
        let maximum = (1 << bitDepth) - 1
        return UInt8((value * 255 + maximum / 2) / maximum)
    }

    /// The RGBA bytes a correct decoder produces for this fixture.
    var expectedRGBA: [UInt8] {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 0
        var out: [UInt8] = []
        for pixel in 0..<(width * height) {
            let s = Array(samples[(pixel * channels)..<((pixel + 1) * channels)])
            let v = s.map { PNGFixture.scale($0, bitDepth: bitDepth) }
            switch colorType {
            case 0:
                out += [v[0], v[0], v[0], trns == s ? 0 : 255]
            case 2:
                out += [v[0], v[1], v[2], trns == s ? 0 : 255]
            case 3:
                let entry = palette[s[0]].map { UInt8($0) }
                out += entry + [s[0] < trns.count ? UInt8(trns[s[0]]) : 255]
            case 4:
                out += [v[0], v[0], v[0], v[1]]
            default:
                out += v
            }
        }
        return out
    }
}
