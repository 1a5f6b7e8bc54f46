import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import XCTest

@testable import TextureFormats

/// Each kind of bad input gives its own typed error naming the file.
final class InvalidInputTests: XCTestCase {
    /// A valid 16x16 RGBA file with its full chain (5 levels: 128 + 4 x 32 bytes).
    private func file(_ container: TextureContainer, hasAlpha: Bool = true) throws -> [UInt8] {
        var rng = SplitMix64(seed: 21)
        let texture = try TestTextures.random(width: 16, height: 16, hasAlpha: hasAlpha, rng: &rng)
        return TextureFile(container: container, texture: texture).serialized()
    }

    /// A valid 16x16 file with one level whose header names `format` instead, its level data resized
    /// to the `levelBytes` that format needs (`dataSize` and `imageSize` follow): a well-formed file of
    /// another format, so the PVRTC reader must refuse it for its format, not for its size.
    private func relabelled(
        _ container: TextureContainer, levelBytes: Int, format: (inout [UInt8]) -> Void
    ) throws -> [UInt8] {
        var rng = SplitMix64(seed: 21)
        let texture = try TestTextures.random(width: 16, height: 16, levelCount: 1, hasAlpha: true, rng: &rng)
        var bytes = TextureFile(container: container, texture: texture).serialized()
        bytes.removeLast(128)
        if container == .ktx {
            bytes.removeLast(4)
            bytes += LE.bytes(UInt32(levelBytes))
        }
        if container == .pvr2 {
            LE.patch(&bytes, at: 20, UInt32(levelBytes))
        }
        bytes += [UInt8](repeating: 0x5A, count: levelBytes)
        format(&bytes)
        return bytes
    }

