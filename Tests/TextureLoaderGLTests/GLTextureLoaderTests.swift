import CGLES2
import Foundation
import PVRCTestSupport
import PVRTC
import PVRTCGL
import TextureFormats
import TextureLoader
import TextureLoaderGL
import XCTest

/// The loader on a real headless GL context (Mesa llvmpipe in CI): GL objects are checked with
/// `glIsTexture` on the GL thread. `GLContext` traps in debug builds on any GL call off its thread, so
/// these tests also prove that every upload and delete ran on the GL thread.
final class GLTextureLoaderTests: XCTestCase {
    private var fixtures: TextureFixtures!
    private var glThread: ResourceThread<GLTextureUploader>!

    override func setUpWithError() throws {
        fixtures = try TextureFixtures(seed: 0x61)
        glThread = ResourceThread { try GLTextureUploader(mode: .decodeOnce) }
    }

    override func tearDown() async throws {
        await glThread.shutdown()
        fixtures = nil
    }

    /// The GL texture names behind a handle.
    private static func names(_ texture: GPUTexture) -> [GLuint] {
        switch texture.storage {
        case .texture(let name): return [name]
        case .dataTextures(let levels): return levels.flatMap { [$0.colorWords, $0.modulationWords] }
        }
    }

    /// Whether each texture's GL objects exist, asked on the GL thread.
    private func exist(_ textures: [GPUTexture]) async throws -> [Bool] {
        try await glThread.perform { _ in
            textures.map { texture in Self.names(texture).allSatisfy { glIsTexture($0) == GLboolean(GL_TRUE) } }
        }
    }

    func testEvictionDeletesGLTexturesAndKeepsCostWithinLimit() async throws {
        let urls = try (0..<30).map { try fixtures.write("t\($0).pvr", size: 16 << ($0 % 3)) }
        let limit = 60_000
        let loader = TextureLoader(
            glThread: glThread,
            configuration: TextureLoaderConfiguration(totalCostLimit: limit, countLimit: 20))
        var seen: [GPUTexture] = []
        try await withThrowingTaskGroup(of: (GPUTexture, Int).self) { group in
            var next = 0
            func add() {
                let url = urls[(next * 11) % urls.count]
                next += 1
                group.addTask {
                    let texture = try await loader.load(url)
                    return (texture.handle, await loader.totalCost)
                }
            }
            for _ in 0..<8 { add() }
            while let (handle, cost) = try await group.next() {
                XCTAssertLessThanOrEqual(cost, limit)
                seen.append(handle)
                if next < 200 { add() }
            }
        }
        XCTAssertEqual(seen.count, 200)
        let distinct = Array(Set(seen))
        let cachedKeys = urls.map { TextureKey(url: $0) }
        let cached = try await loader.withTextures(cachedKeys) { _, textures in Set(textures.compactMap { $0?.handle })
        }
        // A driver may reuse a deleted name for a later texture; such an old handle cannot be judged.
        let cachedNames = Set(cached.flatMap(Self.names))
        let judged = distinct.filter { cached.contains($0) || Set(Self.names($0)).isDisjoint(with: cachedNames) }
        XCTAssertGreaterThan(judged.count, cached.count)
        let alive = try await exist(judged)
        for (texture, isAlive) in zip(judged, alive) {
            XCTAssertEqual(isAlive, cached.contains(texture), "a texture is alive exactly while it is cached")
        }
        let statistics = await loader.statistics
        XCTAssertGreaterThan(statistics.evictions, 0)
        XCTAssertLessThanOrEqual(statistics.peakCost, limit)
        XCTAssertEqual(statistics.hits + statistics.misses, 200)
    }

    func testRewrittenFileReplacesAndDeletesTheOldTexture() async throws {
        let url = try fixtures.write("a.pvr", size: 32)
        let loader = TextureLoader(glThread: glThread)
        let first = try await loader.load(url)
        try TextureFile(container: .ktx, texture: fixtures.randomTexture(size: 64)).write(to: url)
        let second = try await loader.load(url)
        XCTAssertEqual(first.width, 32)
        XCTAssertEqual(second.width, 64)
        let newAlive = try await exist([second.handle])
        XCTAssertEqual(newAlive, [true])
        // The old texture is deleted before the new one is uploaded, so a driver may hand the new texture a
        // freed name of the old one (NVIDIA's does). Two live textures never share a name: a shared one proves
        // the old texture gone, and every other name of it must be free.
        let newNames = Set(Self.names(second.handle))
        let oldNames = Self.names(first.handle).filter { !newNames.contains($0) }
        let oldAlive = try await glThread.perform { _ in oldNames.filter { glIsTexture($0) == GLboolean(GL_TRUE) } }
        XCTAssertEqual(oldAlive, [], "the replaced texture's GL names still exist")
        let cost = await loader.totalCost
        XCTAssertEqual(
            cost, PVRTCUploadMode.decodeOnce.gpuBytes(for: try fixtures.randomTexture(size: 64), transcodingInto: nil))
    }

    func testCancelledLoadCreatesNoGLTexture() async throws {
        let url = try fixtures.write("slow.pvr", size: 64)
        let gate = Gate()
        let loader = TextureLoader(
            glThread: glThread,
            read: { url in
                gate.pass()
                return try TextureContent.read(from: url)
            })
        let request = Task { try await loader.load(url) }
        let arrived1 = await gate.waitForArrivals(1)
        XCTAssertTrue(arrived1)
        request.cancel()
        gate.open()
        let result = await request.result
        XCTAssertThrowsError(try result.get())
        try await Task.sleep(for: .milliseconds(200))
        let uploads = await loader.uploadCount
        XCTAssertEqual(uploads, 0)
        // No texture object was created: the next name GL hands out is still the first one.
        let firstName = try await glThread.perform { _ -> GLuint in
            var name: GLuint = 0
            glGenTextures(1, &name)
            glDeleteTextures(1, &name)
            return name
        }
        XCTAssertEqual(firstName, 1)
    }

    func testProgressiveLoadSwapsPreviewForFullOnTheGLThread() async throws {
        let url = try fixtures.write("big.pvr", size: 128)
        let loader = TextureLoader(glThread: glThread)
        var delivered: [LoadedTexture<GPUTexture>] = []
        for try await texture in loader.loadProgressively(url, previewMaxDimension: 16) {
            delivered.append(texture)
        }
        XCTAssertEqual(delivered.map(\.width), [16, 128])
        XCTAssertEqual(delivered.map(\.handle.width), [16, 128])
        let alive = try await exist(delivered.map(\.handle))
        XCTAssertEqual(alive, [false, true], "the swap deletes the preview")
        let shown = try await loader.withTextures([TextureKey(url: url)]) { _, textures in textures[0]?.handle }
        XCTAssertEqual(shown, delivered[1].handle)
    }

    func testGLCallsOffTheGLThreadAreRefused() async throws {
        XCTAssertThrowsError(try glThread.withResource { $0.context.finish() }) { error in
            XCTAssertEqual(
                error as? TextureLoaderError, .offGLThread(operation: "testGLCallsOffTheGLThreadAreRefused()"))
        }
        let recorded = try await glThread.perform { [glThread] _ in glThread!.isCurrent }
        XCTAssertTrue(recorded)
    }
}
