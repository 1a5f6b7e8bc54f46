import Imaging
import PVRTC
import PVRTCGL
import XCTest

/// Read-back goes through bands of rows and still returns exactly what was drawn; renders over the
/// pixel limit are refused before anything is uploaded.
final class ReadBackTests: XCTestCase {
    func testMultiBandReadBackMatchesTheCPUDecoder() throws {
        let context = try SharedContext.get()
        // 2048x1024 RGBA is 8 MiB: two bands of GLContext.readBackBandBytes.
        XCTAssertGreaterThan(2048 * 1024 * 4, GLContext.readBackBandBytes)
        let texture = try RandomBlocks.texture(width: 2048, height: 1024, kind: .mixed, levels: 1, seed: 77)
        let image = try context.render(texture, level: 0, mode: .direct)
        XCTAssertEqual(image, PVRTCDecoder.decode(texture.levels[0], threads: 2))
    }

    func testRenderOverThePixelLimitIsRefused() throws {
        let context = try SharedContext.get()
        let texture = try RandomBlocks.texture(width: 64, height: 64, kind: .mixed, levels: 1, seed: 1)
        let limit = PixelLimit(maximumPixels: 64 * 64 - 1)
        XCTAssertThrowsError(try context.render(texture, mode: .decodeOnce, pixelLimit: limit)) { error in
            XCTAssertEqual(
                error as? PixelLimitError, PixelLimitError(width: 64, height: 64, limit: limit, what: "texture"))
        }
        XCTAssertThrowsError(try context.render(texture, mode: .decodeOnce, width: 100_000, height: 100_000)) { error in
            XCTAssertEqual(
                error as? PixelLimitError,
                PixelLimitError(width: 100_000, height: 100_000, limit: .standard, what: "render output"))
        }
    }
}
