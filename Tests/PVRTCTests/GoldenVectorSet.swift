import Foundation
import Imaging
import XCTest

/// One folder of golden decoder vectors (`Golden/` for 4bpp, `Golden/2bpp`), written by the generators
/// in tools/ from an independent decoder (`texture2ddecoder`): `vectors.tsv` plus, per vector, the
/// level's blocks (`NAME.pvrtc`) and the expected pixels (`NAME.rgba`) or row hashes (`NAME.rowfnv`).
struct GoldenVectorSet {
    /// One line of `vectors.tsv`.
    struct Vector {
        let name: String
        let width: Int
        let height: Int
        let variant: String
        let expectedFile: String
    }

    /// The folder.
    let directory: URL

    /// The set in `Golden/` (`subfolder` nil) or in `Golden/subfolder`.
    init(subfolder: String? = nil) throws {
        let golden = try XCTUnwrap(
            Bundle.module.url(forResource: "Golden", withExtension: nil), "Golden resources missing")
        directory = subfolder.map { golden.appendingPathComponent($0) } ?? golden
    }

    /// The vectors of `vectors.tsv`.
    func vectors() throws -> [Vector] {
        let manifest = try String(contentsOf: directory.appendingPathComponent("vectors.tsv"), encoding: .utf8)
        return try manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t").map(String.init)
            XCTAssertEqual(fields.count, 6, "bad manifest line: \(line)")
            return Vector(
                name: fields[0], width: try XCTUnwrap(Int(fields[1])), height: try XCTUnwrap(Int(fields[2])),
                variant: fields[3], expectedFile: fields[4])
        }
    }

    /// Decodes every vector's blocks with `decode` (blocks, vector, threads) on 1 and 4 threads and checks
    /// the pixels against the expected file and the two results against each other.
    func checkDecoder(_ decode: ([UInt8], Vector, Int) throws -> RGBAImage) throws {
        let vectors = try vectors()
        XCTAssertFalse(vectors.isEmpty)
        for vector in vectors {
            let blocks = try [UInt8](Data(contentsOf: directory.appendingPathComponent(vector.name + ".pvrtc")))
            let decoded = try decode(blocks, vector, 1)
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
            let threaded = try decode(blocks, vector, 4)
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
}
