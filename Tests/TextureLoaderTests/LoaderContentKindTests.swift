import Foundation
import PVRCTestSupport
import PVRTC
import TextureFormats
import TextureLoader
import XCTest

/// The loader takes every kind of file, sorted by content: PVRTC cube maps reach the uploader as cube
/// maps (previews with all six faces at a lower level), uncompressed files (cocos2d-objc's real
/// `.pvr` files, see Tests/TextureFormatsTests/Fixtures/cocos2d-objc) as uncompressed textures, and a
/// compressed format that is not PVRTC1 is a typed error naming the file once. No GL: the uploader
/// records what it is given.
final class LoaderContentKindTests: XCTestCase {
    private let cocos2d = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TextureFormatsTests/Fixtures/cocos2d-objc")
    private var glThread: ResourceThread<RecordingUploader>!
    private var fixtures: TextureFixtures!

    override func setUpWithError() throws {
        glThread = ResourceThread { RecordingUploader() }
        fixtures = try TextureFixtures(seed: 0x18c)
    }

    override func tearDown() async throws {
        await glThread.shutdown()
        fixtures = nil
    }

    func testTwoDTexturesAreReadAsTheirContainerReaderReadsThemInEveryContainer() throws {
        for format in [PVRTCFormat.pvrtc1_4bpp, .pvrtc1_2bpp] {
            var texture = try fixtures.randomTexture(size: 32, format: format, hasAlpha: true)
            texture.metadata = TextureMetadata(
                orientation: TextureOrientation(yUp: true), isPremultiplied: true, colorSpace: .srgb)
            for container in TextureContainer.allCases {
                let url = fixtures.directory.appendingPathComponent("t-\(format.rawValue)-\(container.rawValue)")
                try TextureFile(container: container, texture: texture).write(to: url)
                guard case .pvrtc(let read) = try TextureContent.read(from: url) else {
                    return XCTFail("\(container) \(format) is not read as a 2D PVRTC texture")
                }
                XCTAssertEqual(read, try TextureFile.read(from: url).texture, "\(container) \(format)")
            }
        }
    }

    func testCubeMapFilesLoadAsCubeMapsInEveryContainer() async throws {
        let loader = TextureLoader(glThread: glThread)
        var expectedBytes = 0
        for (index, (format, container)) in [
            (PVRTCFormat.pvrtc1_4bpp, TextureContainer.pvr3), (.pvrtc1_2bpp, .ktx), (.pvrtc1_4bpp, .pvrCCZ),
            (.pvrtc1_2bpp, .pvr2), (.pvrtc1_4bpp, .ktx2), (.pvrtc1_2bpp, .pvrGzip), (.pvrtc1_2bpp, .ktx2Zstd),
        ].enumerated() {
            let cube = try fixtures.randomCubeMap(size: 32, format: format)
            // The name says nothing about the kind: the content decides.
            let url = fixtures.directory.appendingPathComponent("sky\(index).tex")
            try cube.write(to: url, as: container)
            let texture = try await loader.load(url)
            XCTAssertEqual(texture.faceCount, 6, "\(container)")
            XCTAssertEqual(texture.width, 32)
            XCTAssertEqual(texture.levels, 0..<6)
            let blockBytes = 6 * cube.shape.levels.reduce(0) { $0 + $1.data.count }
            XCTAssertEqual(texture.gpuBytes, blockBytes, "\(container)")
            expectedBytes += blockBytes
        }
        let report = try await glThread.perform { $0.report }
        XCTAssertEqual(report.uploads.map(\.faceCount), Array(repeating: 6, count: 7))
        let cost = await loader.totalCost
        XCTAssertEqual(cost, expectedBytes, "the cache's cost is what the uploader reports")
    }

    func testProgressiveCubeMapPreviewsAllFacesAtALowerLevel() async throws {
        let url = fixtures.directory.appendingPathComponent("sky.pvr")
        try fixtures.randomCubeMap(size: 32, format: .pvrtc1_2bpp).write(to: url, as: .pvr3)
        let loader = TextureLoader(glThread: glThread)
        var delivered: [LoadedTexture<Int>] = []
        for try await texture in loader.loadProgressively(url, previewMaxDimension: 8) {
            delivered.append(texture)
        }
        XCTAssertEqual(delivered.map(\.isPreview), [true, false])
        XCTAssertEqual(delivered.map(\.width), [8, 32])
        XCTAssertEqual(delivered.map(\.levels), [2..<6, 0..<6])
        XCTAssertEqual(delivered.map(\.faceCount), [6, 6])
        let report = try await glThread.perform { $0.report }
        XCTAssertEqual(report.uploads.map(\.faceCount), [6, 6])
        XCTAssertEqual(report.uploads.map(\.levels), [2..<6, 0..<6])
    }

    func testUncompressedFilesLoadWithTheirStoredPixelSizes() async throws {
        let loader = TextureLoader(glThread: glThread)
        // File, bytes per pixel as glTexImage2D takes it (BGRA8888 is converted to RGBA8), levels.
        let cases: [(String, Int, Int)] = [
            ("test_image_rgba8888.pvr", 4, 1), ("test_image_rgb888_v3.pvr", 3, 8),
            ("test_image_rgba4444.pvr.ccz", 2, 1), ("test_image_rgba4444.pvr.gz", 2, 1),
            ("test_image_rgb565_v3.pvr", 2, 8), ("test_image_a8.pvr", 1, 1), ("test_image_ai88.pvr", 2, 1),
            ("test_image_bgra8888_v3.pvr", 4, 1),
        ]
        // libktx's 16x16 RGBA4444 cube map, five levels of six faces.
        let cube = try await loader.load(
            cocos2d.deletingLastPathComponent().appendingPathComponent("libktx-cube/cube_rgba4444.ktx"))
        XCTAssertEqual(cube.faceCount, 6)
        XCTAssertEqual(cube.gpuBytes, 6 * (0..<5).reduce(0) { $0 + (16 >> $1) * (16 >> $1) * 2 })
        var total = cube.gpuBytes
        for (name, bytesPerPixel, levelCount) in cases {
            let texture = try await loader.load(cocos2d.appendingPathComponent(name))
            let expected = (0..<levelCount).reduce(0) { $0 + (128 >> $1) * (128 >> $1) * bytesPerPixel }
            XCTAssertEqual(texture.gpuBytes, expected, name)
            XCTAssertEqual(texture.levels, 0..<levelCount, name)
            XCTAssertEqual(texture.faceCount, 1, name)
            total += expected
        }
        let cost = await loader.totalCost
        XCTAssertEqual(cost, total)
    }

    func testCompressedFormatsOtherThanPVRTC1AreTypedErrorsNamingTheFileOnce() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pvrc-etc1-\(UUID().uuidString).pvr")
        try Data(OtherFormatTextures.etc1PVRv3()).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let loader = TextureLoader(glThread: glThread)
        do {
            _ = try await loader.load(url)
            XCTFail("an ETC1 file loaded")
        } catch let error as TextureLoaderError {
            let path = TextureKey.canonicalPath(of: url)
            guard case .unsupportedFormat(path, .unsupportedPixelFormat(path, let format)) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(format.hasPrefix("ETC1"), format)
            XCTAssertEqual(error.description.components(separatedBy: path).count - 1, 1, error.description)
        }
        let uploads = await loader.uploadCount
        XCTAssertEqual(uploads, 0)
    }
}
