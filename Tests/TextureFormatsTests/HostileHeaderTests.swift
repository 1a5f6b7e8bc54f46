import Foundation
import Imaging
import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import XCTest

@testable import TextureFormats

/// Hostile headers through the reader every front end uses (``TextureFileDescription``): counts that
/// overflow are typed errors, never traps; a header is checked before what it announces is read or
/// inflated; metadata is bounded; level ranges may not overlap the header.
final class HostileHeaderTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pvrc-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    private func write(_ bytes: [UInt8], _ name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// Asserts that `body` throws a one-line `TextureFormatError` naming `file` and containing `problem`.
    private func assertRefused(
        _ file: String, _ problem: String, line: UInt = #line, _ body: () throws -> Void
    ) {
        do {
            try body()
            XCTFail("accepted", line: line)
        } catch let error as TextureFormatError {
            XCTAssertEqual(error.file, file, line: line)
            XCTAssertTrue(error.description.contains(problem), error.description, line: line)
            XCTAssertFalse(error.description.contains("\n"), line: line)
        } catch {
            XCTFail("not a TextureFormatError: \(error)", line: line)
        }
    }

    func testCountsThatOverflowAreTypedErrors() {
        let cases: [(String, [UInt8], String, String)] = [
            (
                "v2 mip count", HostileTextures.pvr2CubeWithMipCountOverflow(), "4294967296 mip levels",
                "4294967296 mip levels"
            ),
            (
                "v3 surfaces", HostileTextures.pvr3CubeWithSurfaceOverflow(),
                "texture is 16384x16384", "too large"
            ),
            (
                "v3 surfaces 64", HostileTextures.pvr3CubeWithSurfaceOverflow(side: 64),
                "faces, array surfaces and depth slices together", "need"
            ),
            ("ktx arrays", HostileTextures.ktxFloatArrayWithOverflow(), "texture is 16384x16384", "too large"),
        ]
        for (name, bytes, standard, unlimited) in cases {
            XCTAssertLessThanOrEqual(bytes.count, 68)
            assertRefused(name, standard) { _ = try TextureFileDescription.parse(bytes, file: name) }
            assertRefused(name, unlimited) {
                _ = try TextureFileDescription.parse(bytes, file: name, pixelLimit: .unlimited)
            }
        }
    }

    func testPixelLimitRefusesFromTheHeaderBeforeInflating() throws {
        // 25 KB of Zstandard RLE blocks that inflate to a 768 MiB cube map level.
        let cube = HostileTextures.ktx2ZstdCube()
        XCTAssertLessThan(cube.count, 30_000)
        assertRefused("cube", "texture is 16384x16384 (268435456 pixels), over the limit of 16777216") {
            _ = try TextureFileDescription.parse(cube, file: "cube")
        }
        let wrapped = HostileTextures.ccz(cube)
        assertRefused("wrapped", "texture is 16384x16384") {
            _ = try TextureFileDescription.parse(wrapped, file: "wrapped")
        }
        // Allowed by the limit, it is described without inflating a level: the frames stay compressed.
        let url = try write(cube, "cube.ktx2")
        let description = try TextureFileDescription.read(from: url, pixelLimit: .unlimited)
        XCTAssertEqual(description.container, .ktx2Zstd)
        XCTAssertEqual([description.width, description.faceCount, description.levelCount], [16384, 6, 1])
        XCTAssertEqual(description.contents.count, cube.count)
        XCTAssertEqual(description.levelByteCounts, [16384 * 16384 / 2])
    }

    func testCompressedWrapperInflatesOnlyWhatArrives() throws {
        // The header declares 1.4 GB; the stream holds the first 100 bytes of a PVR v3 header.
        let header = HostileTextures.pvr3Header(pixelFormat: HostileTextures.pvr3RGBA8888, width: 64, height: 64)
        let inflater = try StreamInflater(
            framing: .zlib, declaredSize: 1_400_000_000, input: .memory(HostileTextures.storedZlib(header)),
            file: "f", what: "the stream")
        XCTAssertThrowsError(try inflater.ensure(1_400_000_000)) { error in
            XCTAssertEqual(
                error as? TextureFormatError,
                .invalidHeader(file: "f", reason: "the stream inflates to 52 bytes but its header declares 1400000000"))
        }
        XCTAssertEqual(inflater.output, header)
        XCTAssertLessThan(inflater.output.capacity, 1 << 20)
        assertRefused("w", "the CCZ zlib stream inflates to 52 bytes but its header declares 1400000000") {
            _ = try TextureFileDescription.parse(HostileTextures.ccz(header, declaredSize: 1_400_000_000), file: "w")
        }
        // gzip records the size in its trailer too, and zlib checks it when the stream ends.
        assertRefused("w", "the gzip stream is damaged (zlib: incorrect length check)") {
            _ = try TextureFileDescription.parse(HostileTextures.gzip(header, declaredSize: 1_400_000_000), file: "w")
        }
    }

    func testMetadataOverTheLimitIsRefusedBeforeItIsRead() {
        let blocks = (TextureFileDescription.maximumMetadataBytes / 12) + 1
        let file = HostileTextures.pvr3WithMetadataBlocks(blocks)
        assertRefused("m", "metaDataSize of \(blocks * 12) bytes, over the 16777216-byte limit") {
            _ = try TextureFileDescription.parse(file, file: "m")
        }
    }

    func testMetadataLinesAreCountedNotListed() throws {
        let description = try TextureFileDescription.parse(HostileTextures.pvr3WithMetadataBlocks(100_000), file: "m")
        XCTAssertEqual(description.metadata.count, TextureFileDescription.maximumMetadataLines + 1)
        XCTAssertEqual(description.metadata.last, "... and 99936 more")
        XCTAssertEqual(try description.image(level: 0).pixels, [UInt8](repeating: 0x80, count: 64))
    }

    func testSparseFileIsReadOnlyAsFarAsItsLevels() throws {
        let url = try write(HostileTextures.pvr3WithMetadataBlocks(0), "sparse.pvr")
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        let description = try TextureFileDescription.read(from: url)
        XCTAssertEqual(description.containerByteCount, 2 << 30)
        XCTAssertEqual(description.contents.count, 52 + 64)
        XCTAssertEqual(try description.image(level: 0).pixels, [UInt8](repeating: 0x80, count: 64))
        // A PVRTC file of the same shape is refused from its size, unread: its levels end the file.
        var rng = SplitMix64(seed: 3)
        let texture = try TestTextures.random(width: 8, height: 8, hasAlpha: true, rng: &rng)
        let pvrtc = directory.appendingPathComponent("sparse-pvrtc.pvr")
        try TextureFile(container: .pvr3, texture: texture).write(to: pvrtc)
        let pvrtcHandle = try FileHandle(forWritingTo: pvrtc)
        try pvrtcHandle.truncate(atOffset: 2 << 30)
        try pvrtcHandle.close()
        assertRefused(pvrtc.path, "unexpected bytes after the last mip level") {
            _ = try TextureFile.read(from: pvrtc)
        }
    }

    func testKTX2LevelsMayNotOverlapTheHeaderOrLieFarFromIt() throws {
        var rng = SplitMix64(seed: 5)
        let texture = try TestTextures.random(width: 16, height: 16, hasAlpha: true, rng: &rng)
        let good = TextureFile(container: .ktx2, texture: texture).serialized()
        XCTAssertNoThrow(try TextureFileDescription.parse(good, file: "k"))
        // Level 0's entry is the first of the level index (byteOffset at 80).
        var overlapping = good
        overlapping.replaceSubrange(80..<88, with: HostileTextures.le64(0))
        assertRefused("k", "level 0 starts at 0, inside the header") {
            _ = try TextureFileDescription.parse(overlapping, file: "k")
        }
        // kvdByteOffset (bytes 56..<60) moved 1 GiB away from the index.
        var farMetadata = good
        farMetadata.replaceSubrange(56..<60, with: HostileTextures.le32(1 << 30))
        assertRefused("k", "not right after the level index") {
            _ = try TextureFileDescription.parse(farMetadata, file: "k")
        }
        var outside = good
        outside.replaceSubrange(80..<88, with: HostileTextures.le64(UInt64.max - 7))
        for parse in [
            { _ = try TextureFileDescription.parse(outside, file: "k") },
            { _ = try TextureFile.parse(outside, file: "k") },
        ] {
            do {
                try parse()
                XCTFail("accepted")
            } catch {
                XCTAssertTrue("\(error)".contains("at offset 18446744073709551608"), "\(error)")
                XCTAssertFalse("\(error)".contains("..<"), "\(error)")
            }
        }
    }

    func testCompressedInsideCompressedIsRefused() throws {
        var rng = SplitMix64(seed: 9)
        let texture = try TestTextures.random(width: 8, height: 8, hasAlpha: false, rng: &rng)
        let inner = TextureFile(container: .pvrCCZ, texture: texture).serialized()
        assertRefused("n", "a compressed file inside a compressed file") {
            _ = try TextureFileDescription.parse(HostileTextures.ccz(inner), file: "n")
        }
    }
}
