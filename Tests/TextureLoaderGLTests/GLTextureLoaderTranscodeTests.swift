import PVRCTestSupport
import PVRTC
import PVRTCGL
import TextureLoader
import TextureLoaderGL
import XCTest

/// The loader with `GLTextureUploader(mode: .transcode)`: PVRTC files become BC1/BC3 textures on the GL thread,
/// or the target asked for (`transcodeTarget:`), and the cache counts their block bytes, the figure the handle
/// reports.
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

    /// Every target, asked for through `GLTextureUploader(mode:transcodeTarget:)` (skipped where the context
    /// lacks it): the 2D texture and the cube map go to it, and the loader's cost, the handle's bytes and
    /// `PVRTCUploadMode.gpuBytes(for:transcodingInto:)` are the target's whole blocks, counted here by hand.
    func testEveryRequestedTargetCostsTheBytesItAllocates() async throws {
        let fixtures = try TextureFixtures(seed: 0x7D)
        let file = try fixtures.write("opaque.pvr", size: 64)
        let texture = try fixtures.randomTexture(size: 64)
        let cubeFile = fixtures.directory.appendingPathComponent("cube.ktx2")
        try fixtures.randomCubeMap(size: 16, format: .pvrtc1_4bpp).write(to: cubeFile, as: .ktx2)
        // 64² to 1²: 256 + 64 + 16 + 4 + 1 + 1 + 1 blocks of 4x4, 64 + 16 + 4 + 1 + 1 + 1 + 1 of 8x8; a cube face
        // 16² to 1²: 16 + 4 + 1 + 1 + 1 of 4x4, 4 + 1 + 1 + 1 + 1 of 8x8.
        let blocks: [TranscodeTarget: (texture: Int, face: Int, bytes: Int)] = [
            .bc1: (343, 23, 8), .bc3: (343, 23, 16), .etc2: (343, 23, 8), .etc2RGBA: (343, 23, 16),
            .astc4x4: (343, 23, 16), .astc8x8: (88, 8, 16),
        ]
        XCTAssertEqual(Set(blocks.keys), Set(TranscodeTarget.allCases))
        // No target (a context that cannot transcode): decode-once's RGBA8 chain, (64² + ... + 1²) x 4 bytes.
        XCTAssertEqual(PVRTCUploadMode.transcode.gpuBytes(for: texture, transcodingInto: nil), 5461 * 4)
        var measured = 0
        for (target, count) in blocks.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let glThread = ResourceThread { try GLTextureUploader(mode: .transcode, transcodeTarget: target) }
            let takes = try await glThread.perform {
                $0.context.isES3OrLater && target.isTaken(by: $0.context.extensions)
            }
            guard takes else {
                await glThread.shutdown()
                continue
            }
            let loader = TextureLoader(glThread: glThread)
            let loaded = try await loader.load(file)
            XCTAssertEqual(loaded.handle.transcodeTarget, target)
            XCTAssertEqual(loaded.handle.gpuBytes, count.texture * count.bytes, target.rawValue)
            XCTAssertEqual(
                PVRTCUploadMode.transcode.gpuBytes(for: texture, transcodingInto: target), count.texture * count.bytes)
            var cost = await loader.totalCost
            XCTAssertEqual(cost, loaded.handle.gpuBytes, target.rawValue)
            let cube = try await loader.load(cubeFile)
            XCTAssertEqual(cube.handle.transcodeTarget, target)
            XCTAssertEqual(cube.handle.gpuBytes, 6 * count.face * count.bytes, target.rawValue)
            cost = await loader.totalCost
            XCTAssertEqual(cost, loaded.handle.gpuBytes + cube.handle.gpuBytes, target.rawValue)
            measured += 1
            await loader.shutdown()
            await glThread.shutdown()
        }
        guard measured > 0 else { throw XCTSkip("this context takes none of the transcode targets") }
    }
}
