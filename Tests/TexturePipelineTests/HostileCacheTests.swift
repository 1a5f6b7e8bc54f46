import EncodeJobs
import Foundation
import PVRCTestSupport
import PVRTCSearch
import TextureFormats
import TextureManifest
import TexturePipeline
import XCTest

/// Caches that lie, flood, stall or redirect, played by real servers on 127.0.0.1 and by files
/// planted in a cache folder: the build must finish, encode what it cannot trust, and stay bounded
/// in memory and time.
final class HostileCacheTests: XCTestCase {
    private static let megabyte = 1 << 20

    /// A pointer that promises 100 bytes, answered by a cas/ body that never ends (no
    /// Content-Length): the client must hang up at byte 101, not read 256 MB.
    func testACasBodyLongerThanItsPointerIsCutAtTheFirstByteOver() async throws {
        let pointer = Array("\(ContentDigest(ofText: "promised").hex) 100\n".utf8)
        let server = try LocalHTTPServer.cache(
            pointer: pointer, file: .flood(announced: nil, total: 256 * Self.megabyte))
        defer { server.stop() }
        let fixture = try BuildFixture(images: ["a.png": 16])
        let summary = try await fixture.build(
            fixture.configuration(cache: try BuildCacheLocation.open(server.url())))
        XCTAssertEqual(summary.built, 1)
        XCTAssertEqual(summary.failures.count, 0)
        XCTAssertEqual(try fixture.outputs()["a.pvr"], try fixture.reference("a.png"))
        XCTAssertFalse(summary.results[0].warnings.isEmpty)
        XCTAssertLessThan(
            server.bytesSent, 64 * Self.megabyte, "the client read \(server.bytesSent) bytes of a 100-byte entry")
    }

    /// An ac/ answer is a one-line pointer; a flood there must be cut after a few hundred bytes.
    func testAFloodedPointerIsCutAtItsCap() async throws {
        let server = try LocalHTTPServer { request in
            request.method == "GET" ? .flood(announced: nil, total: 256 * Self.megabyte) : .answer(status: 201)
        }
        defer { server.stop() }
        let fixture = try BuildFixture(images: ["a.png": 16])
        let summary = try await fixture.build(
            fixture.configuration(cache: try BuildCacheLocation.open(server.url())))
        XCTAssertEqual(summary.built, 1)
        XCTAssertEqual(summary.failures.count, 0)
        XCTAssertLessThan(
            server.bytesSent, 64 * Self.megabyte, "the client read \(server.bytesSent) bytes of a pointer")
    }

    /// A server that accepts and never answers, and one that sends a byte a second: both must cost
    /// seconds, not a timeout per texture, and the build must stop asking after a few failures.
    func testADeadOrTricklingCacheIsGivenUpAfterAFewFailures() async throws {
        for reply in [LocalHTTPServer.Reply.silence, .trickle(announced: 80, seconds: 45)] {
            let server = try LocalHTTPServer { _ in reply }
            defer { server.stop() }
            let images = Dictionary(uniqueKeysWithValues: (0..<6).map { ("t\($0).png", 8) })
            let fixture = try BuildFixture(images: images)
            let clock = ContinuousClock()
            let start = clock.now
            let summary = try await fixture.build(
                fixture.configuration(jobs: 2, cache: try BuildCacheLocation.open(server.url())))
            let elapsed = clock.now - start
            XCTAssertEqual(summary.built, 6, "\(reply)")
            XCTAssertEqual(summary.failures.count, 0, "\(reply)")
            XCTAssertLessThan(elapsed, .seconds(30), "\(reply): a dead cache held the build for \(elapsed)")
            let warnings = summary.results.flatMap(\.warnings)
            XCTAssertEqual(
                warnings.filter { $0.contains("not used for the rest of the build") }.count, 1, "\(reply): \(warnings)")
            // Three failed loads give the cache up; the loads and stores already in flight with two
            // jobs finish; every texture asking (6 loads, 12 stores) would be 18.
            XCTAssertLessThanOrEqual(server.requests.count, 8, "\(reply): requests after giving up")
        }
    }

    /// A 307 answer to PUT is a failure to store, not a store (and is not followed).
    func testARedirectedPutIsNotCountedAsStored() async throws {
        let server = try LocalHTTPServer { request in
            if request.method == "GET" { return .answer(status: 404) }
            if request.path.hasPrefix("/cache/") {
                return .answer(status: 307, headers: ["Location": "/elsewhere\(request.path)"])
            }
            return .answer(status: 201)
        }
        defer { server.stop() }
        let fixture = try BuildFixture(images: ["a.png": 16])
        // A generous deadline: the 307 must arrive even on a loaded machine.
        let cache = try HTTPTextureCache(base: try XCTUnwrap(URL(string: server.url())), timeout: 30)
        let summary = try await fixture.build(fixture.configuration(cache: cache))
        XCTAssertEqual(summary.built, 1)
        let warnings = summary.results[0].warnings
        XCTAssertTrue(warnings.contains { $0.contains("307") }, "\(warnings)")
        XCTAssertFalse(server.requests.contains { $0.path.hasPrefix("/elsewhere") }, "the redirect was followed")
    }

