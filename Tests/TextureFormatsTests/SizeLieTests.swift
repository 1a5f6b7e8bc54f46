import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import TextureFormats
import XCTest

/// Headers that claim far more data than the file holds (16384x16384 = 128 MiB of blocks in a file
/// of a few hundred bytes) are refused as truncated, from the header and the file's real length,
/// before any level is copied.
final class SizeLieTests: XCTestCase {
    private func small(_ container: TextureContainer) throws -> [UInt8] {
        var rng = SplitMix64(seed: 16384)
        let texture = try TestTextures.random(width: 16, height: 16, levelCount: 1, hasAlpha: false, rng: &rng)
        return TextureFile(container: container, texture: texture).serialized()
    }

    private func assertTruncated(_ bytes: [UInt8], line: UInt = #line) {
        XCTAssertThrowsError(try TextureFile.parse(bytes, file: "lie.tex"), line: line) { error in
            guard case .truncated(let file, let reason)? = error as? TextureFormatError else {
                return XCTFail("unexpected \(error)", line: line)
            }
            XCTAssertEqual(file, "lie.tex", line: line)
            // 128 MiB and the header before it.
            XCTAssertTrue(reason.contains("need 1342177") || reason.contains("need 1342178"), reason, line: line)
        }
    }

    func testPVRv2ClaimingAHugeLevel() throws {
        var bytes = try small(.pvr2)
        LE.patch(&bytes, at: 4, 16384)  // height
        LE.patch(&bytes, at: 8, 16384)  // width
        LE.patch(&bytes, at: 20, 134_217_728)  // dataSize
        assertTruncated(bytes)
    }

    func testPVRv3ClaimingAHugeLevel() throws {
        var bytes = try small(.pvr3)
        LE.patch(&bytes, at: 24, 16384)  // height
        LE.patch(&bytes, at: 28, 16384)  // width
        assertTruncated(bytes)
    }

    func testKTXImageSizeLargerThanTheFile() throws {
        var bytes = try small(.ktx)
        LE.patch(&bytes, at: 36, 16384)  // pixelWidth
        LE.patch(&bytes, at: 40, 16384)  // pixelHeight
        let keyValueBytes = Int(bytes[60]) | Int(bytes[61]) << 8 | Int(bytes[62]) << 16 | Int(bytes[63]) << 24
        LE.patch(&bytes, at: 64 + keyValueBytes, 134_217_728)  // imageSize of level 0
        assertTruncated(bytes)
    }
}
