import Imaging
import PVRTC
import PVRTCGL
import XCTest

/// The headless context itself: it opens, reports what it is, and keeps its invariants.
final class GLContextTests: XCTestCase {
    func testContextReportsRendererAndVersion() throws {
        let context = try SharedContext.get()
        print(
            "GL_RENDERER: \(context.renderer); GL_VERSION: \(context.version); display: \(context.displayDescription)")
        XCTAssertFalse(context.renderer.isEmpty)
        XCTAssertTrue(context.version.hasPrefix("OpenGL ES"), context.version)
        XCTAssertGreaterThanOrEqual(context.maxTextureSize, 2048)
        XCTAssertEqual(context.supportsNativePVRTC, context.extensions.contains("GL_IMG_texture_compression_pvrtc"))
    }

    func testNativeUploadWithoutExtensionThrowsUnsupported() throws {
        let context = try SharedContext.get()
        try XCTSkipIf(context.supportsNativePVRTC, "this GPU samples PVRTC natively")
        let texture = try RandomBlocks.texture(width: 8, height: 8, kind: .opaque, levels: 1, seed: 1)
        XCTAssertThrowsError(try context.upload(texture, mode: .native)) { error in
            guard case GLError.unsupported = error else { return XCTFail("unexpected \(error)") }
        }
    }

    func testRGBAUploadDrawsTopRowAtTopAndPlacesRect() throws {
        let context = try SharedContext.get()
        var image = RGBAImage(width: 4, height: 2, fill: (0, 0, 255, 255))
        for x in 0..<4 { image[x, 0] = (UInt8(10 * x), 200, 0, 255) }
        let texture = try context.upload(image)
        defer { context.delete(texture) }
        XCTAssertEqual(texture.gpuBytes, 32)
        let target = try context.makeRenderTarget(width: 8, height: 6)
        defer { context.delete(target) }
        try context.draw(
            texture, into: target, at: PixelRect(x: 2, y: 3, width: 4, height: 2),
            clearColor: ClearColor(red: 1, green: 0, blue: 0, alpha: 1))
        let out = try context.readPixels(target)
        XCTAssertTrue(out[0, 0] == (255, 0, 0, 255))
        XCTAssertTrue(out[7, 5] == (255, 0, 0, 255))
        for x in 0..<4 {
            XCTAssertTrue(out[2 + x, 3] == image[x, 0], "top row of the image lands on row 3")
            XCTAssertTrue(out[2 + x, 4] == image[x, 1])
        }
        XCTAssertTrue(out[1, 3] == (255, 0, 0, 255))
        XCTAssertTrue(out[6, 3] == (255, 0, 0, 255))
    }

    func testGPUBytesPerMode() throws {
        let context = try SharedContext.get()
        let texture = try RandomBlocks.texture(width: 64, height: 32, kind: .mixed, seed: 2)
        let compressed = texture.levels.reduce(0) { $0 + $1.data.count }
        let direct = try context.upload(texture, mode: .direct)
        defer { context.delete(direct) }
        XCTAssertEqual(direct.gpuBytes, compressed)
        let once = try context.upload(texture, mode: .decodeOnce)
        defer { context.delete(once) }
        XCTAssertEqual(once.gpuBytes, texture.levels.reduce(0) { $0 + $1.width * $1.height * 4 })
        XCTAssertEqual(once.levelCount, texture.levels.count)
        let single = try RandomBlocks.texture(width: 16, height: 4, kind: .mixed, levels: 1, seed: 3)
        XCTAssertEqual(PVRTCUploadMode.decodeOnce.gpuBytes(for: single, transcodingInto: nil), 16 * 4 * 4)
        XCTAssertEqual(
            PVRTCUploadMode.direct.gpuBytes(for: single, transcodingInto: nil), 4 * 2 * 8, "4x1 blocks padded to 4x2")
        XCTAssertEqual(PVRTCUploadMode.native.gpuBytes(for: single, transcodingInto: nil), 64)
    }
}

/// Two contexts on one thread: each call runs in its own context, whichever was used last.
final class TwoContextsTests: XCTestCase {
    func testInterleavedContextsOnOneThreadKeepTheirOwnObjects() throws {
        let shared = try SharedContext.get()
        let texture = try RandomBlocks.texture(width: 32, height: 32, kind: .mixed, levels: 1, seed: 32)
        let uploaded = try shared.upload(texture, mode: .direct)
        defer { shared.delete(uploaded) }
        do {
            let other = try GLContext()
            let image = RGBAImage(width: 4, height: 4, fill: (1, 2, 3, 4))
            let otherTexture = try other.upload(image)
            let otherTarget = try other.makeRenderTarget(width: 4, height: 4)
            try other.draw(otherTexture, into: otherTarget)
            let target = try shared.makeRenderTarget(width: 32, height: 32)
            defer { shared.delete(target) }
            try shared.draw(uploaded, into: target)
            XCTAssertEqual(
                RenderCheck.differingBytes(try shared.readPixels(target), PVRTCDecoder.decode(texture.levels[0])), 0)
            XCTAssertEqual(try other.readPixels(otherTarget), image)
            other.delete(otherTarget)
            other.delete(otherTexture)
        }
        let target = try shared.makeRenderTarget(width: 32, height: 32)
        defer { shared.delete(target) }
        try shared.draw(uploaded, into: target)
        XCTAssertEqual(
            RenderCheck.differingBytes(try shared.readPixels(target), PVRTCDecoder.decode(texture.levels[0])), 0,
            "the shared context still works after the other one is gone")
    }
}
