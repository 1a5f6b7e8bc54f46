import Foundation
import Imaging
import PVRCTestSupport
import PVRTC
import PVRTCGL
import TextureFormats
import TextureLoader
import TextureLoaderGL
import XCTest

/// Every kind of file through `TextureLoader` on a real GL context (Mesa llvmpipe in CI):
/// - PVRTC1 4bpp and 2bpp cube maps (PVR v3, KTX 1.1, `.pvr.ccz`) become decode-once
///   `GL_TEXTURE_CUBE_MAP`s whose faces, read back level by level, equal the CPU decoder's output of
///   each face byte for byte, the preview of a progressive load included;
/// - cocos2d-objc's uncompressed `.pvr` files (Tests/TextureFormatsTests/Fixtures/cocos2d-objc) go up
///   with `glTexImage2D` in their own format and type, and a 1:1 draw reads back as pvrc's CPU
///   unpacking (`TextureFileDescription.image`, what `pvrc decode` writes before orienting): exactly
///   for 8- and 4-bit channels, within 1 for 5- and 6-bit ones (llvmpipe widens by bit replication,
///   pvrc by rounding `v·255/max`), for level 0 and for a preview's lower level;
/// - libktx's uncompressed KTX 1.1 cube maps (Tests/TextureFormatsTests/Fixtures/libktx-cube) become
///   `GL_TEXTURE_CUBE_MAP`s in their own format and type whose faces read back exactly as pvrc unpacks
///   them, the preview's lower levels included;
/// - the cache's cost is the GPU bytes each upload allocated, computed here from the sizes;
/// - what the uploader cannot take is a typed `TextureLoaderError` naming the file once.
final class GLLoaderFileKindsTests: XCTestCase {
    private let cocos2d = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TextureFormatsTests/Fixtures/cocos2d-objc")
    private var fixtures: TextureFixtures!

    override func setUpWithError() throws {
        fixtures = try TextureFixtures(seed: 0x18d)
    }

    override func tearDown() {
        fixtures = nil
    }

    /// RGBA8 bytes of a decode-once texture of a `size` x `size` level 0 with a full chain.
    private static func decodeOnceBytes(size: Int) -> Int {
        var bytes = 0
        var side = size
        while true {
            bytes += side * side * 4
            if side == 1 { return bytes }
            side /= 2
        }
    }

    /// Reads back every face of `levels` of a decode-once cube map on the GL thread.
    private static func readFaces(
        _ texture: GPUTexture, levels: Range<Int>, on uploader: GLTextureUploader
    ) throws -> [[RGBAImage]] {
        try levels.map { level in try (0..<6).map { try uploader.context.readBack(texture, face: $0, level: level) } }
    }

    func testCubeMapsLoadAsCubeMapsWhoseFacesReadBackAsTheCPUDecodes() async throws {
        let glThread = ResourceThread { try GLTextureUploader(mode: .decodeOnce) }
        let loader = TextureLoader(glThread: glThread)
        var expectedCost = 0
        for format in [PVRTCFormat.pvrtc1_4bpp, .pvrtc1_2bpp] {
            for container in [TextureContainer.pvr3, .ktx, .pvrCCZ] {
                let cube = try fixtures.randomCubeMap(size: 32, format: format)
                let url = fixtures.directory.appendingPathComponent("sky-\(format.rawValue)-\(container.rawValue)")
                try cube.write(to: url, as: container)
                let texture = try await loader.load(url)
                let what = "\(format) \(container)"
                XCTAssertEqual(texture.faceCount, 6, what)
                XCTAssertEqual(texture.handle.faceCount, 6, what)
                XCTAssertEqual(texture.handle.levelCount, 6, what)
                XCTAssertEqual(texture.gpuBytes, 6 * Self.decodeOnceBytes(size: 32), what)
                expectedCost += texture.gpuBytes
                let images = try await loader.withTextures([texture.key]) { uploader, textures in
                    try Self.readFaces(XCTUnwrap(textures[0]).handle, levels: 0..<6, on: uploader)
                }
                for level in 0..<6 {
                    for face in 0..<6 {
                        XCTAssertEqual(
                            images[level][face], PVRTCDecoder.decode(cube.faces[face].levels[level]),
                            "\(what) face \(face) level \(level)")
                    }
                }
            }
        }
        let cost = await loader.totalCost
        XCTAssertEqual(cost, expectedCost, "the cache's cost is the GPU bytes of the six cube maps")
        await loader.shutdown()
    }

