import Foundation
import PVRCTestSupport
import PVRTCSearch
import TextureFormats
import TextureManifest
import TexturePipeline
import XCTest

/// Issue 35: cache entries that are decompression bombs, pointers that promise a gigabyte, answers
/// with two lengths, and credentials over plain HTTP.
final class CacheEntryLimitTests: XCTestCase {
    /// A 34-byte CCZ file (the header of issue 35's bomb and an empty zlib stream) that declares
    /// 1.4 GB of inflated texture: parsing it allocates the declared size before inflating a byte.
    private static let cczBomb: [UInt8] =
        Array("CCZ!".utf8) + [0, 0, 0, 2] + [0, 0, 0, 0] + [0x53, 0x72, 0x4E, 0x00]  // 1,400,000,000 big-endian
        + [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01] + [UInt8](repeating: 0, count: 10)

    /// The cache key of `path` in `fixture` under `configuration`'s settings.
    private func key(_ path: String, in fixture: BuildFixture, settings: TextureSettings) throws -> ContentDigest {
        let input = try Data(contentsOf: fixture.source.appendingPathComponent(path))
        return try settings.cacheKey(input: ContentDigest(of: [UInt8](input)))
    }

    /// A build of one 16×16 texture with `server` as its cache; it must be encoded.
    private func buildOneTexture(through server: LocalHTTPServer) async throws -> BuildSummary {
        let fixture = try BuildFixture(images: ["a.png": 16])
        let summary = try await fixture.build(fixture.configuration(cache: try BuildCacheLocation.open(server.url())))
        XCTAssertEqual(summary.built, 1)
        XCTAssertEqual(summary.cached, 0)
        return summary
    }

    /// The peak resident memory of this process so far, in bytes (Linux's `ru_maxrss` is in KiB),
    /// or `nil` where it is not measured.
    private func peakMemory() -> Int? {
        #if os(Linux)
            var usage = rusage()
            getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
            return usage.ru_maxrss * 1024
        #else
            return nil
        #endif
    }

    /// Six CCZ bombs that match their pointers in a folder cache: each is refused from its declared
    /// size without being parsed (no 1.4 GB allocation), counts as a failure (so the cache is given
    /// up after three) and is removed from the cache.
    func testCCZBombEntriesAreRefusedUnparsedCountedAsFailuresAndRemoved() async throws {
        let images = Dictionary(uniqueKeysWithValues: (0..<6).map { ("t\($0).png", 16) })
        let fixture = try BuildFixture(images: images)
        let cache = DirectoryTextureCache(folder: fixture.directory.url.appendingPathComponent("cache"))
        let configuration = fixture.configuration(container: .pvrCCZ, jobs: 1, cache: cache)
        var keys: [ContentDigest] = []
        for path in images.keys.sorted() {
            let key = try key(path, in: fixture, settings: configuration.settings)
            try await cache.store(Self.cczBomb, for: key)
            keys.append(key)
        }
        let before = peakMemory()
        let summary = try await fixture.build(configuration)
        XCTAssertEqual(summary.built, 6)
        XCTAssertEqual(summary.cached, 0)
        XCTAssertEqual(summary.failures.count, 0)
        let warnings = summary.results.flatMap(\.warnings)
        XCTAssertEqual(
            warnings.filter { $0.contains("declares 1400000000 inflated bytes") && $0.contains("not parsed") }.count,
            3, "\(warnings)")
        XCTAssertEqual(
            warnings.filter { $0.contains("not used for the rest of the build") }.count, 1,
            "a refused entry must count as a failure: \(warnings)")
        if let before, let after = peakMemory(), before < 512 << 20 {
            XCTAssertLessThan(after, before + (256 << 20), "a bomb was inflated")
        }
        // The three refused pointers are gone (or replaced by the store of the texture encoded
        // instead); the cache was not asked for the other three, whose pointers stay.
        let bombPointer = CachePointer(to: Self.cczBomb).bytes
        let ac = fixture.directory.url.appendingPathComponent("cache/ac")
        let pointsAtTheBomb = try keys.map { key -> Bool in
            let url = ac.appendingPathComponent(key.hex)
            guard FileManager.default.fileExists(atPath: url.path) else { return false }
            return [UInt8](try Data(contentsOf: url)) == bombPointer
        }
        XCTAssertEqual(pointsAtTheBomb, [false, false, false, true, true, true])
        XCTAssertEqual(try fixture.outputs().count, 6)
    }

