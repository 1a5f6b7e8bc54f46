import Foundation
import Imaging
import PVRCTestSupport
import PVRTC
import TextureFormats
import TextureLoader
import XCTest

/// The loader refuses textures over its pixel limit after reading them and before any upload.
final class LoaderPixelLimitTests: XCTestCase {
    func testTextureOverTheLimitFailsWithoutUpload() async throws {
        let fixtures = try TextureFixtures()
        let glThread = ResourceThread { RecordingUploader() }
        let big = try fixtures.write("big.pvr", size: 64)
        let small = try fixtures.write("small.pvr", size: 32)
        let limit = PixelLimit(maximumPixels: 32 * 32)
        let loader = TextureLoader(glThread: glThread, configuration: TextureLoaderConfiguration(pixelLimit: limit))
        do {
            _ = try await loader.load(big)
            XCTFail("a 64x64 texture loaded under a 1024-pixel limit")
        } catch {
            XCTAssertEqual(
                error as? TextureLoaderError,
                .exceedsPixelLimit(
                    file: big.path, PixelLimitError(width: 64, height: 64, limit: limit, what: "texture")))
        }
        var uploads = try await glThread.perform { $0.report.uploads }
        XCTAssertEqual(uploads, [])
        let loaded = try await loader.load(small)
        XCTAssertEqual(loaded.width, 32)
        uploads = try await glThread.perform { $0.report.uploads }
        XCTAssertEqual(uploads.count, 1)
        await loader.shutdown()
    }
}