    /// A loader that makes one upload per 2-second window from its creation: the full upload of a
    /// progressive load waits for the next window, so the preview can be read back meanwhile.
    private static func slowLoader() -> TextureLoader<GLTextureUploader> {
        TextureLoader(
            glThread: ResourceThread { try GLTextureUploader(mode: .decodeOnce) },
            configuration: TextureLoaderConfiguration(uploadBudgetPerFrame: .nanoseconds(1), frameInterval: .seconds(2))
        )
    }

    /// Loads `url` progressively on `loader` and returns every texture delivered and the faces of the
    /// preview's `previewLevels`, read back while the preview is what the cache holds.
    private static func loadProgressively(
        _ url: URL, on loader: TextureLoader<GLTextureUploader>, previewMaxDimension: Int, previewLevels: Range<Int>
    ) async throws -> (delivered: [LoadedTexture<GPUTexture>], previewFaces: [[RGBAImage]]) {
        var delivered: [LoadedTexture<GPUTexture>] = []
        var previewFaces: [[RGBAImage]] = []
        for try await texture in loader.loadProgressively(url, previewMaxDimension: previewMaxDimension) {
            delivered.append(texture)
            guard texture.isPreview else { continue }
            previewFaces = try await loader.withTextures([texture.key]) { uploader, textures in
                let shown = try XCTUnwrap(textures[0])
                XCTAssertTrue(shown.isPreview, "the full upload waits for the next window")
                return try Self.readFaces(shown.handle, levels: previewLevels, on: uploader)
            }
        }
        return (delivered, previewFaces)
    }

    func testProgressiveCubeMapPreviewHasAllSixFacesOfTheLowerLevel() async throws {
        let loader = Self.slowLoader()
        let cube = try fixtures.randomCubeMap(size: 32, format: .pvrtc1_2bpp)
        let url = fixtures.directory.appendingPathComponent("sky.pvr.ccz")
        try cube.write(to: url, as: .pvrCCZ)
        let (delivered, previewFaces) = try await Self.loadProgressively(
            url, on: loader, previewMaxDimension: 8, previewLevels: 0..<4)
        XCTAssertEqual(delivered.map(\.isPreview), [true, false])
        XCTAssertEqual(delivered.map(\.levels), [2..<6, 0..<6])
        XCTAssertEqual(delivered.map(\.handle.width), [8, 32])
        XCTAssertEqual(
            delivered.map(\.gpuBytes), [6 * Self.decodeOnceBytes(size: 8), 6 * Self.decodeOnceBytes(size: 32)])
        XCTAssertEqual(previewFaces.count, 4)
        for level in previewFaces.indices {
            for face in 0..<6 {
                XCTAssertEqual(
                    previewFaces[level][face], PVRTCDecoder.decode(cube.faces[face].levels[level + 2]),
                    "preview face \(face), file level \(level + 2)")
            }
        }
        await loader.shutdown()
    }

    /// Draws `texture` 1:1 into a target of its size and reads it back, on the GL thread.
    private static func drawn(_ texture: GPUTexture, on uploader: GLTextureUploader) throws -> RGBAImage {
        let target = try uploader.context.makeRenderTarget(width: texture.width, height: texture.height)
        defer { uploader.context.delete(target) }
        try uploader.context.draw(texture, into: target, clearColor: .transparent)
        return try uploader.context.readPixels(target)
    }

    func testUncompressedFilesLoadAndReadBackAsTheCPUUnpacksThem() async throws {
        // File, bytes per pixel of the glTexImage2D upload (BGRA8888 is converted to RGBA8), levels,
        // tolerance (5- and 6-bit channels: 1).
        let cases: [(String, Int, Int, Int)] = [
            ("test_image_rgba8888.pvr", 4, 1, 0), ("test_image_rgba8888_v3.pvr", 4, 1, 0),
            ("test_image_rgb888_v3.pvr", 3, 8, 0), ("test_image_rgba4444.pvr", 2, 1, 0),
            ("test_image_rgba4444_v3.pvr", 2, 8, 0), ("test_image_rgba4444.pvr.ccz", 2, 1, 0),
            ("test_image_rgba5551.pvr", 2, 1, 1), ("test_image_rgba5551_v3.pvr", 2, 8, 1),
            ("test_image_rgb565.pvr", 2, 1, 1), ("test_image_rgb565_v3.pvr", 2, 8, 1),
            ("test_image_a8.pvr", 1, 1, 0), ("test_image_ai88.pvr", 2, 1, 0), ("test_image_i8_v3.pvr", 1, 1, 0),
            ("test_image_bgra8888_v3.pvr", 4, 1, 0),
        ]
        // Direct mode: uncompressed files go up in their own format whatever the PVRTC mode.
        let glThread = ResourceThread { try GLTextureUploader(mode: .direct) }
        let loader = TextureLoader(glThread: glThread)
        var expectedCost = 0
        for (name, bytesPerPixel, levelCount, tolerance) in cases {
            let url = cocos2d.appendingPathComponent(name)
            let description = try TextureFileDescription.read(from: url)
            let texture = try await loader.load(url)
            let expectedBytes = (0..<levelCount).reduce(0) { $0 + (128 >> $1) * (128 >> $1) * bytesPerPixel }
            XCTAssertEqual(texture.levels, 0..<levelCount, name)
            XCTAssertEqual(texture.handle.mode, nil, name)
            XCTAssertEqual(texture.gpuBytes, expectedBytes, name)
            expectedCost += expectedBytes
            let image = try await loader.withTextures([texture.key]) { uploader, textures in
                try Self.drawn(XCTUnwrap(textures[0]).handle, on: uploader)
            }
            XCTAssertLessThanOrEqual(
                ExpectedComposite.largestDifference(image.pixels, try description.image(level: 0).pixels), tolerance,
                name)
        }
        let cost = await loader.totalCost
        XCTAssertEqual(cost, expectedCost, "the cache's cost is the bytes given to glTexImage2D")
        await loader.shutdown()
    }

