import Foundation
import PVRCTestSupport
import PVRTC
import TextureFormats
import TextureLoader
import XCTest

/// The loader's scheduling and cache behaviour, observed through an uploader that records every call.
final class TextureLoaderTests: RecordingLoaderTestCase {
    func testConcurrentIdenticalRequestsShareOneLoad() async throws {
        let url = try fixtures.write("a.pvr", size: 32)
        let gate = Gate()
        let reads = Gate(holding: 0)
        let loader = TextureLoader(
            glThread: glThread,
            read: { url in
                reads.pass()
                gate.pass()
                return try TextureContent.read(from: url)
            })
        // The first read is held until all ten requests are waiting, so they all miss the cache.
        let handles = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<10 { group.addTask { try await loader.load(url).handle } }
            let arrived = await reads.waitForArrivals(1)
            XCTAssertTrue(arrived)
            for _ in 0..<500 where await loader.statistics.misses < 10 {
                try await Task.sleep(for: .milliseconds(10))
            }
            gate.open()
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        XCTAssertEqual(handles.count, 1)
        XCTAssertEqual(reads.arrived, 1, "one read for ten requests")
        let uploads = try await report().uploads
        XCTAssertEqual(uploads.count, 1)
        XCTAssertEqual(uploads.first?.levels, 0..<6)
        let again = try await loader.load(url)
        XCTAssertEqual(again.handle, handles.first)
        let stats = await loader.statistics
        XCTAssertEqual(stats.misses, 10)
        XCTAssertEqual(stats.hits, 1)
    }

    func testCancelledRequestNeverUploads() async throws {
        let url = try fixtures.write("slow.pvr", size: 16)
        let gate = Gate()
        let loader = gatedLoader(gate)
        let request = Task { try await loader.load(url) }
        let arrived1 = await gate.waitForArrivals(1)
        XCTAssertTrue(arrived1)
        request.cancel()
        do {
            _ = try await request.value
            XCTFail("a cancelled request returned a texture")
        } catch let error as TextureLoaderError {
            XCTAssertEqual(error, .cancelled(file: TextureKey.canonicalPath(of: url)))
        }
        gate.open()
        // The read now completes; give the abandoned load time to reach the upload check.
        try await Task.sleep(for: .milliseconds(200))
        let uploads = try await report().uploads
        XCTAssertEqual(uploads.count, 0)
        let count = await loader.count
        XCTAssertEqual(count, 0)
    }

    func testCancellingOneOfTwoSharedRequestsKeepsTheOther() async throws {
        let url = try fixtures.write("shared.pvr", size: 16)
        let gate = Gate()
        let loader = gatedLoader(gate)
        let first = Task { try await loader.load(url) }
        let second = Task { try await loader.load(url) }
        let arrived1 = await gate.waitForArrivals(1)
        XCTAssertTrue(arrived1)
        try await Task.sleep(for: .milliseconds(50))
        first.cancel()
        gate.open()
        let texture = try await second.value
        XCTAssertEqual(texture.width, 16)
        let uploads = try await report().uploads
        XCTAssertEqual(uploads.count, 1)
    }

    func testProgressiveLoadDeliversPreviewThenFullAndDeletesPreview() async throws {
        let url = try fixtures.write("big.pvr", size: 256)
        let loader = TextureLoader(glThread: glThread)
        var delivered: [LoadedTexture<Int>] = []
        for try await texture in loader.loadProgressively(url, previewMaxDimension: 32) {
            delivered.append(texture)
        }
        XCTAssertEqual(delivered.map(\.width), [32, 256])
        XCTAssertEqual(delivered.map(\.isPreview), [true, false])
        XCTAssertEqual(delivered.first?.levels, 3..<9)
        let recorded = try await report()
        XCTAssertEqual(recorded.uploads.map(\.width), [32, 256])
        XCTAssertEqual(recorded.deleted, [delivered[0].handle], "the swap deletes the preview")
        XCTAssertEqual(recorded.liveHandles, [delivered[1].handle])
        let cost = await loader.totalCost
        XCTAssertEqual(cost, recorded.liveBytes)
    }

