import PVRCTestSupport
import PVRTC
import PVRTCGL
import TextureLoader
import TextureLoaderGL
import XCTest

/// The loader with `GLTextureUploader(mode: .transcode)`: PVRTC files become BC1/BC3 textures on the GL thread,
/// and the cache counts their block bytes, the figure the handle reports.
final class GLTextureLoaderTranscodeTests: XCTestCase {
    func testTranscodedTexturesCostTheirBlocks() async throws {
        let fixtures = try TextureFixtures(seed: 0x7C)
        let glThread = ResourceThread { try GLTextureUploader(mode: .transcode) }
        let transcodes = try await glThread.perform { $0.context.supportsTranscoding(hasAlpha: false) }
        guard transcodes else {
            await glThread.shutdown()
            throw XCTSkip("this context cannot transcode to BC1")
        }
        let loader = TextureLoader(glThread: glThread)
        let loaded = try await loader.load(try fixtures.write("opaque.pvr", size: 64))
        XCTAssertEqual(loaded.handle.mode, .transcode)
        XCTAssertEqual(loaded.handle.transcodeTarget, .bc1)
        // 64², 32², 16², 8², 4², 2², 1²: 256 + 64 + 16 + 4 + 1 + 1 + 1 BC1 blocks of 8 bytes.
        XCTAssertEqual(loaded.handle.gpuBytes, 343 * 8)
        let cost = await loader.totalCost
        XCTAssertEqual(cost, 343 * 8)
        await glThread.shutdown()
    }
}
