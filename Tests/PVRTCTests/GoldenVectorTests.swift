import Foundation
import PVRTC
import XCTest

/// The decoder against golden vectors produced by an independent decoder (`texture2ddecoder`, see
/// `Golden/README.md` and `tools/make-golden-vectors.py`).
final class GoldenVectorTests: XCTestCase {
    /// One line of `Golden/vectors.tsv`.
    struct Vector {
        let name: String
        let width: Int
        let height: Int
        let expectedFile: String
    }

    /// The number of vectors the generator writes; guards against a manifest that silently shrinks.
    static let expectedVectorCount = 29

    func goldenDirectory() throws -> URL {
        try XCTUnwrap(Bundle.module.url(forResource: "Golden", withExtension: nil), "Golden resources missing")
    }

    func loadVectors() throws -> [Vector] {
        let manifest = try String(contentsOf: goldenDirectory().appendingPathComponent("vectors.tsv"), encoding: .utf8)
        return try manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t").map(String.init)
            XCTAssertEqual(fields.count, 6, "bad manifest line: \(line)")
            return Vector(
                name: fields[0], width: try XCTUnwrap(Int(fields[1])), height: try XCTUnwrap(Int(fields[2])),
                expectedFile: fields[4])
        }
    }

    /// Every size and variant the generator covers is present.
    func testManifestCoversAllSizes() throws {
        let vectors = try loadVectors()
        XCTAssertEqual(vectors.count, Self.expectedVectorCount)
        let sizes = Set(vectors.map { "\($0.width)x\($0.height)" })
        XCTAssertEqual(
            sizes, ["8x8", "16x8", "8x32", "64x32", "256x256", "512x128", "1x1", "2x2", "4x4", "4x16", "32x2"])
    }

    func testDecoderMatchesGoldenVectors() throws {
        let directory = try goldenDirectory()
        let vectors = try loadVectors()
        XCTAssertFalse(vectors.isEmpty)
        for vector in vectors {
            let blocks = try [UInt8](Data(contentsOf: directory.appendingPathComponent(vector.name + ".pvrtc")))
            let image = try PVRTCImage(width: vector.width, height: vector.height, data: blocks)
            let decoded = PVRTCDecoder.decode(image, threads: 1)
            XCTAssertEqual(decoded.width, vector.width)
            XCTAssertEqual(decoded.height, vector.height)
            let expectedURL = directory.appendingPathComponent(vector.expectedFile)
            if vector.expectedFile.hasSuffix(".rgba") {
                let expected = try [UInt8](Data(contentsOf: expectedURL))
                guard expected.count == decoded.pixels.count else {
                    XCTFail("\(vector.name): expected file has \(expected.count) bytes")
                    continue
                }
                if let index = decoded.pixels.indices.first(where: { decoded.pixels[$0] != expected[$0] }) {
                    let pixel = index / 4
                    XCTFail(
                        "\(vector.name): pixel (\(pixel % vector.width), \(pixel / vector.width)) channel "
                            + "\(index % 4) is \(decoded.pixels[index]), expected \(expected[index])")
                }
            } else {
                let hashes = try String(contentsOf: expectedURL, encoding: .utf8).split(separator: "\n")
                XCTAssertEqual(hashes.count, vector.height, vector.name)
                let rowBytes = vector.width * 4
                for (y, hash) in hashes.enumerated() {
                    let row = decoded.pixels[(y * rowBytes)..<((y + 1) * rowBytes)]
                    let actual = String(Self.fnv1a64(row), radix: 16)
                    let padded = String(repeating: "0", count: 16 - actual.count) + actual
                    if padded != hash {
                        XCTFail("\(vector.name): row \(y) differs from the golden decoder")
                        break
                    }
                }
            }
            let threaded = PVRTCDecoder.decode(image, threads: 4)
            XCTAssertEqual(threaded, decoded, "\(vector.name): the result depends on the thread count")
        }
    }

    /// FNV-1a, 64 bits.
    static func fnv1a64<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The FNV-1a implementation used for the row hashes matches the published test vectors.
    func testFNV1aKnownValues() {
        XCTAssertEqual(Self.fnv1a64([UInt8]()), 0xCBF2_9CE4_8422_2325)
        XCTAssertEqual(Self.fnv1a64(Array("a".utf8)), 0xAF63_DC4C_8601_EC8C)
        XCTAssertEqual(Self.fnv1a64(Array("foobar".utf8)), 0x8594_4171_F739_67E8)
    }
}