    /// user:password in a cache URL is used (over plain HTTP only when allowed), never printed.
    func testCredentialsInACacheURLAreNeverPrinted() async throws {
        let server = try LocalHTTPServer { _ in .answer(status: 500) }
        defer { server.stop() }
        let fixture = try BuildFixture(images: ["a.png": 16])
        let cache = try BuildCacheLocation.open(
            server.url(credentials: "builder:s3cr3t-token"), allowsCredentialsOverHTTP: true)
        XCTAssertFalse(cache.location.contains("s3cr3t"), cache.location)
        let summary = try await fixture.build(fixture.configuration(cache: cache))
        XCTAssertEqual(summary.built, 1)
        let warnings = summary.results[0].warnings
        XCTAssertFalse(warnings.isEmpty)
        for warning in warnings { XCTAssertFalse(warning.contains("s3cr3t"), warning) }
        // The credentials still reach the server, as HTTP basic authentication.
        let expected = "Basic " + Data("builder:s3cr3t-token".utf8).base64EncodedString()
        XCTAssertFalse(server.requests.isEmpty)
        XCTAssertTrue(server.requests.allSatisfy { $0.headers["authorization"] == expected })
        XCTAssertThrowsError(try BuildCacheLocation.open("http://builder:s3cr3t-token@")) { error in
            XCTAssertFalse("\(error)".contains("s3cr3t"), "\(error)")
        }
    }

    /// Planted files in a cache folder: a 512 MB (sparse) pointer and a texture file far larger than
    /// its pointer says are refused from their size, without being read (their access time stays).
    func testPlantedHugeFilesInACacheFolderAreRefusedUnread() async throws {
        let fixture = try BuildFixture(images: ["a.png": 16, "b.png": 16])
        let folder = fixture.directory.url.appendingPathComponent("cache")
        let settings = fixture.configuration().settings
        func key(_ path: String) throws -> ContentDigest {
            let input = try Data(contentsOf: fixture.source.appendingPathComponent(path))
            return try settings.cacheKey(input: ContentDigest(of: [UInt8](input)))
        }
        let ac = folder.appendingPathComponent("ac")
        let cas = folder.appendingPathComponent("cas")
        try FileManager.default.createDirectory(at: ac, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: cas, withIntermediateDirectories: true)
        let hugePointer = ac.appendingPathComponent(try key("a.png").hex)
        try makeSparse(hugePointer, size: 512 << 20)
        let digest = ContentDigest(ofText: "planted")
        try Data("\(digest.hex) 100\n".utf8).write(to: ac.appendingPathComponent(try key("b.png").hex))
        let hugeFile = cas.appendingPathComponent(digest.hex)
        try makeSparse(hugeFile, size: 512 << 20)
        // The build stores a good pointer over the planted one: a hard link keeps the planted inode
        // to look at afterwards.
        let plantedPointer = folder.appendingPathComponent("planted-pointer")
        try FileManager.default.linkItem(at: hugePointer, to: plantedPointer)
        let old = timespec(tv_sec: 1_000_000_000, tv_nsec: 0)
        for url in [plantedPointer, hugeFile] {
            var times = [old, old]
            XCTAssertEqual(utimensat(AT_FDCWD, url.path, &times, 0), 0)
        }

        let summary = try await fixture.build(fixture.configuration(cache: DirectoryTextureCache(folder: folder)))
        XCTAssertEqual(summary.built, 2)
        XCTAssertEqual(summary.failures.count, 0)
        XCTAssertEqual(summary.results.map { $0.warnings.count }, [1, 1], "\(summary.results.map(\.warnings))")
        for url in [plantedPointer, hugeFile] {
            var info = stat()
            XCTAssertEqual(stat(url.path, &info), 0)
            XCTAssertEqual(info.st_atim.tv_sec, old.tv_sec, "\(url.lastPathComponent) was read")
        }
    }

    /// A cache entry whose pointer and bytes agree but whose texture has the wrong size for its
    /// source (a poisoned or colliding entry) is not used.
    func testAConsistentEntryWithTheWrongDimensionsIsRejected() async throws {
        let fixture = try BuildFixture(images: ["a.png": 16])
        let cache = DirectoryTextureCache(folder: fixture.directory.url.appendingPathComponent("cache"))
        let input = try Data(contentsOf: fixture.source.appendingPathComponent("a.png"))
        let key = try fixture.configuration().settings.cacheKey(input: ContentDigest(of: [UInt8](input)))
        let other = try await PVRTCEncoder.encode(
            [PipelineTestImages.noise(width: 8, height: 8, seed: 9, alpha: .opaque)],
            options: .init(quality: .fast, threads: 1))
        try await cache.store(TextureFile(container: .pvr2, texture: other).serialized(), for: key)
        let summary = try await fixture.build(fixture.configuration(cache: cache))
        XCTAssertEqual(summary.built, 1)
        XCTAssertEqual(summary.cached, 0)
        XCTAssertEqual(try fixture.outputs()["a.pvr"], try fixture.reference("a.png"))
        XCTAssertTrue(
            summary.results[0].warnings.contains { $0.contains("8x8") }, "\(summary.results[0].warnings)")
    }

    /// The size check follows `--max-size`: an entry encoded from a halved source is used, not
    /// taken for a poisoned one.
    func testAnEntryOfAHalvedSourceIsUsed() async throws {
        let fixture = try BuildFixture(images: ["a.png": 32])
        let cache = DirectoryTextureCache(folder: fixture.directory.url.appendingPathComponent("cache"))
        let options = EncodeOptions(quality: .fast, threads: 1, maxSize: 8)
        let first = try await fixture.build(fixture.configuration(output: "first", options: options, cache: cache))
        XCTAssertEqual(first.built, 1)
        let second = try await fixture.build(fixture.configuration(output: "second", options: options, cache: cache))
        XCTAssertEqual(second.cached, 1, "\(second.results.flatMap(\.warnings))")
        XCTAssertEqual(second.results[0].summary?.width, 8)
        XCTAssertEqual(try fixture.outputs("second")["a.pvr"], try fixture.outputs("first")["a.pvr"])
    }

    private func makeSparse(_ url: URL, size: Int) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        guard ftruncate(fd, off_t(size)) == 0 else { throw POSIXError(.ENOSPC) }
    }
}