    func testProgressiveLoadOfSmallOrCachedTextureYieldsFullOnly() async throws {
        let small = try fixtures.write("small.pvr", size: 32)
        let loader = TextureLoader(glThread: glThread)
        var sizes: [Int] = []
        for try await texture in loader.loadProgressively(small, previewMaxDimension: 32) {
            sizes.append(texture.width)
        }
        XCTAssertEqual(sizes, [32])
        sizes = []
        for try await texture in loader.loadProgressively(small, previewMaxDimension: 8) { sizes.append(texture.width) }
        XCTAssertEqual(sizes, [32], "a cached full texture is delivered at once")
    }

    func testRewrittenFileIsReloaded() async throws {
        let url = try fixtures.write("a.pvr", size: 16)
        let loader = TextureLoader(glThread: glThread)
        let first = try await loader.load(url)
        try TextureFile(container: .pvr2, texture: fixtures.randomTexture(size: 32)).write(to: url)
        let second = try await loader.load(url)
        XCTAssertEqual(first.width, 16)
        XCTAssertEqual(second.width, 32)
        XCTAssertNotEqual(first.handle, second.handle)
        let recorded = try await report()
        XCTAssertEqual(recorded.deleted, [first.handle])
        let stats = await loader.statistics
        XCTAssertEqual(stats.invalidations, 1)
    }

    func testLoadSupersededByAChangedFileStillAnswersItsRequest() async throws {
        let url = try fixtures.write("a.pvr", size: 16)
        let gate = Gate()
        let loader = gatedLoader(gate)
        let old = Task { try await loader.load(url) }
        let arrived1 = await gate.waitForArrivals(1)
        XCTAssertTrue(arrived1)
        try TextureFile(container: .pvr2, texture: fixtures.randomTexture(size: 32)).write(to: url)
        let new = Task { try await loader.load(url) }
        let arrived2 = await gate.waitForArrivals(2)
        XCTAssertTrue(arrived2, "a changed file starts a new load")
        gate.open()
        _ = try await old.value
        let fresh = try await new.value
        XCTAssertEqual(fresh.width, 32)
        let latest = try await loader.load(url)
        XCTAssertEqual(latest.width, 32)
    }

    func testCostLimitHoldsUnderConcurrentLoads() async throws {
        var urls: [URL] = []
        for i in 0..<40 { urls.append(try fixtures.write("t\(i).pvr", size: 16 << (i % 3))) }
        let limit = 6_000
        let loader = TextureLoader(
            glThread: glThread, configuration: TextureLoaderConfiguration(totalCostLimit: limit, countLimit: 12))
        try await withThrowingTaskGroup(of: Int.self) { group in
            var next = 0
            func add() {
                let url = urls[(next * 7) % urls.count]
                next += 1
                group.addTask {
                    _ = try await loader.load(url)
                    return await loader.totalCost
                }
            }
            for _ in 0..<8 { add() }
            while let cost = try await group.next() {
                XCTAssertLessThanOrEqual(cost, limit)
                if next < 200 { add() }
            }
        }
        let recorded = try await report()
        let stats = await loader.statistics
        let count = await loader.count
        let cost = await loader.totalCost
        XCTAssertLessThanOrEqual(stats.peakCost, limit)
        XCTAssertLessThanOrEqual(count, 12)
        XCTAssertEqual(cost, recorded.liveBytes, "every texture dropped from the cache was deleted")
        XCTAssertEqual(recorded.deleted.count, recorded.uploads.count - count)
        XCTAssertGreaterThan(stats.evictions, 0)
        XCTAssertEqual(recorded.offThreadCalls, 0)
    }

    private func waitForPrefetch(_ loader: TextureLoader<RecordingUploader>) async throws {
        for _ in 0..<500 where await loader.isPrefetching {
            try await Task.sleep(for: .milliseconds(10))
        }
        let running = await loader.isPrefetching
        XCTAssertFalse(running, "prefetch did not finish")
    }

