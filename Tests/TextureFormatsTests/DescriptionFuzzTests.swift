import Foundation
import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import XCTest

@testable import TextureFormats

/// Mutated real and generated files through ``TextureFileDescription`` and ``PVRTCCubeMap``: every
/// input either parses and decodes within its bounds or throws a one-line error naming the file.
final class DescriptionFuzzTests: XCTestCase {
    private func seeds() throws -> [[UInt8]] {
        var seeds: [[UInt8]] = []
        for name in ["test_image_rgb565_v3.pvr", "test_image_ai88.pvr", "test_image_rgba4444.pvr.ccz"] {
            guard let url = Bundle.module.url(forResource: "Fixtures/cocos2d-objc/" + name, withExtension: nil) else {
                throw MissingFixture(name: name)
            }
            seeds.append(try [UInt8](Data(contentsOf: url)))
        }
        var rng = SplitMix64(seed: 77)
        let faces = try (0..<6).map { _ in try TestTextures.random(width: 8, height: 8, hasAlpha: true, rng: &rng) }
        let cube = try PVRTCCubeMap(faces: faces)
        for container in [TextureContainer.pvr2, .ktx, .ktx2, .ktx2Zstd, .pvrGzip] {
            seeds.append(cube.serialized(as: container))
        }
        return seeds
    }

    func testMutatedFilesNeverCrash() throws {
        var rng = SplitMix64(seed: 2026)
        var parsed = 0
        var rejected = 0
        for seed in try seeds() {
            for round in 0..<40 {
                var bytes = seed
                let edits = 1 + Int(rng.next() % 4)
                for _ in 0..<edits {
                    let limit = min(bytes.count, round % 2 == 0 ? 96 : bytes.count)
                    let at = Int(rng.next() % UInt64(max(limit, 1)))
                    switch rng.next() % 4 {
                    case 0: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
                    case 1: bytes[at] ^= 0x80
                    case 2: bytes = Array(bytes.prefix(at))
                    default: bytes[at] = [0, 0xFF, 6, 1][Int(rng.next() % 4)]
                    }
                    if bytes.isEmpty { break }
                }
                do {
                    let description = try TextureFileDescription.parse(bytes, file: "fuzz")
                    parsed += 1
                    for face in 0..<description.faceCount {
                        _ = try? description.image(level: description.levelCount - 1, face: face)
                    }
                    _ = try? PVRTCCubeMap.parse(bytes, file: "fuzz")
                } catch let error as TextureFormatError {
                    rejected += 1
                    XCTAssertEqual(error.file, "fuzz")
                    XCTAssertFalse(error.description.contains("\n"))
                }
            }
        }
        XCTAssertGreaterThan(parsed, 20)
        XCTAssertGreaterThan(rejected, 20)
    }
}
