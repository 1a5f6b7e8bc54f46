import Foundation
import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import PVRTCGL
import TextureFormats
import TextureLoader
import TextureLoaderGL
import XCTest

/// PVRTC1 2bpp files through the loader on a real GL context: low-resolution-first delivers a lower
/// level and then the full texture, each drawn at 1:1 equal to the CPU decoder, and the cache is
/// charged the GPU bytes the upload really allocated (RGBA8 when decoded once, the 2bpp blocks in direct mode).
final class GLTextureLoader2bppTests: XCTestCase {
    /// A 2bpp texture of random blocks with its full chain (every level at least 2x2 blocks).
    private static func randomChain(size: Int, seed: UInt64) throws -> PVRTCTexture {
        var rng = SplitMix64(seed: seed)
        var levels: [PVRTCImage] = []
        var side = size
        for _ in 0..<PVRTCTexture.fullChainLength(width: size, height: size) {
            levels.append(
                try PVRTCImage(
                    width: side, height: side,
                    data: rng.bytes(PVRTCFormat.pvrtc1_2bpp.byteCount(width: side, height: side)),
                    format: .pvrtc1_2bpp))
            side = max(side / 2, 1)
        }
        return try PVRTCTexture(levels: levels, hasAlpha: true)
    }

    func testPreviewThenFullReadBackAsTheCPUDecodesAndCostTheirGPUBytes() async throws {
        let directory = try TemporaryDirectory()
        let texture = try Self.randomChain(size: 128, seed: 0x2B)
        let url = URL(fileURLWithPath: directory.path + "/terrain.pvr")
        try TextureFile(container: .pvr3, texture: texture).write(to: url)
        for mode in [PVRTCUploadMode.decodeOnce, .direct] {
            let thread = ResourceThread { try GLTextureUploader(mode: mode) }
            let loader = TextureLoader(glThread: thread)
            var delivered: [Int] = []
            for try await loaded in loader.loadProgressively(url, previewMaxDimension: 32) {
                delivered.append(loaded.width)
            }
            XCTAssertEqual(delivered, [32, 128], "\(mode)")
            let full = try await loader.load(url)
            let fullCost = await loader.totalCost
            // The lower level alone, as the preview uploads it (kept in the cache to be drawn).
            let small = try await loader.load(url, options: TextureLoadOptions(maxDimension: 32))
            let totalCost = await loader.totalCost
            for (loaded, level) in [(full, 0), (small, 2)] {
                let side = loaded.width
                let image = try await thread.perform { uploader in
                    let target = try uploader.context.makeRenderTarget(width: side, height: side)
                    defer { uploader.context.delete(target) }
                    try uploader.context.draw(loaded.handle, into: target, level: 0, clearColor: .transparent)
                    return try uploader.context.readPixels(target)
                }
                XCTAssertEqual(image, PVRTCDecoder.decode(texture.levels[level]), "\(mode) at \(side)")
            }
            // Decode-once holds RGBA8 with every mip level; direct mode the 2bpp blocks themselves.
            func expectedBytes(_ levels: Range<Int>) -> Int {
                mode == .direct
                    ? levels.reduce(0) { $0 + texture.levels[$1].data.count }
                    : levels.reduce(0) { $0 + texture.levels[$1].width * texture.levels[$1].height * 4 }
            }
            XCTAssertEqual(fullCost, full.handle.gpuBytes, "\(mode)")
            XCTAssertEqual(fullCost, expectedBytes(0..<8), "\(mode)")
            XCTAssertEqual(totalCost - fullCost, expectedBytes(2..<8), "\(mode)")
            await loader.shutdown()
            await thread.shutdown()
        }
    }
}
