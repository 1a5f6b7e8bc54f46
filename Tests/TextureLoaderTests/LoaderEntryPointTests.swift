import Foundation
import PVRCTestSupport
import PVRTC
import TextureFormats
import TextureLoader
import XCTest

/// Loading from bytes in memory and from a bundle's resources, and waiting for prefetches.
final class LoaderEntryPointTests: RecordingLoaderTestCase {
    func testLoadFromDataInEveryContainerMatchesTheFileAndIsCachedByName() async throws {
        let loader = TextureLoader(glThread: glThread)
        let texture = try fixtures.randomTexture(size: 32)
        for container in [TextureContainer.pvr2, .pvr3, .ktx, .ktx2Zstd, .pvrCCZ] {
            let bytes = Data(TextureFile(container: container, texture: texture).serialized())
            let loaded = try await loader.load(bytes, named: "hero-\(container.rawValue)")
            XCTAssertEqual(loaded.key, TextureKey(name: "hero-\(container.rawValue)"))
            XCTAssertEqual(loaded.key.path, "memory:hero-\(container.rawValue)")
            XCTAssertEqual([loaded.width, loaded.height], [32, 32])
            XCTAssertEqual(loaded.levels, 0..<texture.levels.count)
        }
        var recorded = try await report()
        XCTAssertEqual(recorded.uploads.count, 5)
        XCTAssertEqual(
            recorded.liveBytes, 5 * texture.levels.reduce(0) { $0 + $1.data.count }, "every level uploaded")

        // The same bytes under the same name: a cache hit; concurrent requests share one load.
        let bytes = Data(TextureFile(container: .pvr2, texture: texture).serialized())
        let handles = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 { group.addTask { try await loader.load(bytes, named: "hero-pvr2").handle } }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        XCTAssertEqual(handles.count, 1)
        let uploadCount = try await report().uploads.count
        XCTAssertEqual(uploadCount, 5)
        let hits = await loader.statistics.hits
        XCTAssertEqual(hits, 4)

        // Other bytes under that name replace the cached texture, like a changed file.
        let other = Data(TextureFile(container: .pvr2, texture: try fixtures.randomTexture(size: 16)).serialized())
        let replaced = try await loader.load(other, named: "hero-pvr2")
        XCTAssertEqual(replaced.width, 16)
        recorded = try await report()
        XCTAssertEqual(recorded.uploads.count, 6)
        XCTAssertTrue(recorded.deleted.contains(handles.first ?? -1), "the old texture was deleted")
        let invalidations = await loader.statistics.invalidations
        XCTAssertEqual(invalidations, 1)

        // A file and bytes never share an entry; `remove(named:)` drops the bytes' entry.
        await loader.remove(named: "hero-pvr2")
        let left = try await loader.withTextures([TextureKey(name: "hero-pvr2"), TextureKey(name: "hero-ktx")]) {
            _, textures in textures.map { $0 != nil }
        }
        XCTAssertEqual(left, [false, true])
    }

    func testBadBytesAreTypedErrorsNamingTheKeyOnce() async throws {
        let loader = TextureLoader(glThread: glThread)
        do {
            _ = try await loader.load(Data("not a texture at all, not even close".utf8), named: "junk")
            XCTFail("junk loaded")
        } catch TextureLoaderError.notATexture(let file, _) {
            XCTAssertEqual(file, "memory:junk")
        }
        let texture = try fixtures.randomTexture(size: 32)
        let truncated = Data(TextureFile(container: .pvr3, texture: texture).serialized().dropLast(5))
        do {
            _ = try await loader.load(truncated, named: "short")
            XCTFail("truncated bytes loaded")
        } catch let error as TextureLoaderError {
            guard case .notATexture = error else { return XCTFail("\(error)") }
            XCTAssertEqual(error.description.components(separatedBy: "memory:short").count, 2, error.description)
        }
        let uploadCount = try await report().uploads.count
        XCTAssertEqual(uploadCount, 0)
    }

    func testLoadFromABundleResource() async throws {
        let folder = fixtures.directory.appendingPathComponent("Game.resources", isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("ui"), withIntermediateDirectories: true)
        let texture = try fixtures.randomTexture(size: 16)
        try TextureFile(container: .pvr2, texture: texture).write(to: folder.appendingPathComponent("hero.pvr"))
        try TextureFile(container: .ktx, texture: texture).write(to: folder.appendingPathComponent("ui/button.ktx"))
        let bundle = try XCTUnwrap(Bundle(url: folder))
        let loader = TextureLoader(glThread: glThread)

        let hero = try await loader.load(resource: "hero", withExtension: "pvr", in: bundle)
        XCTAssertEqual(hero.key, TextureKey(url: folder.appendingPathComponent("hero.pvr")))
        let button = try await loader.load(resource: "button.ktx", subdirectory: "ui", in: bundle)
        XCTAssertEqual(button.width, 16)
        let again = try await loader.load(folder.appendingPathComponent("hero.pvr"))
        XCTAssertEqual(again.handle, hero.handle, "a resource and its file share the cache entry")
        do {
            _ = try await loader.load(resource: "villain", withExtension: "pvr", in: bundle)
            XCTFail("a missing resource loaded")
        } catch TextureLoaderError.fileNotFound(let file) {
            XCTAssertEqual(file, folder.appendingPathComponent("villain.pvr").standardizedFileURL.path)
        }
    }