    func testProgressiveUncompressedChainPreviewsALowerLevel() async throws {
        for (name, tolerance) in [("test_image_rgb565_v3.pvr", 1), ("test_image_rgba4444_v3.pvr", 0)] {
            let loader = Self.slowLoader()
            let url = cocos2d.appendingPathComponent(name)
            let description = try TextureFileDescription.read(from: url)
            var delivered: [LoadedTexture<GPUTexture>] = []
            var preview: RGBAImage?
            for try await texture in loader.loadProgressively(url, previewMaxDimension: 32) {
                delivered.append(texture)
                guard texture.isPreview else { continue }
                preview = try await loader.withTextures([texture.key]) { uploader, textures in
                    let shown = try XCTUnwrap(textures[0])
                    XCTAssertTrue(shown.isPreview, "the full upload waits for the next window")
                    return try Self.drawn(shown.handle, on: uploader)
                }
            }
            XCTAssertEqual(delivered.map(\.levels), [2..<8, 0..<8], name)
            XCTAssertEqual(delivered.map(\.width), [32, 128], name)
            XCTAssertEqual(delivered.first?.gpuBytes, (2..<8).reduce(0) { $0 + (128 >> $1) * (128 >> $1) * 2 }, name)
            let image = try XCTUnwrap(preview, name)
            XCTAssertEqual(image.width, 32)
            XCTAssertLessThanOrEqual(
                ExpectedComposite.largestDifference(image.pixels, try description.image(level: 2).pixels), tolerance,
                name)
            await loader.shutdown()
        }
    }

    /// Whether `content` is a PVRTC cube map (which direct mode cannot upload).
    private static func isPVRTCCubeMap(_ content: TextureContent) -> Bool {
        if case .pvrtcCubeMap = content { return true }
        return false
    }

    func testEstimatedGPUBytesAreWhatTheUploadAllocates() async throws {
        // The estimate decides whether a prefetch fits; it must be the cost the upload then reports.
        var contents: [(String, TextureContent)] = try [
            ("4bpp cube", .pvrtcCubeMap(fixtures.randomCubeMap(size: 32, format: .pvrtc1_4bpp))),
            ("2bpp cube", .pvrtcCubeMap(fixtures.randomCubeMap(size: 16, format: .pvrtc1_2bpp))),
            ("2D", .pvrtc(fixtures.randomTexture(size: 32))),
        ]
        for name in [
            "cocos2d-objc/test_image_rgb565_v3.pvr", "cocos2d-objc/test_image_bgra8888_v3.pvr",
            "cocos2d-objc/test_image_rgb888_v3.pvr", "libktx-cube/cube_rgba4444.ktx",
        ] {
            let url = cocos2d.deletingLastPathComponent().appendingPathComponent(name)
            contents.append((name, try TextureContent.read(from: url)))
        }
        let all = contents
        for mode in [PVRTCUploadMode.decodeOnce, .direct] {
            let glThread = ResourceThread { try GLTextureUploader(mode: mode) }
            let checked = try await glThread.perform { uploader in
                var checked = 0
                for (name, content) in all where mode == .decodeOnce || !Self.isPVRTCCubeMap(content) {
                    let count = content.levelCount
                    for levels in count == 1 ? [0..<1] : [0..<count, 2..<count, 1..<2] {
                        let texture = try uploader.upload(content, levels: levels)
                        defer { uploader.delete(texture) }
                        XCTAssertEqual(
                            uploader.estimatedGPUBytes(for: content, levels: levels), texture.gpuBytes,
                            "\(name) \(levels) \(mode)")
                        XCTAssertEqual(texture.width, content.levelSize(levels.lowerBound).width)
                        checked += 1
                    }
                }
                return checked
            }
            await glThread.shutdown()
            XCTAssertEqual(checked, mode == .decodeOnce ? 19 : 13)
        }
    }