    /// The same bomb over HTTP for a PVR v2 build: refused from its first bytes (a CCZ file is not a
    /// PVR v2 file), counted, and removed with a `DELETE` of its pointer.
    func testACCZBombFromAnHTTPCacheIsRefusedAndDeleted() async throws {
        let pointer = CachePointer(to: Self.cczBomb)
        let server = try LocalHTTPServer.cache(pointer: pointer.bytes, file: .answer(status: 200, body: Self.cczBomb))
        defer { server.stop() }
        let summary = try await buildOneTexture(through: server)
        let warnings = summary.results[0].warnings
        XCTAssertTrue(warnings.contains { $0.contains("is a pvr-ccz file, not pvr2; not parsed") }, "\(warnings)")
        let deletes = server.requests.filter { $0.method == "DELETE" }
        XCTAssertEqual(deletes.map(\.path), [server.requests[0].path], "the refused pointer is deleted")
    }

    /// Issue 35's 76-byte answer: a pointer promising 1 GiB. It is refused before the file is asked
    /// for (the most a 16×16 texture can need is about 64 KiB), instead of granting the file
    /// 1,026 seconds.
    func testAPointerPromisingAGigabyteIsRefusedBeforeTheFileIsFetched() async throws {
        let pointer = Array("\(ContentDigest(ofText: "promised").hex) \(1 << 30)\n".utf8)
        XCTAssertEqual(pointer.count, 76)
        let server = try LocalHTTPServer.cache(pointer: pointer, file: .trickle(announced: 1 << 30, seconds: 20))
        defer { server.stop() }
        let summary = try await buildOneTexture(through: server)
        XCTAssertFalse(
            server.requests.contains { $0.method == "GET" && $0.path.contains("/cas/") }, "the file was requested")
        let warnings = summary.results[0].warnings
        XCTAssertTrue(
            warnings.contains { $0.contains("points to a file of 1073741824 bytes, over the limit") }, "\(warnings)")
    }

    /// A file that trickles: the whole load ends within its deadline, and the message gives it as a
    /// rounded number of seconds, not a raw `Double`.
    func testATricklingFileEndsWithinTheLoadDeadlineInRoundedSeconds() async throws {
        let pointer = Array("\(ContentDigest(ofText: "promised").hex) 100\n".utf8)
        let server = try LocalHTTPServer.cache(pointer: pointer, file: .trickle(announced: 100, seconds: 20))
        defer { server.stop() }
        let summary = try await buildOneTexture(through: server)
        let warnings = summary.results[0].warnings
        let deadline = try XCTUnwrap(warnings.first { $0.contains("no complete answer within") }, "\(warnings)")
        XCTAssertNil(deadline.range(of: #"[0-9]\.[0-9]{2,} s"#, options: .regularExpression), deadline)
        XCTAssertTrue(deadline.hasSuffix(" s; encoding"), deadline)
    }

    /// An answer with two `Content-Length` headers (one the pointer's length, one shorter) is
    /// refused, not read with either length.
    func testAnAnswerWithTwoContentLengthsIsRefused() async throws {
        let fixture = try BuildFixture(images: ["a.png": 16])
        let cache = DirectoryTextureCache(folder: fixture.directory.url.appendingPathComponent("fill"))
        _ = try await fixture.build(fixture.configuration(output: "fill", cache: cache))
        let pointerFile = try XCTUnwrap(
            FileManager.default.enumerator(atPath: cache.folder.appendingPathComponent("ac").path)?.nextObject()
                as? String)
        let pointer = [UInt8](try Data(contentsOf: cache.folder.appendingPathComponent("ac/\(pointerFile)")))
        let server = try LocalHTTPServer { request in
            request.method == "GET"
                ? .answer(status: 200, headers: ["Content-Length": "60"], body: pointer) : .answer(status: 201)
        }
        defer { server.stop() }
        let summary = try await fixture.build(
            fixture.configuration(output: "second", cache: try BuildCacheLocation.open(server.url())))
        XCTAssertEqual(summary.built, 1)
        let warnings = summary.results[0].warnings
        XCTAssertTrue(warnings.contains { $0.contains("more than one Content-Length") }, "\(warnings)")
    }

    /// Credentials in an `http://` URL would cross the network readable: refused unless allowed,
    /// and never printed.
    func testCredentialsOverPlainHTTPAreRefusedUnlessAllowed() throws {
        let url = "http://builder:s3cr3t-token@127.0.0.1:9/cache"
        XCTAssertThrowsError(try BuildCacheLocation.open(url)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("https://"), text)
            XCTAssertTrue(text.contains("--cache-allow-http-credentials"), text)
            XCTAssertFalse(text.contains("s3cr3t"), text)
        }
        XCTAssertNoThrow(try BuildCacheLocation.open(url, allowsCredentialsOverHTTP: true))
        XCTAssertNoThrow(try BuildCacheLocation.open("http://127.0.0.1:9/cache"))
        XCTAssertThrowsError(
            try BuildCacheLocation.open("cache-folder", certificateAuthorities: URL(fileURLWithPath: "ca.pem")))
    }
}
