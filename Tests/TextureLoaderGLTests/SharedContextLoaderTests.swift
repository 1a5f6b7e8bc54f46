import Foundation
import PVRCTestSupport
import PVRTC
import PVRTCGL
import TextureFormats
import TextureLoader
import TextureLoaderGL
import XCTest

/// The loader uploading into a game's context through a context shared with it: the game's context
/// lives on its own render thread, the loader's uploader on the loader's GL thread with a shared
/// context; the game draws the loaded handles into its window (a pbuffer) and reads them back.
final class SharedContextLoaderTests: XCTestCase {
    /// The game's render thread resource: its EGL context and pbuffer, adopted by pvrc.
    final class GameScene {
        let game: GameEGLContext
        private(set) var context: GLContext?

        init() throws {
            game = try GameEGLContext(width: 32, height: 32)
            context = try GLContext(adopting: .current)
        }

        deinit {
            context = nil
            game.destroy()
        }

        /// Draws `texture` over the whole window and reads the window back (top row first).
        func drawAndRead(_ texture: GPUTexture) throws -> [UInt8] {
            guard let context else { return [] }
            game.clear(game.defaultFramebuffer, to: [0, 0, 0, 0])
            try context.draw(texture, to: game.defaultFramebuffer, blend: .replace)
            return game.read(game.defaultFramebuffer)
        }
    }

    func testTexturesLoadedOnASharedContextDrawInTheGamesContext() async throws {
        let fixtures = try TextureFixtures(seed: 0x2121)
        let url = try fixtures.write("shared.pvr", size: 32)
        let expected = try PVRTCDecoder.decode(TextureFile.read(from: url).texture.levels[0], threads: 1).pixels
        let render = ResourceThread(name: "game render") { try GameScene() }
        let group = try await render.perform { scene in try XCTUnwrap(scene.context).shareGroup() }
        for mode in [PVRTCUploadMode.decodeOnce, .direct] {
            let loaderThread = ResourceThread(name: "pvrc loader") {
                try GLTextureUploader(mode: mode, sharingWith: group)
            }
            let loader = TextureLoader(glThread: loaderThread)
            let texture = try await loader.load(url)
            let finishes = try await loaderThread.perform { $0.finishesUploads }
            XCTAssertTrue(finishes)
            let handle = texture.handle
            let drawn = try await render.perform { scene in try scene.drawAndRead(handle) }
            let differing = zip(drawn, expected).filter { $0 != $1 }.count + abs(drawn.count - expected.count)
            XCTAssertEqual(differing, 0, "\(mode): bytes the game's context draws differently from the CPU decoder")
            await loader.shutdown()
        }
        await render.shutdown()
    }

    func testTheGamesFramesGoOnWhileTheLoadersThreadIsBusy() async throws {
        let fixtures = try TextureFixtures(seed: 0x2122)
        let url = try fixtures.write("late.pvr", size: 32)
        let early = try fixtures.randomTexture(size: 32, mipmaps: false)
        let render = ResourceThread(name: "game render") { try GameScene() }
        let group = try await render.perform { scene in try XCTUnwrap(scene.context).shareGroup() }
        let loaderThread = ResourceThread(name: "pvrc loader") {
            try GLTextureUploader(mode: .decodeOnce, sharingWith: group)
        }
        let loader = TextureLoader(glThread: loaderThread)
        // The loader's thread is held, as by a long upload; the load of `url` queues behind it.
        let gate = Gate()
        loaderThread.enqueue { _ in gate.pass() }
        let arrived = await gate.waitForArrivals(1)
        XCTAssertTrue(arrived)
        let pending = Task { try await loader.load(url) }
        // Meanwhile the game uploads and draws frames in its own context on its own thread.
        let handle = try await render.perform { scene in try XCTUnwrap(scene.context).upload(early, mode: .direct) }
        for _ in 0..<10 {
            let frame = try await render.perform { scene in try scene.drawAndRead(handle) }
            XCTAssertEqual(frame, PVRTCDecoder.decode(early.levels[0], threads: 1).pixels)
        }
        XCTAssertEqual(gate.arrived, 1)
        gate.open()
        let late = try await pending.value.handle
        let drawn = try await render.perform { scene in try scene.drawAndRead(late) }
        let expected = try PVRTCDecoder.decode(TextureFile.read(from: url).texture.levels[0], threads: 1).pixels
        XCTAssertTrue(drawn == expected, "the late texture draws as the CPU decodes it")
        await loader.shutdown()
        try await render.perform { scene in scene.context?.delete(handle) }
        await render.shutdown()
    }

    func testAContextSharingWithTheGamesSeesItsTextures() throws {
        let game = try GameEGLContext(width: 4, height: 4)
        defer { game.destroy() }
        let context = try GLContext(adopting: .egl(game.handles))
        let group = try context.shareGroup()
        XCTAssertEqual(group.handles.context, game.context)
        // A context sharing with the game's, made on this thread, sees the game's texture names.
        let source = try TextureFixtures(seed: 3).randomTexture(size: 8, mipmaps: false)
        let texture = try context.upload(source, mode: .decodeOnce)
        context.finish()
        let shared = try GLContext(sharingWith: group)
        XCTAssertFalse(shared.isAdopted)
        let target = try shared.makeRenderTarget(width: 8, height: 8)
        try shared.draw(texture, into: target)
        XCTAssertEqual(try shared.readPixels(target), PVRTCDecoder.decode(source.levels[0], threads: 1))
        shared.delete(target)
        context.delete(texture)
    }
}
