import Foundation
import Imaging
import PVRCTestSupport
import PVRTC
import PVRTCGL
import TextureFormats
import TextureLoader
import TextureLoaderGL
import XCTest

/// PVRTC2 (PVRTC-II) files through the loader on a real GL context: a non-power-of-two texture loads
/// low-resolution first, Imagination's own file loads, and a cube map loads as one; each reads back equal to
/// the CPU decoder, and the cache is charged the GPU bytes the upload really allocated (RGBA8 when decoded
/// once, the blocks in direct mode).
final class GLTextureLoaderPVRTC2Tests: XCTestCase {
    private var fixtures: TextureFixtures!

    override func setUpWithError() throws {
        fixtures = try TextureFixtures(seed: 0x2C2)
    }

    override func tearDown() {
        fixtures = nil
    }

    /// Level `level` of `loaded` drawn at its own size on the GL thread (`level` picks the mip level of a
    /// texture that has several).
    private static func readBack(
        _ loaded: LoadedTexture<GPUTexture>, level: Int, width: Int, height: Int,
        on thread: ResourceThread<GLTextureUploader>
    ) async throws -> RGBAImage {
        try await thread.perform { uploader in
            let target = try uploader.context.makeRenderTarget(width: width, height: height)
            defer { uploader.context.delete(target) }
            try uploader.context.draw(
                loaded.handle, to: GLFramebuffer(name: target.framebuffer, width: width, height: height), level: level)
            return try uploader.context.readPixels(target)
        }
    }

    func testPreviewThenFullReadBackAsTheCPUDecodesAndCostTheirGPUBytes() async throws {
        // 96x96, 48, 24, 12, 6, 3, 1: no level is a power of two above 1.
        let texture = try fixtures.randomTexture(size: 96, format: .pvrtc2_4bpp, hasAlpha: true)
        let url = fixtures.directory.appendingPathComponent("terrain.pvr")
        try TextureFile(container: .pvr3, texture: texture).write(to: url)
        for mode in [PVRTCUploadMode.decodeOnce, .direct] {
            let thread = ResourceThread { try GLTextureUploader(mode: mode) }
            let loader = TextureLoader(glThread: thread)
            var delivered: [Int] = []
            for try await loaded in loader.loadProgressively(url, previewMaxDimension: 24) {
                delivered.append(loaded.width)
            }
            XCTAssertEqual(delivered, [24, 96], "\(mode)")
            let full = try await loader.load(url)
            let fullCost = await loader.totalCost
            let small = try await loader.load(url, options: TextureLoadOptions(maxDimension: 24))
            let totalCost = await loader.totalCost
            for (loaded, first) in [(full, 0), (small, 2)] {
                for level in first..<texture.levels.count {
                    let expected = PVRTCDecoder.decode(texture.levels[level])
                    let image = try await Self.readBack(
                        loaded, level: level - first, width: expected.width, height: expected.height, on: thread)
                    XCTAssertEqual(image, expected, "\(mode) level \(level) of the texture from level \(first)")
                }
            }
            func expectedBytes(_ levels: Range<Int>) -> Int {
                mode == .direct
                    ? levels.reduce(0) { $0 + texture.levels[$1].data.count }
                    : levels.reduce(0) { $0 + texture.levels[$1].width * texture.levels[$1].height * 4 }
            }
            XCTAssertEqual(fullCost, full.handle.gpuBytes, "\(mode)")
            XCTAssertEqual(fullCost, expectedBytes(0..<7), "\(mode)")
            XCTAssertEqual(totalCost - fullCost, expectedBytes(2..<7), "\(mode)")
            await loader.shutdown()
            await thread.shutdown()
        }
    }

    /// PVRTexTool's PVR v3 file (PVRTC2 4bpp, 8 levels) loads and reads back as the CPU decodes it.
    func testImaginationsFileLoadsAndReadsBackAsTheCPUDecodes() async throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PVRTCTests/PVRTC2Fixtures/test_image_pvrtcii4bpp_v3.pvr")
        let texture = try TextureFile.read(from: url).texture
        XCTAssertEqual(texture.format, .pvrtc2_4bpp)
        for mode in [PVRTCUploadMode.decodeOnce, .direct] {
            let thread = ResourceThread { try GLTextureUploader(mode: mode) }
            let loader = TextureLoader(glThread: thread)
            let loaded = try await loader.load(url)
            let cost = await loader.totalCost
            XCTAssertEqual(cost, mode.gpuBytes(for: texture, transcodingInto: nil), "\(mode)")
            XCTAssertEqual(cost, loaded.handle.gpuBytes, "\(mode)")
            for (index, level) in texture.levels.enumerated() {
                let image = try await Self.readBack(
                    loaded, level: index, width: level.width, height: level.height, on: thread)
                XCTAssertEqual(image, PVRTCDecoder.decode(level), "\(mode) level \(index)")
            }
            await loader.shutdown()
            await thread.shutdown()
        }
    }

    func testCubeMapLoadsAsACubeMapWhoseFacesReadBackAsTheCPUDecodes() async throws {
        let thread = ResourceThread { try GLTextureUploader(mode: .decodeOnce) }
        let loader = TextureLoader(glThread: thread)
        for format in [PVRTCFormat.pvrtc2_4bpp, .pvrtc2_2bpp] {
            // 20, 10, 5, 2, 1.
            let cube = try fixtures.randomCubeMap(size: 20, format: format)
            let url = fixtures.directory.appendingPathComponent("sky-\(format.rawValue).pvr")
            try cube.write(to: url, as: .pvr3)
            let loaded = try await loader.load(url)
            XCTAssertEqual(loaded.handle.faceCount, 6, "\(format)")
            XCTAssertEqual(loaded.gpuBytes, 6 * (400 + 100 + 25 + 4 + 1) * 4, "\(format)")
            let images = try await thread.perform { uploader in
                try (0..<5).map { level in
                    try (0..<6).map { try uploader.context.readBack(loaded.handle, face: $0, level: level) }
                }
            }
            for level in 0..<5 {
                for face in 0..<6 {
                    XCTAssertEqual(
                        images[level][face], PVRTCDecoder.decode(cube.faces[face].levels[level]),
                        "\(format) face \(face) level \(level)")
                }
            }
        }
        await loader.shutdown()
        await thread.shutdown()
    }
}
