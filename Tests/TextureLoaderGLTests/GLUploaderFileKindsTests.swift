import Foundation
import PVRCTestSupport
import PVRTC
import PVRTCGL
import TextureFormats
import TextureLoader
import TextureLoaderGL
import XCTest

/// The loader's GL uploader on its GL thread: a cube map file goes up as a decode-once
/// `GL_TEXTURE_CUBE_MAP` whose faces read back as the CPU decoder decodes them, and an uncompressed
/// file goes up with `glTexImage2D` (refused by name when compressed).
final class GLUploaderFileKindsTests: XCTestCase {
    func testCubeMapFileFacesReadBackAsTheCPUDecodes() async throws {
        let directory = try TemporaryDirectory()
        var rng = SplitMix64(seed: 0x18)
        let faces = try (0..<6).map { _ in
            try PVRTCTexture(
                levels: [
                    PVRTCImage(
                        width: 32, height: 32,
                        data: (0..<PVRTCFormat.pvrtc1_2bpp.byteCount(width: 32, height: 32)).map { _ in
                            UInt8(truncatingIfNeeded: rng.next())
                        }, format: .pvrtc1_2bpp)
                ], hasAlpha: true)
        }
        let cube = try PVRTCCubeMap(faces: faces)
        let url = URL(fileURLWithPath: directory.path + "/sky.ktx2")
        try cube.write(to: url, as: .ktx2)
        let thread = GLThread { try GLTextureUploader(mode: .decodeOnce) }
        let images = try await thread.perform { uploader in
            let texture = try uploader.uploadCubeMap(contentsOf: url)
            defer { uploader.delete(texture) }
            return try (0..<6).map { try uploader.context.readBack(texture, face: $0, level: 0) }
        }
        await thread.shutdown()
        for face in 0..<6 {
            XCTAssertEqual(images[face], PVRTCDecoder.decode(faces[face].levels[0]), "face \(face)")
        }
    }

    func testCompressedFilesAreRefusedByTheUncompressedPath() async throws {
        let directory = try TemporaryDirectory()
        var rng = SplitMix64(seed: 0x19)
        let data = (0..<512).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        let texture = try PVRTCTexture(levels: [PVRTCImage(width: 32, height: 32, data: data)], hasAlpha: false)
        let url = URL(fileURLWithPath: directory.path + "/a.pvr")
        try TextureFile(container: .pvr3, texture: texture).write(to: url)
        let thread = GLThread { try GLTextureUploader(mode: .decodeOnce) }
        let refusal = try await thread.perform { uploader -> String in
            do {
                let uploaded = try uploader.uploadUncompressed(contentsOf: url)
                uploader.delete(uploaded)
                return "uploaded"
            } catch {
                return "\(error)"
            }
        }
        await thread.shutdown()
        XCTAssertTrue(refusal.contains("PVRTC1 4bpp"), refusal)
    }
}
