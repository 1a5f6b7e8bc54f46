import Foundation
import ImageFiles
import XCTest

/// Broken, truncated and hostile inputs give a typed error naming the file, never a crash.
final class PNGCorruptInputTests: XCTestCase {
    /// Asserts that decoding fails with a ``PNGError/invalidPNG(file:reason:)`` whose reason contains `text`.
    private func assertInvalid(
        _ bytes: [UInt8], reasonContains text: String = "", _ message: String = "",
        line: UInt = #line
    ) {
        XCTAssertThrowsError(try PNGCodec.decode(bytes, file: "broken.png"), message, line: line) { error in
            guard case .invalidPNG(let file, let reason)? = error as? PNGError else {
                return XCTFail("\(message): unexpected error \(error)", line: line)
            }
            XCTAssertEqual(file, "broken.png", line: line)
            XCTAssertFalse(reason.isEmpty, line: line)
            XCTAssertFalse(reason.contains("\n"), line: line)
            if !text.isEmpty {
                XCTAssertTrue(reason.contains(text), "\(message): reason '\(reason)' lacks '\(text)'", line: line)
            }
        }
    }

    /// CRC-32 of the PNG specification (polynomial 0xEDB88320), for hand-built chunks.
    private func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }

    private func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    func testEmptyInput() {
        assertInvalid([], reasonContains: "empty")
    }

    func testNonPNGBytes() {
        assertInvalid(Array("GIF89a this is not a png file".utf8), reasonContains: "signature")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let count = Int.random(in: 1...300, using: &generator)
            assertInvalid((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
    }

    func testRandomBytesAfterAValidSignature() {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let count = Int.random(in: 0...300, using: &generator)
            assertInvalid(signature + (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
    }

    func testEveryTruncationIsAnError() throws {
        for name in ["rgba8", "palette8-trns", "rgba8-interlaced"] {
            let png = try PNGFixture.pngBytes(name)
            for length in 0..<png.count {
                assertInvalid(Array(png.prefix(length)), "\(name) cut to \(length) bytes")
            }
        }
        let png = try PNGFixture.pngBytes("rgb8")
        assertInvalid(Array(png.prefix(png.count - 12)), reasonContains: "truncated")
    }

    func testCRCErrorsInCriticalChunks() throws {
        let png = try PNGFixture.pngBytes("rgba8")
        var header = png
        header[20] ^= 0x01  // a byte of the IHDR width
        assertInvalid(header, reasonContains: "CRC")

        // The first IDAT follows the 33-byte signature + IHDR; its CRC follows its data.
        XCTAssertEqual(Array(png[37..<41]), Array("IDAT".utf8))
        let length = png[33..<37].reduce(0) { $0 << 8 | Int($1) }
        var data = png
        data[41 + length] ^= 0x40
        assertInvalid(data, reasonContains: "CRC")
    }

    func testOversizedDimensionsAreRejectedBeforeDecoding() {
        var ihdr = Array("IHDR".utf8) + bigEndian(20000) + bigEndian(16)
        ihdr += [8, 6, 0, 0, 0]
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + ihdr
            + bigEndian(crc32(ihdr[...]))
        XCTAssertThrowsError(try PNGCodec.decode(png, file: "huge.png")) { error in
            guard case .tooLarge(let file, let reason)? = error as? PNGError else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(file, "huge.png")
            XCTAssertTrue(reason.contains("20000x16"), reason)
        }
    }

    func testRandomMutationsNeverCrash() throws {
        var generator = SystemRandomNumberGenerator()
        var failures = 0
        let count = 3000
        for index in 0..<count {
            let name = PNGFixture.names[index % PNGFixture.names.count]
            var png = try PNGFixture.pngBytes(name)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                png[Int.random(in: 8..<png.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            do {
                let image = try PNGCodec.decode(png, file: name)
                XCTAssertEqual(image.pixels.count, image.width * image.height * 4)
            } catch is PNGError {
                failures += 1
            }
        }
        // Nearly every mutation hits a CRC-protected byte, so almost all must fail.
        XCTAssertGreaterThan(failures, count * 9 / 10)
    }

    func testMissingFileAndDirectoryAreIOErrors() {
        XCTAssertThrowsError(try PNGCodec.read(from: URL(fileURLWithPath: "/nonexistent/pvrc.png"))) { error in
            XCTAssertEqual(
                error as? PNGError, .io(file: "/nonexistent/pvrc.png", reason: "cannot open: No such file or directory")
            )
        }
        let directory = FileManager.default.temporaryDirectory.path
        XCTAssertThrowsError(try PNGCodec.read(from: URL(fileURLWithPath: directory))) { error in
            guard case .io(let file, _)? = error as? PNGError else { return XCTFail("unexpected error \(error)") }
            XCTAssertEqual(file, directory)
        }
    }
}