    func testPrefetchNeverEvictsPinnedTextures() async throws {
        let visible = try (0..<2).map { try fixtures.write("visible\($0).pvr", size: 64) }
        let upcoming = try (0..<4).map { try fixtures.write("next\($0).pvr", size: 64) }
        let oneTexture = (0..<7).reduce(0) { $0 + PVRTCImage.byteCount(width: 64 >> $1, height: 64 >> $1) }
        let loader = TextureLoader(
            glThread: glThread,
            configuration: TextureLoaderConfiguration(totalCostLimit: oneTexture * 3, countLimit: 10))
        let keys = visible.map { TextureKey(url: $0) }
        var shown: [Int] = []
        for (key, url) in zip(keys, visible) {
            await loader.pin(key)
            shown.append(try await loader.load(url).handle)
        }
        await loader.prefetch(upcoming)
        try await waitForPrefetch(loader)
        var recorded = try await report()
        XCTAssertEqual(recorded.uploads.count, 6, "each prefetch fits beside the two pinned textures")
        let stillShown = try await loader.withTextures(keys) { _, textures in textures.map { $0?.handle } }
        XCTAssertEqual(stillShown, shown)
        XCTAssertTrue(recorded.deleted.isDisjoint(with: shown))
        let cost = await loader.totalCost
        XCTAssertEqual(cost, oneTexture * 3)

        // With a third texture pinned the cache is full of on-screen textures: a prefetch is dropped
        // before it uploads, instead of evicting one of them.
        let third = TextureKey(url: upcoming[3])
        await loader.pin(third)
        _ = try await loader.load(upcoming[3])
        let uploadsBefore = try await report().uploads.count
        let extra = try fixtures.write("extra.pvr", size: 64)
        await loader.prefetch([extra])
        try await waitForPrefetch(loader)
        recorded = try await report()
        XCTAssertEqual(recorded.uploads.count, uploadsBefore)
        let cached = try await loader.withTextures(keys + [third]) { _, textures in textures.allSatisfy { $0 != nil } }
        XCTAssertTrue(cached)
    }

    func testCancelPrefetchStopsQueuedWork() async throws {
        var urls: [URL] = []
        for i in 0..<6 { urls.append(try fixtures.write("p\(i).pvr", size: 16)) }
        let gate = Gate()
        let loader = gatedLoader(gate, configuration: TextureLoaderConfiguration(maxConcurrentPrefetches: 1))
        await loader.prefetch(urls)
        let arrived1 = await gate.waitForArrivals(1)
        XCTAssertTrue(arrived1)
        await loader.cancelPrefetch()
        gate.open()
        try await Task.sleep(for: .milliseconds(200))
        let uploads = try await report().uploads
        XCTAssertEqual(uploads.count, 0)
    }

    func testUploadBudgetSpreadsUploadsOverFrames() async throws {
        await glThread.shutdown()
        glThread = ResourceThread { RecordingUploader(uploadDelay: .milliseconds(6)) }
        let urls = try (0..<4).map { try fixtures.write("u\($0).pvr", size: 16) }
        let interval = Duration.milliseconds(40)
        let loader = TextureLoader(
            glThread: glThread,
            configuration: TextureLoaderConfiguration(
                uploadBudgetPerFrame: .milliseconds(5), frameInterval: interval))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for url in urls { group.addTask { _ = try await loader.load(url) } }
            try await group.waitForAll()
        }
        let starts = try await glThread.perform { $0.uploadStarts }
        XCTAssertEqual(starts.count, 4)
        // Each 6 ms upload uses up a 5 ms budget, so the next one waits for the next interval. The
        // first upload may come late in the loader's first interval; every later one opens its own.
        for (earlier, later) in zip(starts.dropFirst(), starts.dropFirst(2)) {
            XCTAssertGreaterThanOrEqual(later - earlier, interval - .milliseconds(1))
        }
        XCTAssertGreaterThan(starts[1] - starts[0], .milliseconds(6))
    }

    func testGLWorkOffTheGLThreadIsRefused() async throws {
        XCTAssertFalse(glThread.isCurrent)
        XCTAssertThrowsError(try glThread.withResource { _ in }) { error in
            XCTAssertEqual(error as? TextureLoaderError, .offGLThread(operation: "testGLWorkOffTheGLThreadIsRefused()"))
        }
        let onThread = try await glThread.perform { [glThread] _ in glThread!.isCurrent }
        XCTAssertTrue(onThread)
    }
}
