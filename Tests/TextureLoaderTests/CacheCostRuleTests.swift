import FileIO
import Foundation
import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import TextureFormats
import TextureLoader
import XCTest

/// The cost rule documented on `TextureLoaderConfiguration.totalCostLimit`: the cost stays within
/// the limit except that pinned textures and the texture just loaded are never evicted, and then it
/// is exactly their sum; the texture being uploaded is outside the cost.
final class CacheCostRuleTests: XCTestCase {
    private let stamp = FileStamp(size: 1, modified: 1)

    /// Random loads, uses, pins and unpins; after every step the cache must hold exactly what the
    /// documented rule leaves (least recently used unpinned textures evicted first, never a pinned one
    /// or the one just loaded, no more than needed) and its cost must obey the bound.
    func testRuleHoldsAfterEveryStepOfRandomSequences() {
        var random = SplitMix64(seed: 21)
        for _ in 0..<40 {
            let limit = 1_000
            let countLimit = 5
            var cache = TextureCache<Int>(totalCostLimit: limit, countLimit: countLimit)
            // The test's own record: cached names, least recently used first, with cost and handle.
            var cached: [(name: String, cost: Int, handle: Int)] = []
            var pins: [String: Int] = [:]
            var lastLoaded: String?
            var handle = 0
            var peak = 0
            func key(_ name: String) -> TextureKey { TextureKey(url: URL(fileURLWithPath: "/nonexistent/\(name)")) }
            func pinnedCost() -> Int { cached.filter { pins[$0.name, default: 0] > 0 }.reduce(0) { $0 + $1.cost } }
            /// Evicts what the rule evicts and returns the handles, in eviction order.
            func evictByRule(sparing spared: String?) -> [Int] {
                var evicted: [Int] = []
                while cached.reduce(0, { $0 + $1.cost }) > limit || cached.count > countLimit {
                    guard let index = cached.firstIndex(where: { $0.name != spared && pins[$0.name, default: 0] == 0 })
                    else { break }
                    evicted.append(cached.remove(at: index).handle)
                }
                return evicted
            }
            for _ in 0..<150 {
                let name = "t\(random.next() % 9)"
                switch random.next() % 8 {
                case 0..<4:
                    // Mostly textures well under the limit, sometimes one larger than it.
                    let cost = random.next() % 10 == 0 ? 1_200 : 50 + Int(random.next() % 500)
                    handle += 1
                    var expected = cached.firstIndex { $0.name == name }.map { [cached.remove(at: $0).handle] } ?? []
                    cached.append((name, cost, handle))
                    expected += evictByRule(sparing: name)
                    let released = cache.insert(
                        LoadedTexture(
                            key: key(name), handle: handle, width: 8, height: 8, levels: 0..<1, gpuBytes: cost,
                            isPreview: false),
                        stamp: stamp)
                    XCTAssertEqual(released.sorted(), expected.sorted())
                    lastLoaded = name
                    let total = cached.reduce(0) { $0 + $1.cost }
                    peak = max(peak, total)
                    if total > limit || cached.count > countLimit {
                        // Over a limit: exactly the pinned textures and the new one are left.
                        XCTAssertTrue(cached.allSatisfy { $0.name == name || pins[$0.name, default: 0] > 0 })
                        XCTAssertEqual(total, pinnedCost() + (pins[name, default: 0] > 0 ? 0 : cost))
                    }
                case 4:
                    if let index = cached.firstIndex(where: { $0.name == name }) {
                        cached.append(cached.remove(at: index))
                        XCTAssertEqual(cache.texture(for: key(name))?.handle, cached.last?.handle)
                    } else {
                        XCTAssertNil(cache.texture(for: key(name)))
                    }
                case 5, 6:
                    pins[name, default: 0] += 1
                    cache.pin(key(name))
                default:
                    guard let count = pins[name] else { continue }
                    pins[name] = count > 1 ? count - 1 : nil
                    XCTAssertEqual(cache.unpin(key(name)).sorted(), evictByRule(sparing: nil).sorted())
                }
                let total = cached.reduce(0) { $0 + $1.cost }
                XCTAssertEqual(cache.totalCost, total)
                XCTAssertEqual(cache.count, cached.count)
                XCTAssertEqual(cache.statistics.peakCost, peak)
                let last = cached.first { $0.name == lastLoaded && pins[$0.name, default: 0] == 0 }?.cost ?? 0
                XCTAssertLessThanOrEqual(cache.totalCost, max(limit, pinnedCost() + last))
            }
        }
    }

