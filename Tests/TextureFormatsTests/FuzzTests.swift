import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import XCTest

@testable import TextureFormats

/// Feeds random and mutated files to `TextureFile.parse` with a seeded generator.
///
/// The readers are strict (every size field must match and the levels must end the file), so the
/// test can state exactly what may succeed: a mutated file parses only when it has its original
/// length, its levels have the original byte counts and hold the bytes found at the original
/// payload offsets, and the level-0 size is the one in the (possibly mutated) header fields. (Small
/// levels all take 32 bytes, so e.g. an 8x8 chain whose height field becomes 2 is a valid 8x2 chain.) Everything else must throw a ``TextureFormatError`` with a one-line
/// message naming the file. A crash or trap fails the whole run.
final class FuzzTests: XCTestCase {
    /// A valid file and where its level bytes lie.
    private struct Sample {
        let container: TextureContainer
        let texture: PVRTCTexture
        let bytes: [UInt8]
        let levelRanges: [Range<Int>]
        let headerLength: Int
        /// Offsets of the width and height fields.
        let widthOffset: Int
        let heightOffset: Int
    }

    private var inputs = 0
    private var parsedCount = 0

    private func makeSamples(rng: inout SplitMix64) throws -> [Sample] {
        var samples: [Sample] = []
        let shapes: [(Int, Int, Int?, Bool)] = [
            (8, 8, nil, true), (16, 8, nil, false), (32, 32, 2, true), (4, 4, nil, false),
        ]
        // Bytes before level 0, and before each level's data, written out from the specifications.
        let layouts: [(TextureContainer, (Int, Int, Int, Int))] = [
            (.pvr2, (52, 0, 8, 4)), (.pvr3, (52 + 15, 0, 28, 24)), (.ktx, (64 + 28, 4, 36, 40)),
        ]
        for (container, (headerLength, perLevelPrefix, widthOffset, heightOffset)) in layouts {
            for (width, height, levels, alpha) in shapes {
                let texture = try TestTextures.random(
                    width: width, height: height, levelCount: levels, hasAlpha: alpha, rng: &rng)
                var ranges: [Range<Int>] = []
                var offset = headerLength
                for level in texture.levels {
                    offset += perLevelPrefix
                    ranges.append(offset..<(offset + level.data.count))
                    offset += level.data.count
                }
                let bytes = TextureFile(container: container, texture: texture).serialized()
                XCTAssertEqual(bytes.count, offset)
                samples.append(
                    Sample(
                        container: container, texture: texture, bytes: bytes, levelRanges: ranges,
                        headerLength: headerLength, widthOffset: widthOffset, heightOffset: heightOffset))
            }
        }
        return samples
    }

    /// Parses `bytes`; fails unless it throws a well-formed error or (when `origin` allows it) yields
    /// the origin's level shapes with the bytes at the origin's payload offsets.
    private func check(_ bytes: [UInt8], origin: Sample?, mustThrow: Bool, _ what: @autoclosure () -> String) {
        inputs += 1
        let name = "fuzz-\(inputs).bin"
        do {
            let parsed = try TextureFile.parse(bytes, file: name)
            guard !mustThrow, let origin, bytes.count == origin.bytes.count else {
                return XCTFail(
                    "\(what()): invalid input parsed as \(parsed.container) \(parsed.texture.width)x\(parsed.texture.height)"
                )
            }
            XCTAssertEqual(parsed.container, origin.container, what())
            XCTAssertEqual(parsed.texture.width, Int(uint32(bytes, at: origin.widthOffset)), what())
            XCTAssertEqual(parsed.texture.height, Int(uint32(bytes, at: origin.heightOffset)), what())
            guard parsed.texture.levels.count == origin.texture.levels.count else {
                return XCTFail(
                    "\(what()): \(parsed.texture.levels.count) levels instead of \(origin.texture.levels.count)")
            }
            parsedCount += 1
            for (index, level) in parsed.texture.levels.enumerated() {
                XCTAssertEqual(level.data, Array(bytes[origin.levelRanges[index]]), what())
            }
        } catch let error as TextureFormatError {
            XCTAssertEqual(error.file, name, what())
            XCTAssertTrue(error.description.hasPrefix(name + ": "), what())
            XCTAssertFalse(error.description.contains("\n"), what())
        } catch {
            XCTFail("\(what()): unexpected error type \(error)")
        }
    }