    func testUncompressedCubeMapsLoadAsCubeMapsWhoseFacesReadBackAsTheCPUUnpacks() async throws {
        // libktx's KTX 1.1 cube maps (Tests/TextureFormatsTests/Fixtures/libktx-cube): 16x16, 5 levels.
        let directory = cocos2d.deletingLastPathComponent().appendingPathComponent("libktx-cube")
        for (name, bytesPerPixel) in [("cube_rgba8888.ktx", 4), ("cube_rgba4444.ktx", 2)] {
            let url = directory.appendingPathComponent(name)
            let description = try TextureFileDescription.read(from: url)
            let loader = Self.slowLoader()
            let (delivered, previewFaces) = try await Self.loadProgressively(
                url, on: loader, previewMaxDimension: 4, previewLevels: 0..<3)
            XCTAssertEqual(delivered.map(\.levels), [2..<5, 0..<5], name)
            XCTAssertEqual(delivered.map(\.faceCount), [6, 6], name)
            XCTAssertEqual(delivered.map(\.handle.faceCount), [6, 6], name)
            let bytes = { (levels: Range<Int>) in 6 * levels.reduce(0) { $0 + (16 >> $1) * (16 >> $1) * bytesPerPixel }
            }
            XCTAssertEqual(delivered.map(\.gpuBytes), [bytes(2..<5), bytes(0..<5)], name)
            let full = try XCTUnwrap(delivered.last)
            let faces = try await loader.withTextures([full.key]) { uploader, textures in
                try Self.readFaces(XCTUnwrap(textures[0]).handle, levels: 0..<5, on: uploader)
            }
            let cost = await loader.totalCost
            XCTAssertEqual(cost, bytes(0..<5), name)
            await loader.shutdown()
            for level in 0..<5 {
                for face in 0..<6 {
                    let expected = try description.image(level: level, face: face)
                    XCTAssertEqual(faces[level][face], expected, "\(name) face \(face) level \(level)")
                    if level >= 2 {
                        XCTAssertEqual(
                            previewFaces[level - 2][face], expected, "\(name) preview face \(face) level \(level)")
                    }
                }
            }
        }
    }

    /// Loads `url` in `mode` and returns the loader's error, failing the test if it loads or if the
    /// message does not name the file exactly once.
    private func loadError(_ url: URL, mode: PVRTCUploadMode) async -> TextureLoaderError? {
        let loader = TextureLoader(glThread: ResourceThread { try GLTextureUploader(mode: mode) })
        var failure: (any Error)?
        do {
            _ = try await loader.load(url)
        } catch {
            failure = error
        }
        await loader.shutdown()
        guard let failure else {
            XCTFail("\(url.path) loaded in \(mode)")
            return nil
        }
        guard let error = failure as? TextureLoaderError else {
            XCTFail("not a TextureLoaderError: \(failure)")
            return nil
        }
        XCTAssertEqual(
            error.description.components(separatedBy: TextureKey.canonicalPath(of: url)).count - 1, 1,
            "the path once: \(error)")
        return error
    }

    func testWhatTheUploaderCannotTakeIsATypedErrorKeepingItsCause() async throws {
        let etc1 = fixtures.directory.appendingPathComponent("etc1.pvr")
        try Data(OtherFormatTextures.etc1PVRv3()).write(to: etc1)
        let error = await loadError(etc1, mode: .decodeOnce)
        guard case .unsupportedFormat(_, .unsupportedPixelFormat(_, let format)) = error else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertTrue(format.hasPrefix("ETC1"), format)

        let cube = fixtures.directory.appendingPathComponent("sky.ktx")
        try fixtures.randomCubeMap(size: 16, format: .pvrtc1_4bpp).write(to: cube, as: .ktx)
        let direct = await loadError(cube, mode: .direct)
        guard case .uploadFailed(let file, let underlying) = direct else {
            return XCTFail("\(String(describing: direct))")
        }
        XCTAssertEqual(file, TextureKey.canonicalPath(of: cube))
        XCTAssertEqual(
            underlying as? GLError,
            .unsupported("direct mode draws 2D data textures; upload cube maps native or decode-once"))
    }
}