    /// The case a game developer met (2.8 MB in a 2 MiB cache with 1.4 MB pinned), on the loader with
    /// GPU bytes counted by the uploader: pinned plus just loaded over the limit, the next load
    /// evicting the previous one, the upload in flight outside the cost, a prefetch refused, and an
    /// unpin bringing the cost back under the limit.
    func testPinnedPlusJustLoadedIsThePeakAndUploadsAreOutsideTheCost() async throws {
        let fixtures = try TextureFixtures()
        let glThread = ResourceThread { RecordingUploader() }
        let urls = try (0..<4).map { try fixtures.write("t\($0).pvr", size: 64) }
        let large = try fixtures.write("large.pvr", size: 128)
        let one = (0..<7).reduce(0) { $0 + PVRTCImage.byteCount(width: 64 >> $1, height: 64 >> $1) }
        let loader = TextureLoader(
            glThread: glThread, configuration: TextureLoaderConfiguration(totalCostLimit: 2 * one - 1))
        func live() async throws -> RecordingUploader.Report { try await glThread.perform { $0.report } }

        let pinned = TextureKey(url: urls[0])
        await loader.pin(pinned)
        _ = try await loader.load(urls[0])
        _ = try await loader.load(urls[1])
        var cost = await loader.totalCost
        XCTAssertEqual(cost, 2 * one, "pinned + just loaded, over the limit")
        var statistics = await loader.statistics
        XCTAssertEqual(statistics.peakCost, 2 * one)
        let gpuBytes = try await live().liveBytes
        XCTAssertEqual(gpuBytes, cost)

        _ = try await loader.load(urls[2])
        cost = await loader.totalCost
        XCTAssertEqual(cost, 2 * one, "the previous unpinned texture was evicted")
        statistics = await loader.statistics
        XCTAssertEqual(statistics.evictions, 1)
        XCTAssertEqual(statistics.peakCost, 2 * one)
        let report = try await live()
        XCTAssertEqual(report.liveBytes, cost)
        XCTAssertEqual(report.peakLiveBytes, 3 * one, "during the upload the GPU held the cost plus the new texture")

        let prefetched = await loader.prefetchAndWait([urls[3]])
        XCTAssertEqual(prefetched.count, 1)
        guard case .failure(.cancelled) = prefetched[urls[3]] else {
            return XCTFail("a prefetch must not take the exception: \(String(describing: prefetched[urls[3]]))")
        }
        let uploadCount = try await live().uploads.count
        XCTAssertEqual(uploadCount, 3)

        await loader.unpin(pinned)
        cost = await loader.totalCost
        XCTAssertEqual(cost, one, "unpinning evicts down to the limit (the older one goes)")
        let left = try await loader.withTextures([pinned, TextureKey(url: urls[2])]) { _, textures in
            textures.map { $0 != nil }
        }
        XCTAssertEqual(left, [false, true])

        // One texture larger than the whole limit, nothing pinned: it alone is kept.
        let big = try await loader.load(large)
        cost = await loader.totalCost
        let count = await loader.count
        XCTAssertEqual(cost, big.gpuBytes)
        XCTAssertGreaterThan(cost, 2 * one - 1)
        XCTAssertEqual(count, 1)
        let gpuBytesNow = try await live().liveBytes
        XCTAssertEqual(gpuBytesNow, cost)
        await loader.shutdown()
    }
}
