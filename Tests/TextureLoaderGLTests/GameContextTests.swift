import CEGL
import Imaging
import PVRCTestSupport
import PVRTC
import PVRTCGL
import XCTest

/// pvrc inside a game's own context: a context made with EGL as a game would make it (an ES 2.0
/// context and a pbuffer for its window), adopted by `GLContext`, which draws into the game's default
/// framebuffer and into a game framebuffer object. What lands there is read back with plain
/// `glReadPixels` and compared with the CPU decoder: exactly without blending, within one step of
/// the blend equations with blending (the GPU blends in its own precision).
final class GameContextTests: XCTestCase {
    /// The colour the game clears its framebuffers to: half-transparent blue-green, so blending shows.
    private static let background: [UInt8] = [40, 90, 160, 200]

    func testAdoptedEGLContextDrawsIntoTheGamesFramebuffersWithEachBlendMode() throws {
        let game = try GameEGLContext(width: 61, height: 47)
        defer { game.destroy() }
        let fixtures = try TextureFixtures(seed: 0x21)
        // Random blocks: many use punch-through alpha, so the texture has transparent texels.
        let texture = try fixtures.randomTexture(size: 32)
        let decoded = PVRTCDecoder.decode(texture.levels[0], threads: 1).pixels
        XCTAssertTrue(stride(from: 3, to: decoded.count, by: 4).contains { decoded[$0] < 255 })
        let fbo = try game.makeFramebufferObject(width: 50, height: 40)
        do {
            let context = try GLContext(adopting: .egl(game.handles))
            XCTAssertTrue(context.isAdopted)
            for mode in [PVRTCUploadMode.decodeOnce, .direct] {
                let uploaded = try context.upload(texture, mode: mode)
                defer { context.delete(uploaded) }
                for framebuffer in [game.defaultFramebuffer, fbo] {
                    for blend in BlendMode.allCases {
                        game.clear(framebuffer, to: Self.background)
                        let (x, y) = (framebuffer.width - 32 - 3, 5)
                        try context.draw(
                            uploaded, to: framebuffer, at: PixelRect(x: x, y: y, width: 32, height: 32), blend: blend)
                        let read = game.read(framebuffer)
                        let background = [UInt8](
                            (0..<(framebuffer.width * framebuffer.height)).flatMap { _ in Self.background })
                        let expected = ExpectedComposite.compose(
                            background: background, width: framebuffer.width, source: decoded, sourceWidth: 32,
                            sourceHeight: 32, x: x, y: y, blend: blend)
                        let difference = ExpectedComposite.largestDifference(read, expected)
                        let what = "\(mode) into framebuffer \(framebuffer.name), \(blend)"
                        XCTAssertEqual(read.count, expected.count, what)
                        XCTAssertLessThanOrEqual(difference, blend == .replace ? 0 : 1, what)
                    }
                }
            }
        }
        // The game's context outlives the adopted GLContext and is still current.
        XCTAssertEqual(eglGetCurrentContext(), game.context)
        game.clear(game.defaultFramebuffer, to: [1, 2, 3, 4])
        XCTAssertEqual(Array(game.read(game.defaultFramebuffer).prefix(4)), [1, 2, 3, 4])
    }

    func testAdoptingTheCurrentContextDrawsExactlyTheCPUDecoding() throws {
        let game = try GameEGLContext(width: 16, height: 16)
        defer { game.destroy() }
        let texture = try TextureFixtures(seed: 0x22).randomTexture(size: 16, mipmaps: false)
        let context = try GLContext(adopting: .current)
        XCTAssertTrue(context.isAdopted)
        XCTAssertEqual(try context.shareGroup().handles.context, game.context)
        let uploaded = try context.upload(texture, mode: .decodeOnce)
        defer { context.delete(uploaded) }
        game.clear(game.defaultFramebuffer, to: Self.background)
        try context.draw(uploaded, to: game.defaultFramebuffer)
        let decoded = PVRTCDecoder.decode(texture.levels[0], threads: 1)
        XCTAssertEqual(game.read(game.defaultFramebuffer), decoded.pixels)
        // pvrc's own read-back of a rectangle of the game's framebuffer gives the same pixels.
        let part = try context.readPixels(game.defaultFramebuffer, rect: PixelRect(x: 4, y: 2, width: 8, height: 5))
        XCTAssertEqual(part.pixels, (2..<7).flatMap { y in decoded.pixels[(y * 16 + 4) * 4..<(y * 16 + 12) * 4] })
    }

    func testTexturesStoredBottomUpOrRightToLeftAreDrawnUpright() throws {
        let game = try GameEGLContext(width: 16, height: 8)
        defer { game.destroy() }
        let texture = try TextureFixtures(seed: 0x23).randomTexture(size: 8, mipmaps: false)
        let stored = PVRTCDecoder.decode(texture.levels[0], threads: 1)
        let context = try GLContext(adopting: .current)
        let uploaded = try context.upload(texture, mode: .direct)
        defer { context.delete(uploaded) }
        for orientation in [
            TextureOrientation(xLeft: false, yUp: true), TextureOrientation(xLeft: true, yUp: false),
            TextureOrientation(xLeft: true, yUp: true),
        ] {
            game.clear(game.defaultFramebuffer, to: Self.background)
            try context.draw(
                uploaded, to: game.defaultFramebuffer, at: PixelRect(x: 8, y: 0, width: 8, height: 8),
                orientation: orientation)
            let read = try context.readPixels(game.defaultFramebuffer, rect: PixelRect(x: 8, y: 0, width: 8, height: 8))
            XCTAssertEqual(read, orientation.upright(stored), "\(orientation)")
            XCTAssertNotEqual(read, stored, "\(orientation)")
        }
    }

    func testAdoptingWithNoCurrentContextThrows() throws {
        let game = try GameEGLContext(width: 4, height: 4)
        game.destroy()
        XCTAssertNil(eglGetCurrentContext())
        XCTAssertThrowsError(try GLContext(adopting: .current)) { error in
            XCTAssertEqual(error as? GLError, .noCurrentContext)
        }
    }
}
