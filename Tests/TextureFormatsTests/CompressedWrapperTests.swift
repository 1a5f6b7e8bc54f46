import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import XCTest

@testable import TextureFormats

/// `.pvr.ccz` and `.pvr.gz`: files pvrc writes are read back by CPython's zlib and gzip modules, and
/// files those modules write are read by pvrc; hostile sizes are refused before allocation.
final class CompressedWrapperTests: XCTestCase {
    private func texture() throws -> PVRTCTexture {
        var rng = SplitMix64(seed: 18)
        var texture = try TestTextures.random(width: 32, height: 16, hasAlpha: true, rng: &rng)
        texture.metadata = TextureMetadata(orientation: TextureOrientation(yUp: true), colorSpace: .srgb)
        return texture
    }

    func testCCZHeaderAndPythonZlibInflatesThePVRv3Inside() throws {
        let texture = try texture()
        let ccz = TextureFile(container: .pvrCCZ, texture: texture).serialized()
        let pvr3 = TextureFile(container: .pvr3, texture: texture).serialized()
        // 'CCZ!', compression_type 0 (zlib), version 2, reserved 0, len, all big-endian.
        let length = UInt32(pvr3.count)
        let expectedHeader: [UInt8] =
            Array("CCZ!".utf8) + [0, 0, 0, 2, 0, 0, 0, 0]
            + [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
        XCTAssertEqual(Array(ccz.prefix(16)), expectedHeader)
        let inflated = try PythonZlib.run(
            """
            data = sys.stdin.buffer.read()
            assert data[:4] == b'CCZ!'
            kind, version, reserved, length = struct.unpack('>HHII', data[4:16])
            assert kind == 0 and version == 2, (kind, version)
            out = zlib.decompress(data[16:])
            assert len(out) == length
            sys.stdout.buffer.write(out)
            """, input: ccz)
        XCTAssertEqual(inflated, pvr3)
        XCTAssertEqual(try TextureFile.parse(ccz, file: "t.pvr.ccz"), TextureFile(container: .pvrCCZ, texture: texture))
    }

    func testPythonGzipReadsThePVRGzFile() throws {
        let texture = try texture()
        let gz = TextureFile(container: .pvrGzip, texture: texture).serialized()
        let inflated = try PythonZlib.run(
            "sys.stdout.buffer.write(gzip.decompress(sys.stdin.buffer.read()))", input: gz)
        XCTAssertEqual(inflated, TextureFile(container: .pvr3, texture: texture).serialized())
    }

    /// Files compressed by CPython (a v2 file in CCZ as cocos2d ships them, a v3 file in gzip) are read
    /// by content, whatever they are called.
    func testReadsCCZAndGzipMadeByPython() throws {
        let texture = try texture()
        let pvr2 = TextureFile(container: .pvr2, texture: texture).serialized()
        let ccz = try PythonZlib.run(
            "d = sys.stdin.buffer.read(); sys.stdout.buffer.write(b'CCZ!' + struct.pack('>HHII', 0, 2, 0, len(d)) + zlib.compress(d, 9))",
            input: pvr2)
        let fromCCZ = try TextureFile.parse(ccz, file: "a.bin")
        XCTAssertEqual(fromCCZ.container, .pvrCCZ)
        XCTAssertEqual(fromCCZ.texture, try TextureFile.parse(pvr2, file: "a").texture)

        let pvr3 = TextureFile(container: .pvr3, texture: texture).serialized()
        let gz = try PythonZlib.run("sys.stdout.buffer.write(gzip.compress(sys.stdin.buffer.read()))", input: pvr3)
        let fromGzip = try TextureFile.parse(gz, file: "b.bin")
        XCTAssertEqual(fromGzip.container, .pvrGzip)
        XCTAssertEqual(fromGzip.texture, texture)
    }

    private func cczHeader(length: UInt32, version: UInt8 = 2, compression: UInt8 = 0) -> [UInt8] {
        Array("CCZ!".utf8) + [0, compression, 0, version, 0, 0, 0, 0]
            + [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
    }

    func testZipBombIsRefusedBeforeAllocating() throws {
        // Declares 4 GiB - 1: refused from the header alone.
        XCTAssertThrowsError(try TextureFile.parse(cczHeader(length: UInt32.max) + [0x78, 0x9C], file: "bomb.pvr.ccz"))
        {
            guard case TextureFormatError.invalidHeader(let file, let reason) = $0 else { return XCTFail("\($0)") }
            XCTAssertEqual(file, "bomb.pvr.ccz")
            XCTAssertTrue(reason.contains("declares 4294967295 inflated bytes, more than"), reason)
        }
        // Declares 64 bytes, inflates to 16 MiB of zeros: only the header's bytes are inflated, and they are no texture.
        let zeros = [UInt8](repeating: 0, count: 1 << 24)
        let stream = Zlib.deflate(zeros, framing: .zlib)
        XCTAssertLessThan(stream.count, 20_000)
        XCTAssertThrowsError(try TextureFile.parse(cczHeader(length: 64) + stream, file: "b")) {
            XCTAssertEqual($0 as? TextureFormatError, .unrecognizedContainer(file: "b"))
        }
        // gzip whose ISIZE trailer lies low.
        var gz = Zlib.deflate(zeros, framing: .gzip)
        gz.replaceSubrange((gz.count - 4)..., with: [100, 0, 0, 0])
        XCTAssertThrowsError(try TextureFile.parse(gz, file: "g")) {
            XCTAssertEqual($0 as? TextureFormatError, .unrecognizedContainer(file: "g"))
        }
    }

    func testDamagedAndUnsupportedCCZFiles() throws {
        let pvr3 = TextureFile(container: .pvr3, texture: try texture()).serialized()
        let stream = Zlib.deflate(pvr3, framing: .zlib)
        let good = cczHeader(length: UInt32(pvr3.count)) + stream
        let cases: [([UInt8], TextureFormatError)] = [
            (
                Array(good.prefix(10)),
                .truncated(file: "f", reason: "the 16-byte CCZ header needs 16 bytes but the file has 10")
            ),
            (Array(good.prefix(good.count - 9)), .truncated(file: "f", reason: "checked by prefix below")),
            (good + [1, 2, 3], .trailingData(file: "f", byteCount: 3)),
            (
                cczHeader(length: UInt32(pvr3.count + 1)) + stream,
                .invalidHeader(
                    file: "f",
                    reason: "the CCZ header declares \(pvr3.count + 1) inflated bytes, 1 more than the texture holds")
            ),
            (
                cczHeader(length: 10, version: 3) + stream,
                .unsupportedFeature(file: "f", reason: "CCZ version 3 (pvrc reads 0...2)")
            ),
            (
                cczHeader(length: 10, compression: 1) + stream,
                .unsupportedFeature(file: "f", reason: "CCZ compression type 1 (bzip2) (only zlib, 0, exists)")
            ),
            (
                Array("CCZp".utf8) + Array(good.dropFirst(4)),
                .unsupportedFeature(file: "f", reason: "encrypted CCZ ('CCZp') needs the game's key; decrypt it first")
            ),
            (
                cczHeader(length: 0) + stream,
                .invalidHeader(file: "f", reason: "the CCZ header declares 0 inflated bytes")
            ),
        ]
        for (index, (bytes, expected)) in cases.enumerated() {
            XCTAssertThrowsError(try TextureFile.parse(bytes, file: "f"), "case \(index)") { error in
                if case .truncated(_, "checked by prefix below") = expected,
                    case TextureFormatError.truncated(let file, let reason) = error
                {
                    XCTAssertEqual(file, "f")
                    XCTAssertTrue(reason.hasPrefix("the CCZ zlib stream ends after"), reason)
                } else {
                    XCTAssertEqual(error as? TextureFormatError, expected, "case \(index)")
                }
            }
        }
        var damaged = good
        damaged[20] ^= 0xFF
        damaged[21] ^= 0xFF
        XCTAssertThrowsError(try TextureFile.parse(damaged, file: "d"))
    }

    func testCompressedInsideCompressedIsRefused() throws {
        let inner = TextureFile(container: .pvrGzip, texture: try texture()).serialized()
        let ccz = CompressedTextureWrapper.wrapCCZ(inner)
        XCTAssertThrowsError(try TextureFile.parse(ccz, file: "n")) {
            XCTAssertEqual(
                $0 as? TextureFormatError,
                .unsupportedFeature(file: "n", reason: "a compressed file inside a compressed file"))
        }
    }

    func testExtensionsNameTheWrappers() {
        XCTAssertEqual(TextureContainer.forPathExtension("a/b.pvr.ccz"), .pvrCCZ)
        XCTAssertEqual(TextureContainer.forPathExtension("b.PVR.GZ"), .pvrGzip)
        XCTAssertNil(TextureContainer.forPathExtension("b.tar.gz"))
        XCTAssertEqual(TextureContainer(rawValue: "pvr-ccz"), .pvrCCZ)
    }
}
