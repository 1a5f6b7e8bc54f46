import Foundation
import PVRCTestSupport
import TextureManifest
import TexturePipeline
import XCTest

final class CacheTests: XCTestCase {
    func testShardsFillADirectoryCacheAndAnAssembleRunEncodesNothing() async throws {
        let images = Dictionary(uniqueKeysWithValues: (0..<8).map { ("set\($0 % 3)/t\($0).png", 16) })
        let fixture = try BuildFixture(images: images)
        let cache = DirectoryTextureCache(folder: fixture.directory.url.appendingPathComponent("cache"))
        var encodedByShards = 0
        for index in 1...2 {
            let shard = try Shard(index: index, count: 2)
            let summary = try await fixture.build(
                fixture.configuration(output: "shard\(index)", cache: cache, shard: shard))
            XCTAssertEqual(summary.built + summary.otherShards, 8)
            encodedByShards += summary.built
        }
        XCTAssertEqual(encodedByShards, 8)
        let assembled = try await fixture.build(fixture.configuration(output: "assembled", cache: cache))
        XCTAssertEqual(assembled.built, 0)
        XCTAssertEqual(assembled.cached, 8)
        _ = try await fixture.build(fixture.configuration(output: "local"))
        XCTAssertEqual(try fixture.outputs("assembled"), try fixture.outputs("local"))
    }

    func testTwoConcurrentBuildsIntoOneCacheFolder() async throws {
        let images = Dictionary(uniqueKeysWithValues: (0..<6).map { ("t\($0).png", 32) })
        let fixture = try BuildFixture(images: images)
        let cacheFolder = fixture.directory.url.appendingPathComponent("cache")
        let first = fixture.configuration(output: "first", cache: DirectoryTextureCache(folder: cacheFolder))
        let second = fixture.configuration(output: "second", cache: DirectoryTextureCache(folder: cacheFolder))
        async let a = TextureBuild.run(try BuildPlan.make(first), configuration: first)
        async let b = TextureBuild.run(try BuildPlan.make(second), configuration: second)
        let (summaryA, summaryB) = try await (a, b)
        XCTAssertEqual((summaryA.failures + summaryB.failures).compactMap(\.failureMessage), [])
        XCTAssertEqual(summaryA.built + summaryA.cached, 6)
        XCTAssertEqual(summaryB.built + summaryB.cached, 6)
        XCTAssertEqual(try fixture.outputs("first"), try fixture.outputs("second"))
        for kind in ["cas", "ac"] {
            let entries = try FileManager.default.contentsOfDirectory(
                atPath: cacheFolder.appendingPathComponent(kind).path)
            XCTAssertEqual(
                entries.count, 6, "one complete \(kind) entry per texture and no temporary files left: \(entries)")
        }
        let third = try await fixture.build(
            fixture.configuration(output: "third", cache: DirectoryTextureCache(folder: cacheFolder)))
        XCTAssertEqual(third.cached, 6)
    }

    func testADamagedEntryOrABrokenCacheFallsBackToEncoding() async throws {
        let fixture = try BuildFixture(images: ["a.png": 16])
        let cacheFolder = fixture.directory.url.appendingPathComponent("cache")
        _ = try await fixture.build(
            fixture.configuration(output: "fill", cache: DirectoryTextureCache(folder: cacheFolder)))
        // Texture files whose bytes no longer match their pointers.
        let cas = cacheFolder.appendingPathComponent("cas")
        for entry in try FileManager.default.contentsOfDirectory(atPath: cas.path) {
            try Data("garbage".utf8).write(to: cas.appendingPathComponent(entry))
        }
        let damaged = try await fixture.build(
            fixture.configuration(output: "damaged", cache: DirectoryTextureCache(folder: cacheFolder)))
        XCTAssertEqual(damaged.built, 1)
        XCTAssertTrue(
            damaged.results[0].warnings.first?.contains("does not match its SHA-256") ?? false,
            "\(damaged.results[0].warnings)")
        XCTAssertEqual(try fixture.outputs("damaged")["a.pvr"], try fixture.reference("a.png"))

        // A consistent entry that is not a texture file.
        let cache = DirectoryTextureCache(folder: fixture.directory.url.appendingPathComponent("other"))
        let input = try Data(contentsOf: fixture.source.appendingPathComponent("a.png"))
        let key = try fixture.configuration().settings.cacheKey(input: ContentDigest(of: [UInt8](input)))
        try await cache.store(Array("not a texture".utf8), for: key)
        let foreign = try await fixture.build(fixture.configuration(output: "foreign", cache: cache))
        XCTAssertEqual(foreign.built, 1)
        XCTAssertTrue(
            foreign.results[0].warnings.first?.contains("is not a valid texture file") ?? false,
            "\(foreign.results[0].warnings)")
        XCTAssertEqual(try fixture.outputs("foreign")["a.pvr"], try fixture.reference("a.png"))

        // A cache that is a file, not a folder: every store fails; the build still succeeds.
        let blocked = fixture.directory.url.appendingPathComponent("blocked")
        try Data().write(to: blocked)
        let unusable = try await fixture.build(
            fixture.configuration(output: "unusable", cache: DirectoryTextureCache(folder: blocked)))
        XCTAssertEqual(unusable.built, 1)
        XCTAssertTrue(unusable.failures.isEmpty)
        XCTAssertFalse(unusable.results[0].warnings.isEmpty)

        // An HTTP cache nobody listens on.
        let closed = try BuildCacheLocation.open("http://127.0.0.1:9/prefix")
        let offline = try await fixture.build(fixture.configuration(output: "offline", cache: closed))
        XCTAssertEqual(offline.built, 1)
        XCTAssertTrue(offline.failures.isEmpty)
        XCTAssertEqual(offline.results[0].warnings.count, 2, "\(offline.results[0].warnings)")
    }

    func testPointerRoundTripAndCheck() {
        let file = Array("texture bytes".utf8)
        let pointer = CachePointer(to: file)
        XCTAssertEqual(String(decoding: pointer.bytes, as: UTF8.self), "\(ContentDigest(of: file).hex) 13\n")
        XCTAssertEqual(CachePointer(parsing: pointer.bytes), pointer)
        XCTAssertTrue(pointer.matches(file))
        XCTAssertFalse(pointer.matches(Array("texture bytez".utf8)))
        XCTAssertFalse(pointer.matches(Array("texture bytes!".utf8)))
        XCTAssertNil(CachePointer(parsing: Array("xyz 12".utf8)))
        XCTAssertNil(CachePointer(parsing: Array("\(ContentDigest(of: file).hex)".utf8)))
    }
}
