import Foundation
import ImageFiles
import Imaging
import PVRTC
import TextureFormats
import XCTest

/// `pvrc bench carousel` scrolls a small prepared directory and prints one row per strategy; bad
/// input gives a one-line error. Its numbers are not asserted (speed is read from release builds).
final class BenchCarouselCommandTests: CLITestCase {
    private func prepare(count: Int) throws {
        for i in 0..<count {
            let pixels = (0..<(32 * 32 * 4)).map { UInt8(truncatingIfNeeded: $0 &* (i + 3)) }
            try PNGCodec.write(
                try RGBAImage(width: 32, height: 32, pixels: pixels),
                to: directory.appendingPathComponent("img\(i).png"))
            var levels: [PVRTCImage] = []
            for side in [32, 16, 8, 4, 2, 1] {
                let bytes = (0..<PVRTCImage.byteCount(width: side, height: side)).map {
                    UInt8(truncatingIfNeeded: $0 &* 37 &+ i)
                }
                levels.append(try PVRTCImage(width: side, height: side, data: bytes))
            }
            try TextureFile(container: .pvr2, texture: PVRTCTexture(levels: levels, hasAlpha: false))
                .write(to: directory.appendingPathComponent("img\(i).pvr"))
        }
    }

    func testPrintsOneRowPerStrategy() throws {
        try prepare(count: 4)
        let result = try PVRCProcess.run([
            "bench", "carousel", directory.path, "--frames-per-step", "2",
            "--visible", "2", "--slot", "16",
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(
            result.standardOutput.hasPrefix("pvrc bench carousel: 4 images, 2 visible at 16 px"), result.standardOutput)
        let rows = result.standardOutput.split(separator: "\n").filter {
            $0.hasPrefix("| ") && !$0.hasPrefix("| strategy")
        }
        XCTAssertEqual(
            rows.map { $0.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } },
            ["png-on-demand", "pvr-on-demand", "pvr-cache-prefetch"])
        XCTAssertTrue(rows.allSatisfy { $0.contains("/6 |") }, "6 frames per strategy: \(result.standardOutput)")
    }

    func testRefusesAMissingDirectoryAndUnknownStrategy() throws {
        let missing = directory.appendingPathComponent("absent").path
        var result = try PVRCProcess.run(["bench", "carousel", missing])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardOutput, "")
        XCTAssertTrue(result.standardError.hasPrefix("pvrc: \(missing): "), result.standardError)
        XCTAssertEqual(result.standardError.split(separator: "\n").count, 1)

        result = try PVRCProcess.run(["bench", "carousel", directory.path, "--strategies", "magic"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.standardError.contains("unknown strategy magic"), result.standardError)
    }
}
