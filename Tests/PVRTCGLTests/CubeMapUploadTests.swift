import PVRTC
import PVRTCGL
import TextureFormats
import XCTest

/// Cube maps on a real GL context: decode-once decodes every face of every level on the GPU into a
/// `GL_TEXTURE_CUBE_MAP`, and each face read back equals the CPU decoder's output of that face byte for
/// byte. The native path cannot run here (Mesa lacks `GL_IMG_texture_compression_pvrtc`); it is
/// checked to refuse cleanly instead.
final class CubeMapUploadTests: XCTestCase {
    func testEveryFaceAndLevelReadsBackAsTheCPUDecoderDecodesIt() throws {
        let context = try SharedContext.get()
        // Full chains, one level, and a chain that stops early (completed by glGenerateMipmap).
        for (format, size, levels) in [
            (PVRTCFormat.pvrtc1_4bpp, 32, nil), (.pvrtc1_2bpp, 32, nil), (.pvrtc1_4bpp, 64, 1), (.pvrtc1_2bpp, 16, 2),
        ] as [(PVRTCFormat, Int, Int?)] {
            let cube = try RandomBlocks.cubeMap(size: size, levels: levels, format: format, seed: UInt64(size))
            let uploaded = try context.upload(cube, mode: .decodeOnce)
            defer { context.delete(uploaded) }
            XCTAssertEqual(uploaded.faceCount, 6)
            XCTAssertEqual(uploaded.levelCount, cube.shape.levels.count)
            for face in 0..<6 {
                for level in cube.shape.levels.indices {
                    let image = try context.readBack(uploaded, face: face, level: level)
                    let expected = PVRTCDecoder.decode(cube.faces[face].levels[level])
                    XCTAssertEqual(image, expected, "\(format) \(size) face \(face) level \(level)")
                }
            }
        }
    }

    /// The faces land on their own targets: six different faces read back six different images.
    func testFacesAreNotMixedUp() throws {
        let context = try SharedContext.get()
        let cube = try RandomBlocks.cubeMap(size: 16, levels: 1, format: .pvrtc1_4bpp, seed: 40)
        let uploaded = try context.upload(cube, mode: .decodeOnce)
        defer { context.delete(uploaded) }
        let images = try (0..<6).map { try context.readBack(uploaded, face: $0, level: 0) }
        XCTAssertEqual(Set(images.map(\.pixels)).count, 6)
        XCTAssertThrowsError(try context.readBack(uploaded, face: 6, level: 0))
    }

    func testNativeWithoutTheExtensionAndDirectAreRefused() throws {
        let context = try SharedContext.get()
        let cube = try RandomBlocks.cubeMap(size: 16, levels: 1, format: .pvrtc1_2bpp, seed: 50)
        XCTAssertThrowsError(try context.upload(cube, mode: .direct)) {
            XCTAssertEqual(
                $0 as? GLError,
                .unsupported("direct mode draws 2D data textures; upload cube maps native or decode-once"))
        }
        guard !context.supportsNativePVRTC else {
            let uploaded = try context.upload(cube, mode: .native)
            context.delete(uploaded)
            return
        }
        XCTAssertThrowsError(try context.upload(cube, mode: .native)) {
            guard case GLError.unsupported(let reason) = $0 else { return XCTFail("\($0)") }
            XCTAssertTrue(reason.contains("GL_IMG_texture_compression_pvrtc"), reason)
        }
    }
}
