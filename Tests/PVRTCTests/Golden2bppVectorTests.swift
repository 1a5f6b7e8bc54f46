import Foundation
import PVRTC
import XCTest

/// The PVRTC1 2bpp decoder against golden vectors produced by an independent decoder (`texture2ddecoder`,
/// see `tools/make-golden-vectors-2bpp.py`), in `Golden/2bpp`.
final class Golden2bppVectorTests: XCTestCase {
    /// One line of `Golden/2bpp/vectors.tsv`.
    struct Vector {
        let name: String
        let width: Int
        let height: Int
        let variant: String
        let expectedFile: String
    }

    /// The number of vectors the generator writes; guards against a manifest that silently shrinks.
    static let expectedVectorCount = 72

    func goldenDirectory() throws -> URL {
        let golden = try XCTUnwrap(
            Bundle.module.url(forResource: "Golden", withExtension: nil), "Golden resources missing")
        return golden.appendingPathComponent("2bpp")
    }

    func loadVectors() throws -> [Vector] {
        let manifest = try String(contentsOf: goldenDirectory().appendingPathComponent("vectors.tsv"), encoding: .utf8)
        return try manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t").map(String.init)
            XCTAssertEqual(fields.count, 6, "bad manifest line: \(line)")
            return Vector(
                name: fields[0], width: try XCTUnwrap(Int(fields[1])), height: try XCTUnwrap(Int(fields[2])),
                variant: fields[3], expectedFile: fields[4])
        }
    }

    /// Every size and variant the generator covers is present: the 16x8 minimum, non-square levels, the
    /// levels below 16x8, both modulation modes and all three averaging rules.
    func testManifestCoversSizesAndModes() throws {
        let vectors = try loadVectors()
        XCTAssertEqual(vectors.count, Self.expectedVectorCount)
        let sizes = Set(vectors.map { "\($0.width)x\($0.height)" })
        XCTAssertEqual(
            sizes,
            [
                "16x8", "16x16", "32x8", "16x32", "64x32", "32x64", "128x16", "256x256", "512x128", "64x512",
                "1x1", "2x2", "4x4", "8x4", "8x8", "16x4", "8x32", "4x16", "64x2", "2x64",
            ])
        let variants = Set(vectors.map(\.variant))
        for required in ["direct", "both", "horizontal", "vertical", "random"] {
            XCTAssertTrue(variants.contains(required), "no \(required) vectors")
        }
    }

    func testDecoderMatchesGoldenVectors() throws {
        let directory = try goldenDirectory()
        let vectors = try loadVectors()
        XCTAssertFalse(vectors.isEmpty)
        for vector in vectors {
            let blocks = try [UInt8](Data(contentsOf: directory.appendingPathComponent(vector.name + ".pvrtc")))
            XCTAssertEqual(
                blocks.count, PVRTCFormat.pvrtc1_2bpp.byteCount(width: vector.width, height: vector.height), vector.name
            )
            let decoded = try PVRTC2bppDecoder.decode(data: blocks, width: vector.width, height: vector.height)
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
                    let actual = String(GoldenVectorTests.fnv1a64(row), radix: 16)
                    let padded = String(repeating: "0", count: 16 - actual.count) + actual
                    if padded != hash {
                        XCTFail("\(vector.name): row \(y) differs from the golden decoder")
                        break
                    }
                }
            }
            let threaded = try PVRTC2bppDecoder.decode(
                data: blocks, width: vector.width, height: vector.height, threads: 4)
            XCTAssertEqual(threaded, decoded, "\(vector.name): the result depends on the thread count")
        }
    }

    /// Sizes that are not powers of two and buffers of the wrong length are refused, not read past.
    func testRejectsBadInput() {
        XCTAssertThrowsError(try PVRTC2bppDecoder.decode(data: [UInt8](repeating: 0, count: 32), width: 12, height: 8))
        XCTAssertThrowsError(try PVRTC2bppDecoder.decode(data: [], width: 0, height: 8))
        XCTAssertThrowsError(try PVRTC2bppDecoder.decode(data: [UInt8](repeating: 0, count: 31), width: 16, height: 8))
        {
            XCTAssertEqual($0 as? PVRTCError, .bufferSizeMismatch(expected: 32, actual: 31))
        }
        // A 4bpp-sized buffer for a 2bpp level of the same size is twice too large.
        XCTAssertThrowsError(
            try PVRTC2bppDecoder.decode(data: [UInt8](repeating: 0, count: 512), width: 32, height: 32))
        XCTAssertEqual(PVRTCFormat.pvrtc1_2bpp.byteCount(width: 1, height: 1), 32)
        XCTAssertEqual(PVRTCFormat.pvrtc1_2bpp.byteCount(width: 2048, height: 2048), 1 << 20)
        XCTAssertEqual(PVRTCFormat.pvrtc1_2bpp.byteCount(width: 64, height: 2), 128)
    }
}
