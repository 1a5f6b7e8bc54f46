import FileIO
import Foundation
import PVRCTestSupport
import TextureLoader
import XCTest

final class TextureCacheTests: XCTestCase {
    private let stamp = FileStamp(size: 10, modified: 1)

    private func texture(_ name: String, cost: Int, handle: Int, preview: Bool = false) -> LoadedTexture<Int> {
        LoadedTexture(
            key: TextureKey(url: URL(fileURLWithPath: "/nonexistent/\(name)")), handle: handle,
            width: 8, height: 8, levels: 0..<1, gpuBytes: cost, isPreview: preview)
    }

    func testEvictsLeastRecentlyUsedWhenOverCost() {
        var cache = TextureCache<Int>(totalCostLimit: 300, countLimit: 10)
        let a = texture("a", cost: 100, handle: 1)
        let b = texture("b", cost: 100, handle: 2)
        XCTAssertEqual(cache.insert(a, stamp: stamp), [])
        XCTAssertEqual(cache.insert(b, stamp: stamp), [])
        XCTAssertEqual(cache.insert(texture("c", cost: 100, handle: 3), stamp: stamp), [])
        _ = cache.lookup(a.key, stamp: stamp)  // a is now more recent than b
        XCTAssertEqual(cache.insert(texture("d", cost: 100, handle: 4), stamp: stamp), [2])
        XCTAssertEqual(cache.totalCost, 300)
        XCTAssertEqual(cache.statistics.evictions, 1)
        XCTAssertEqual(cache.statistics.hits, 1)
    }

    func testCountLimit() {
        var cache = TextureCache<Int>(totalCostLimit: .max, countLimit: 2)
        _ = cache.insert(texture("a", cost: 1, handle: 1), stamp: stamp)
        _ = cache.insert(texture("b", cost: 1, handle: 2), stamp: stamp)
        XCTAssertEqual(cache.insert(texture("c", cost: 1, handle: 3), stamp: stamp), [1])
        XCTAssertEqual(cache.count, 2)
    }

    func testPinnedEntriesAreNeverEvicted() {
        var cache = TextureCache<Int>(totalCostLimit: 200, countLimit: 10)
        let a = texture("a", cost: 100, handle: 1)
        let b = texture("b", cost: 100, handle: 2)
        cache.pin(a.key)
        cache.pin(b.key)
        _ = cache.insert(a, stamp: stamp)
        _ = cache.insert(b, stamp: stamp)
        let c = texture("c", cost: 100, handle: 3)
        XCTAssertFalse(cache.canAdmit(cost: 100, for: c.key), "a prefetch must not push past pinned entries")
        XCTAssertEqual(cache.insert(c, stamp: stamp), [], "pinned entries stay; the cache is over its limit")
        XCTAssertEqual(cache.totalCost, 300)
        XCTAssertEqual(cache.unpin(a.key), [1], "unpinning lets eviction bring the cost back under the limit")
        XCTAssertEqual(cache.totalCost, 200)
    }

    func testChangedStampInvalidates() {
        var cache = TextureCache<Int>(totalCostLimit: 1000, countLimit: 10)
        let a = texture("a", cost: 100, handle: 1)
        _ = cache.insert(a, stamp: stamp)
        let (found, released) = cache.lookup(a.key, stamp: FileStamp(size: 11, modified: 1))
        XCTAssertNil(found)
        XCTAssertEqual(released, [1])
        XCTAssertEqual(cache.statistics.invalidations, 1)
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.totalCost, 0)
    }

    func testPreviewIsAMissAndIsReplacedByFull() {
        var cache = TextureCache<Int>(totalCostLimit: 1000, countLimit: 10)
        let preview = texture("a", cost: 10, handle: 1, preview: true)
        _ = cache.insert(preview, stamp: stamp)
        XCTAssertEqual(cache.lookup(preview.key, stamp: stamp).texture?.isPreview, true)
        XCTAssertEqual(cache.statistics.misses, 1)
        XCTAssertEqual(cache.insert(texture("a", cost: 100, handle: 2), stamp: stamp), [1])
        XCTAssertEqual(cache.totalCost, 100)
    }

    func testRemoveByPathRemovesEveryOption() {
        var cache = TextureCache<Int>(totalCostLimit: 1000, countLimit: 10)
        let url = URL(fileURLWithPath: "/nonexistent/a")
        for (i, options) in [TextureLoadOptions(), TextureLoadOptions(maxDimension: 4)].enumerated() {
            _ = cache.insert(
                LoadedTexture(
                    key: TextureKey(url: url, options: options), handle: i, width: 8, height: 8,
                    levels: 0..<1, gpuBytes: 5, isPreview: false), stamp: stamp)
        }
        XCTAssertEqual(Set(cache.removeAll(path: TextureKey.canonicalPath(of: url))), [0, 1])
        XCTAssertEqual(cache.count, 0)
    }

    func testKeyResolvesSymlinksAndDotSegments() throws {
        let fixtures = try TextureFixtures()
        let file = try fixtures.write("real.pvr", size: 8)
        let link = fixtures.directory.appendingPathComponent("link.pvr")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        let dotted = URL(fileURLWithPath: fixtures.directory.path + "/./sub/../link.pvr")
        try FileManager.default.createDirectory(
            at: fixtures.directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        XCTAssertEqual(TextureKey(url: link), TextureKey(url: file))
        XCTAssertEqual(TextureKey(url: dotted), TextureKey(url: file))
        XCTAssertNotEqual(TextureKey(url: file, options: TextureLoadOptions(mipmaps: false)), TextureKey(url: file))
    }
}