    /// A SwiftPM resource of this test target through `Bundle.module`, as a game loads the plugin's
    /// textures.
    func testLoadFromBundleModule() async throws {
        let loader = TextureLoader(glThread: glThread)
        let texture = try await loader.load(
            resource: "snowy-tree-16", withExtension: "pvr", subdirectory: "Resources", in: .module)
        XCTAssertEqual([texture.width, texture.height], [16, 16])
        XCTAssertEqual(texture.levels, 0..<5)
        let url = try XCTUnwrap(
            Bundle.module.url(forResource: "snowy-tree-16", withExtension: "pvr", subdirectory: "Resources"))
        XCTAssertEqual(texture.key, TextureKey(url: url))
    }

    func testPrefetchAndWaitReturnsEachResultOnceAllAreDone() async throws {
        let good = try (0..<3).map { try fixtures.write("p\($0).pvr", size: 16) }
        let missing = fixtures.directory.appendingPathComponent("missing.pvr")
        let corrupt = fixtures.directory.appendingPathComponent("corrupt.pvr")
        try Data("PVR garbage".utf8).write(to: corrupt)
        let loader = TextureLoader(
            glThread: glThread, configuration: TextureLoaderConfiguration(maxConcurrentPrefetches: 2))
        let results = await loader.prefetchAndWait(good + [missing, corrupt, good[0]])
        XCTAssertEqual(Set(results.keys), Set(good + [missing, corrupt]))
        for url in good {
            guard case .success(let texture) = results[url] else {
                return XCTFail("\(url): \(String(describing: results[url]))")
            }
            XCTAssertEqual(texture.key, TextureKey(url: url))
        }
        XCTAssertEqual(results[missing].flatMap { try? $0.get() }?.handle, nil)
        guard case .failure(.fileNotFound) = results[missing], case .failure(.notATexture) = results[corrupt] else {
            return XCTFail("\(String(describing: results[missing])) \(String(describing: results[corrupt]))")
        }
        // Everything is in the cache when it returns.
        let cached = try await loader.withTextures(good.map { TextureKey(url: $0) }) { _, textures in
            textures.allSatisfy { $0 != nil }
        }
        XCTAssertTrue(cached)
        let uploadCount = try await report().uploads.count
        XCTAssertEqual(uploadCount, 3)
    }

    func testCancelPrefetchAnswersTheWaitWithCancelled() async throws {
        let urls = try (0..<4).map { try fixtures.write("c\($0).pvr", size: 16) }
        let gate = Gate()
        let loader = gatedLoader(gate, configuration: TextureLoaderConfiguration(maxConcurrentPrefetches: 1))
        let waiting = Task { await loader.prefetchAndWait(urls) }
        let arrived = await gate.waitForArrivals(1)
        XCTAssertTrue(arrived)
        await loader.cancelPrefetch()
        gate.open()
        let results = await waiting.value
        XCTAssertEqual(results.count, 4)
        for url in urls {
            guard case .failure(.cancelled) = results[url] else {
                return XCTFail("\(url): \(String(describing: results[url]))")
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        let uploadCount = try await report().uploads.count
        XCTAssertEqual(uploadCount, 0)
    }

    func testCancellingTheWaitLeavesThePrefetchesRunning() async throws {
        let urls = try (0..<2).map { try fixtures.write("w\($0).pvr", size: 16) }
        let gate = Gate(holding: 2)
        let loader = gatedLoader(gate)
        let waiting = Task { await loader.prefetchAndWait(urls) }
        let arrived = await gate.waitForArrivals(2)
        XCTAssertTrue(arrived)
        waiting.cancel()
        let results = await waiting.value
        for url in urls {
            guard case .failure(.cancelled) = results[url] else {
                return XCTFail("\(url): \(String(describing: results[url]))")
            }
        }
        gate.open()
        for _ in 0..<500 where await loader.isPrefetching { try await Task.sleep(for: .milliseconds(10)) }
        let uploadCount = try await report().uploads.count
        XCTAssertEqual(uploadCount, 2)
    }
}
