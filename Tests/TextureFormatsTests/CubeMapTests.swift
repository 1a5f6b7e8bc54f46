import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import XCTest

@testable import TextureFormats

/// Cube maps in every container: header fields and face layout as each specification gives them,
/// written out here by hand, and reading back through ``PVRTCCubeMap/parse(_:file:)``.
final class CubeMapTests: XCTestCase {
    /// Six 8x8 faces with 4 levels (8x8, 4x4, 2x2, 1x1: 32 bytes each), face f filled with random blocks.
    private func cubeMap() throws -> PVRTCCubeMap {
        var rng = SplitMix64(seed: 6)
        return try PVRTCCubeMap(
            faces: (0..<6).map { _ in try TestTextures.random(width: 8, height: 8, hasAlpha: true, rng: &rng) })
    }

    private func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
    }

    func testPVRv2CubeIsSurfaceMajorWithTheCubeFlag() throws {
        let cube = try cubeMap()
        let bytes = cube.serialized(as: .pvr2)
        XCTAssertEqual(u32(bytes, 16) & 0x1000, 0x1000, "CUBEMAP flag")
        XCTAssertEqual(u32(bytes, 20), 128, "dataSize: one surface, all levels")
        XCTAssertEqual(u32(bytes, 48), 6, "numSurfs")
        // Face f, level l at 52 + f * 128 + l * 32.
        for face in 0..<6 {
            for level in 0..<4 {
                let start = 52 + face * 128 + level * 32
                XCTAssertEqual(Array(bytes[start..<(start + 32)]), cube.faces[face].levels[level].data)
            }
        }
        XCTAssertEqual(bytes.count, 52 + 6 * 128)
        XCTAssertEqual(try PVRTCCubeMap.parse(bytes, file: "c").faces.map(\.levels), cube.faces.map(\.levels))
    }

    func testPVRv3AndKTXCubesAreLevelMajor() throws {
        let cube = try cubeMap()
        let v3 = cube.serialized(as: .pvr3)
        XCTAssertEqual(u32(v3, 40), 6, "numFaces")
        let ktx = cube.serialized(as: .ktx)
        XCTAssertEqual(u32(ktx, 52), 6, "numberOfFaces")
        let keyValueBytes = Int(u32(ktx, 60))
        XCTAssertEqual(u32(ktx, 64 + keyValueBytes), 32, "imageSize is one face's size for a non-array cube map")
        for level in 0..<4 {
            for face in 0..<6 {
                // PVR v3: header 52 + 15 bytes of orientation metadata, then per level the six faces.
                let v3Start = 67 + level * 6 * 32 + face * 32
                XCTAssertEqual(Array(v3[v3Start..<(v3Start + 32)]), cube.faces[face].levels[level].data)
                // KTX: per level a 4-byte imageSize, then the six faces.
                let ktxStart = 64 + keyValueBytes + level * (4 + 6 * 32) + 4 + face * 32
                XCTAssertEqual(Array(ktx[ktxStart..<(ktxStart + 32)]), cube.faces[face].levels[level].data)
            }
        }
        for container in [TextureContainer.pvr3, .ktx, .ktx2, .ktx2Zstd, .pvrCCZ, .pvrGzip] {
            let read = try PVRTCCubeMap.parse(cube.serialized(as: container), file: "c")
            XCTAssertEqual(read.faces.map(\.levels), cube.faces.map(\.levels), "\(container)")
        }
    }

    /// A 2bpp cube map (six 16x16 faces, full chain) reads back as 2bpp from every container, and a
    /// face decodes through the description as the 2bpp decoder decodes it.
    func testTwoBitCubeRoundTripsInEveryContainer() throws {
        var rng = SplitMix64(seed: 7)
        let cube = try PVRTCCubeMap(
            faces: (0..<6).map { _ in
                try TestTextures.random(width: 16, height: 16, hasAlpha: true, format: .pvrtc1_2bpp, rng: &rng)
            })
        for container in TextureContainer.allCases {
            let bytes = cube.serialized(as: container)
            let read = try PVRTCCubeMap.parse(bytes, file: "c")
            XCTAssertEqual(read.faces.map(\.levels), cube.faces.map(\.levels), "\(container)")
            XCTAssertEqual(read.shape.format, .pvrtc1_2bpp, "\(container)")
            let description = try TextureFileDescription.parse(bytes, file: "c")
            XCTAssertEqual(
                try description.image(level: 1, face: 4), PVRTCDecoder.decode(cube.faces[4].levels[1]), "\(container)")
        }
        let ktx2 = cube.serialized(as: .ktx2)
        XCTAssertEqual(u32(ktx2, 12), 1_000_054_000, "VK_FORMAT_PVRTC1_2BPP_UNORM_BLOCK_IMG")
    }

    func testKTX2CubeHasSixFacesPerLevelEntry() throws {
        let cube = try cubeMap()
        let bytes = cube.serialized(as: .ktx2)
        XCTAssertEqual(u32(bytes, 36), 6, "faceCount")
        // Level index entry 0: byteLength and uncompressedByteLength cover six 32-byte faces.
        XCTAssertEqual([u32(bytes, 88), u32(bytes, 96)], [192, 192])
        let start = Int(u32(bytes, 80))
        XCTAssertEqual(Array(bytes[start..<(start + 192)]), Array(cube.faces.map(\.levels[0].data).joined()))
    }

    /// A KTX cube-map array whose imageSize covers one face, not six, is refused rather than read past.
    func testKTXCubeArrayWithTooSmallImageSizeIsRefused() throws {
        var bytes = try cubeMap().serialized(as: .ktx)
        LE.patch(&bytes, at: 48, 1)  // numberOfArrayElements: a cube array, whose imageSize covers the whole level
        XCTAssertThrowsError(try TextureFileDescription.parse(bytes, file: "a")) {
            XCTAssertEqual(
                $0 as? TextureFormatError,
                .unsupportedFeature(file: "a", reason: "texture array (1 elements)"))
        }
    }

    func testCubeMapsNeedSixSquareMatchingFaces() throws {
        var rng = SplitMix64(seed: 9)
        let square = try TestTextures.random(width: 8, height: 8, hasAlpha: true, rng: &rng)
        let wide = try TestTextures.random(width: 16, height: 8, hasAlpha: true, rng: &rng)
        XCTAssertThrowsError(try PVRTCCubeMap(faces: Array(repeating: square, count: 5)))
        XCTAssertThrowsError(try PVRTCCubeMap(faces: Array(repeating: wide, count: 6)))
        XCTAssertThrowsError(try PVRTCCubeMap(faces: Array(repeating: square, count: 5) + [wide]))
        let flat = TextureFile(container: .pvr3, texture: square).serialized()
        XCTAssertThrowsError(try PVRTCCubeMap.parse(flat, file: "f")) {
            XCTAssertEqual(
                $0 as? TextureFormatError, .unsupportedFeature(file: "f", reason: "1 face(s); a cube map has 6"))
        }
    }
}