    private func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }

    func testRandomAndMutatedFiles() throws {
        var rng = SplitMix64(seed: 0x5EED_F00D)
        let samples = try makeSamples(rng: &rng)

        // Valid files parse as themselves.
        for sample in samples {
            check(sample.bytes, origin: sample, mustThrow: false, "valid \(sample.container)")
        }

        // Pure noise.
        for i in 0..<2000 {
            check(rng.bytes(Int.random(in: 0...300, using: &rng)), origin: nil, mustThrow: true, "random #\(i)")
        }

        // Noise behind a correct signature, so the header checks are reached.
        for i in 0..<3000 {
            var bytes = rng.bytes(Int.random(in: 0...400, using: &rng))
            let signature: [UInt8]
            switch i % 3 {
            case 0: signature = LE.bytes(52)
            case 1: signature = [0x50, 0x56, 0x52, 0x03]
            default: signature = KTXHeader.identifier + LE.bytes(0x0403_0201)
            }
            bytes.replaceSubrange(0..<min(signature.count, bytes.count), with: signature.prefix(bytes.count))
            if i % 3 == 0, bytes.count >= 48 {
                LE.patch(&bytes, at: 44, 0x2152_5650)
            }
            check(bytes, origin: nil, mustThrow: true, "signed random #\(i)")
        }

        // Every truncation of every sample, and bytes appended to each.
        for sample in samples {
            for length in 0..<sample.bytes.count {
                check(
                    Array(sample.bytes.prefix(length)), origin: sample, mustThrow: true,
                    "\(sample.container) cut at \(length)")
            }
            for extra in 1...16 {
                check(
                    sample.bytes + rng.bytes(extra), origin: sample, mustThrow: true,
                    "\(sample.container) + \(extra) bytes")
            }
        }

        // Every 32-bit header word set to extreme values.
        let extremes: [UInt32] = [
            0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 31, 32, 44, 52, 0x19, 0x8C00, 0x8C02, 16384, 16385, 32768, 65536,
            0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFE, 0xFFFF_FFFF, 0x0352_5650, 0x2152_5650, 0x0403_0201,
        ]
        for sample in samples {
            for offset in stride(from: 0, to: sample.headerLength - 3, by: 4) {
                for value in extremes {
                    var bytes = sample.bytes
                    LE.patch(&bytes, at: offset, value)
                    check(bytes, origin: sample, mustThrow: false, "\(sample.container) word \(offset) = \(value)")
                }
            }
        }

        // Random byte replacements, half of them inside the header. Changes confined to level
        // data must parse.
        for i in 0..<4000 {
            let sample = samples[Int.random(in: 0..<samples.count, using: &rng)]
            var bytes = sample.bytes
            var onlyLevelData = true
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let inHeader = Bool.random(using: &rng)
                let position =
                    inHeader
                    ? Int.random(in: 0..<sample.headerLength, using: &rng)
                    : Int.random(in: 0..<bytes.count, using: &rng)
                let value = UInt8.random(in: 0...255, using: &rng)
                if value != bytes[position], !sample.levelRanges.contains(where: { $0.contains(position) }) {
                    onlyLevelData = false
                }
                bytes[position] = value
            }
            let before = parsedCount
            check(bytes, origin: sample, mustThrow: false, "\(sample.container) byte flips #\(i)")
            if onlyLevelData {
                XCTAssertEqual(
                    parsedCount, before + 1, "\(sample.container) byte flips #\(i): level data only, must parse")
            }
        }

        // One byte inserted or removed anywhere: every size is exact, so these always fail.
        for i in 0..<1000 {
            let sample = samples[Int.random(in: 0..<samples.count, using: &rng)]
            var bytes = sample.bytes
            let position = Int.random(in: 0..<bytes.count, using: &rng)
            if i % 2 == 0 {
                bytes.insert(UInt8.random(in: 0...255, using: &rng), at: position)
            } else {
                bytes.remove(at: position)
            }
            check(bytes, origin: sample, mustThrow: true, "\(sample.container) insert/remove #\(i)")
        }

        XCTAssertGreaterThanOrEqual(inputs, 10_000)
        print("FuzzTests: \(inputs) inputs, \(parsedCount) parsed")
    }
}