    private func expect(
        _ bytes: [UInt8], _ expected: TextureFormatError, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try TextureFile.parse(bytes, file: "bad.tex"), file: file, line: line) { error in
            XCTAssertEqual(error as? TextureFormatError, expected, file: file, line: line)
        }
    }

    private func expectCase(
        _ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line,
        _ matches: (TextureFormatError) -> Bool
    ) {
        XCTAssertThrowsError(try TextureFile.parse(bytes, file: "bad.tex"), file: file, line: line) { error in
            guard let error = error as? TextureFormatError else {
                return XCTFail("not a TextureFormatError: \(error)", file: file, line: line)
            }
            XCTAssertTrue(matches(error), "unexpected \(error)", file: file, line: line)
            XCTAssertTrue(error.description.hasPrefix("bad.tex: "), error.description, file: file, line: line)
            XCTAssertFalse(error.description.contains("\n"), file: file, line: line)
        }
    }

    // MARK: PVR v2

    func testPVRv2OtherPixelTypes() throws {
        for (type, bytes, text) in [(UInt32(0x36), 128, "0x36 (ETC1)"), (0x12, 1024, "0x12 (RGBA8888)")] {
            expect(
                try relabelled(.pvr2, levelBytes: bytes) { LE.patch(&$0, at: 16, 0x8000 | type) },
                .unsupportedPixelFormat(file: "bad.tex", format: text))
        }
    }

    func testPVRv2AcceptsMGLPixelTypeAndAlphaFromEitherSignal() throws {
        var bytes = try file(.pvr2)
        LE.patch(&bytes, at: 16, 0x010D)  // MGL_PVRTC4 | MIPMAP, no ALPHA flag; alpha mask still 1
        XCTAssertTrue(try TextureFile.parse(bytes, file: "m").texture.hasAlpha)
        LE.patch(&bytes, at: 40, 0)  // alpha mask 0 as well: RGB
        XCTAssertFalse(try TextureFile.parse(bytes, file: "m").texture.hasAlpha)
        LE.patch(&bytes, at: 16, 0x8019)  // ALPHA flag only, MIPMAP flag absent: mipMapCount still counts
        let parsed = try TextureFile.parse(bytes, file: "m").texture
        XCTAssertTrue(parsed.hasAlpha)
        XCTAssertEqual(parsed.levels.count, 5)
    }

    func testPVRv2HeaderProblems() throws {
        let good = try file(.pvr2)
        var bytes = good
        LE.patch(&bytes, at: 0, 44)
        expectCase(bytes) { if case .unsupportedFeature = $0 { return true } else { return false } }
        bytes = good
        LE.patch(&bytes, at: 0, 60)
        expect(bytes, .invalidHeader(file: "bad.tex", reason: "PVR v2 headerSize is 60, expected 52"))
        bytes = good
        LE.patch(&bytes, at: 44, 0x2152_5651)
        expect(bytes, .invalidHeader(file: "bad.tex", reason: "missing 'PVR!' tag at offset 44"))
        bytes = good
        LE.patch(&bytes, at: 20, 160)
        expectCase(bytes) { if case .invalidHeader = $0 { return true } else { return false } }
        // A cube map or six surfaces whose data holds one face: short of the other five.
        bytes = good
        LE.patch(&bytes, at: 16, 0x9119)
        expectCase(bytes) { if case .truncated = $0 { return true } else { return false } }
        bytes = good
        LE.patch(&bytes, at: 48, 6)
        expectCase(bytes) { if case .truncated = $0 { return true } else { return false } }
        bytes = good
        LE.patch(&bytes, at: 16, 0xC119)
        expect(bytes, .unsupportedFeature(file: "bad.tex", reason: "volume textures (pfFlags 0x4000)"))
        bytes = good
        LE.patch(&bytes, at: 48, 0)  // numSurfs 0 is read as one surface
        XCTAssertEqual(try TextureFile.parse(bytes, file: "m").texture.levels.count, 5)
    }

    func testPVRv2IgnoresUncheckedFieldsAsDocumented() throws {
        var bytes = try file(.pvr2)
        let original = try TextureFile.parse(bytes, file: "m")
        LE.patch(&bytes, at: 16, 0x8119 | 0x200 | 0x400 | 0x2000)  // twiddle, bump map, false-mip-colour flags
        LE.patch(&bytes, at: 24, 32)  // bitCount
        LE.patch(&bytes, at: 28, 0xFF)  // red mask
        LE.patch(&bytes, at: 40, 0xF000_0000)  // a different non-zero alpha mask
        XCTAssertEqual(try TextureFile.parse(bytes, file: "m"), original)
    }

    // MARK: Dimensions and sizes (all containers)

    /// Offsets of width, height and the mip-count field, and the value that means "full chain of 16x16".
    private func fields(_ container: TextureContainer) -> (width: Int, height: Int, mips: Int, fullMips: UInt32) {
        let fields: [TextureContainer: (Int, Int, Int, UInt32)] = [
            .pvr2: (8, 4, 12, 4), .pvr3: (28, 24, 44, 5), .ktx: (36, 40, 56, 5),
        ]
        return fields[container] ?? (0, 0, 0, 0)
    }

    func testBadDimensionsInEveryContainer() throws {
        for container in TextureContainer.bare {
            let good = try file(container)
            let f = fields(container)
            for (value, reason) in [
                (UInt32(0), "width is 0"),
                (24, "width 24 is not a power of two (PVRTC1 needs power-of-two sizes)"),
                (32768, "width 32768 is larger than the 16384 limit"),
                (UInt32.max, "width 4294967295 is larger than the 16384 limit"),
            ] {
                var bytes = good
                LE.patch(&bytes, at: f.width, value)
                expect(bytes, .invalidDimensions(file: "bad.tex", reason: reason))
            }
            var bytes = good
            LE.patch(&bytes, at: f.height, 0)
            expect(bytes, .invalidDimensions(file: "bad.tex", reason: "height is 0"))
            bytes = good
            LE.patch(&bytes, at: f.mips, f.fullMips + 1)
            expect(bytes, .invalidDimensions(file: "bad.tex", reason: "6 mip levels, but a 16x16 chain has at most 5"))
            bytes = good
            LE.patch(&bytes, at: f.mips, UInt32.max)
            expectCase(bytes) { if case .invalidDimensions = $0 { return true } else { return false } }
        }
    }

    func testZeroLevels() throws {
        var bytes = try file(.pvr3)
        LE.patch(&bytes, at: 44, 0)
        expect(bytes, .invalidDimensions(file: "bad.tex", reason: "the header announces 0 mip levels"))
        bytes = try file(.ktx)
        LE.patch(&bytes, at: 56, 0)
        expectCase(bytes) { if case .invalidDimensions = $0 { return true } else { return false } }
    }

    func testFewerLevelsLeaveTrailingData() throws {
        for container in TextureContainer.bare {
            var bytes = try file(container)
            let f = fields(container)
            LE.patch(&bytes, at: f.mips, f.fullMips - 1)
            if container == .pvr2 {
                LE.patch(&bytes, at: 20, 128 + 3 * 32)
            }
            expect(bytes, .trailingData(file: "bad.tex", byteCount: container == .ktx ? 36 : 32))
        }
    }

    func testTruncatedAndTrailing() throws {
        for container in TextureContainer.bare {
            let good = try file(container)
            expectCase(Array(good.dropLast())) { if case .truncated = $0 { return true } else { return false } }
            expectCase(Array(good.prefix(20))) { if case .truncated = $0 { return true } else { return false } }
            expect(good + [0], .trailingData(file: "bad.tex", byteCount: 1))
            expect(good + [1, 2, 3, 4, 5], .trailingData(file: "bad.tex", byteCount: 5))
        }
    }

    // MARK: PVR v3

    func testPVRv3OtherPixelFormats() throws {
        let good = try file(.pvr3)
        _ = good
        for (format, levelBytes, text) in [
            (UInt64(6), 128, "0x0000000000000006 (ETC1)"),
            (0x0000_0001_0000_0002, 128, "0x0000000100000002"),
        ] {
            let bytes = try relabelled(.pvr3, levelBytes: levelBytes) {
                $0.replaceSubrange(
                    8..<16, with: LE.bytes(UInt32(format & 0xFFFF_FFFF)) + LE.bytes(UInt32(format >> 32)))
            }
            expect(bytes, .unsupportedPixelFormat(file: "bad.tex", format: text))
        }
        // Unsigned normalised r8g8b8a8 is a format pvrc unpacks, but not as a PVRTC texture.
        let rgba = try relabelled(.pvr3, levelBytes: 1024) {
            $0.replaceSubrange(8..<16, with: LE.bytes(0x6162_6772) + LE.bytes(0x0808_0808))
        }
        expect(rgba, .unsupportedPixelFormat(file: "bad.tex", format: "0x0808080861626772 (r8g8b8a8)"))
    }

    func testPVRv3HeaderProblems() throws {
        let good = try file(.pvr3)
        var bytes = good
        bytes.replaceSubrange(0..<4, with: [0x03, 0x52, 0x56, 0x50])
        expect(bytes, .unsupportedFeature(file: "bad.tex", reason: "big-endian PVR v3 file (version reads 0x50565203)"))
        bytes = good
        LE.patch(&bytes, at: 16, 9)
        expect(bytes, .invalidHeader(file: "bad.tex", reason: "unknown colour space 9"))
        // depth, numSurfaces and numFaces: 0 is no texture, 2 or 6 need data the file lacks, and a
        // face count other than 1 or 6 is no texture either.
        for offset in [32, 36, 40] {
            for value: UInt32 in [0, 2, 6] where offset != 36 || value != 0 {
                bytes = good
                LE.patch(&bytes, at: offset, value)
                expectCase(bytes) {
                    switch $0 {
                    case .invalidDimensions, .invalidHeader: return value == 0 || (offset == 40 && value == 2)
                    case .truncated: return value != 0
                    default: return false
                    }
                }
            }
        }
        bytes = good
        LE.patch(&bytes, at: 36, 0)  // numSurfaces 0 is read as one surface, as PVR v2's numSurfs 0 is
        XCTAssertEqual(try TextureFile.parse(bytes, file: "m").texture.levels.count, 5)
        bytes = good
        LE.patch(&bytes, at: 48, 0xFFFF_FFFF)
        expectCase(bytes) { if case .invalidHeader = $0 { return true } else { return false } }
        bytes = good
        LE.patch(&bytes, at: 48, 0)  // metadata now counted as level data: 15 bytes too many
        expect(bytes, .trailingData(file: "bad.tex", byteCount: 15))
    }

    func testPVRv3SkipsUnknownMetadata() throws {
        var bytes = try file(.pvr3)
        let extra: [UInt8] = LE.bytes(0x0352_5650) + LE.bytes(99) + LE.bytes(5) + [1, 2, 3, 4, 5]
        bytes.insert(contentsOf: extra, at: 52)
        LE.patch(&bytes, at: 48, 15 + UInt32(extra.count))
        XCTAssertEqual(
            try TextureFile.parse(bytes, file: "m").texture, try TextureFile.parse(try file(.pvr3), file: "m").texture)
    }

    // MARK: KTX

    func testKTXOtherFormats() throws {
        for (format, text) in [
            (UInt32(0x8D64), "0x8D64 (ETC1)"),
            (0x1234, "0x1234"),
        ] {
            let bytes = try relabelled(.ktx, levelBytes: 128) { LE.patch(&$0, at: 28, format) }
            expect(bytes, .unsupportedPixelFormat(file: "bad.tex", format: text))
        }
        let rgba = try relabelled(.ktx, levelBytes: 1024) {
            LE.patch(&$0, at: 16, 0x1401)
            LE.patch(&$0, at: 24, 0x1908)
            LE.patch(&$0, at: 28, 0x8058)
        }
        expect(rgba, .unsupportedPixelFormat(file: "bad.tex", format: "0x8058 (RGBA8888)"))
    }

    func testKTXHeaderProblems() throws {
        let good = try file(.ktx)
        var bytes = good
        LE.patch(&bytes, at: 12, 0x0102_0304)
        expect(bytes, .unsupportedFeature(file: "bad.tex", reason: "big-endian KTX file"))
        bytes = good
        LE.patch(&bytes, at: 12, 7)
        expectCase(bytes) { if case .invalidHeader = $0 { return true } else { return false } }
        bytes = good
        bytes[5] = 0x32
        expect(bytes, .unsupportedFeature(file: "bad.tex", reason: "KTX 2 (pvrc reads KTX 1.1)"))
        bytes = good
        bytes[9] = 0x0D  // identifier damaged after the detected prefix
        expect(bytes, .invalidHeader(file: "bad.tex", reason: "wrong KTX 1.1 identifier"))
        bytes = good
        LE.patch(&bytes, at: 32, 0x1234)
        expectCase(bytes) { if case .invalidHeader = $0 { return true } else { return false } }
        for (offset, value) in [(44, UInt32(2)), (48, 3)] {
            bytes = good
            LE.patch(&bytes, at: offset, value)
            expectCase(bytes) { if case .unsupportedFeature = $0 { return true } else { return false } }
        }
        bytes = good
        LE.patch(&bytes, at: 52, 6)  // a cube map whose levels hold one face
        expectCase(bytes) { if case .truncated = $0 { return true } else { return false } }
        bytes = good
        LE.patch(&bytes, at: 60, 27)
        expect(bytes, .invalidHeader(file: "bad.tex", reason: "bytesOfKeyValueData 27 is not a multiple of 4"))
        bytes = good
        LE.patch(&bytes, at: 92, 96)
        expect(bytes, .invalidHeader(file: "bad.tex", reason: "imageSize of level 0 is 96, expected 128"))
        bytes = good
        LE.patch(&bytes, at: 60, 0xFFFF_FFFC)
        expectCase(bytes) { if case .invalidHeader = $0 { return true } else { return false } }
    }

    func testKTXAcceptsDepthOneAndMismatchedBaseFormat() throws {
        var bytes = try file(.ktx, hasAlpha: false)
        LE.patch(&bytes, at: 44, 1)
        LE.patch(&bytes, at: 32, 0x1908)
        let parsed = try TextureFile.parse(bytes, file: "m")
        XCTAssertFalse(parsed.texture.hasAlpha)
    }
}
