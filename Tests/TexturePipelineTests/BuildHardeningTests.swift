import Foundation
import PVRCTestRequirements
import PVRCTestSupport
import TextureManifest
import TexturePipeline
import XCTest

/// A build facing a hostile or careless environment: a forged state file, user files where outputs
/// were, outputs that are links to sources, sources changed behind unchanged time stamps, an output
/// folder it cannot write, file names that are not UTF-8, manifest globs built to backtrack.
final class BuildHardeningTests: XCTestCase {
    /// `--prune` deletes only regular files the build wrote from a source and that still are what it
    /// wrote; forged keys (`../x`, a user folder, `.`, a path through a link out of OUT) and a file the
    /// user put in place of an output survive.
    func testPruneTouchesOnlyWhatTheBuildWroteAndStillMatches() async throws {
        let fixture = try BuildFixture(images: ["a.png": 8, "b.png": 8, "c.png": 8, "keep.png": 8])
        let out = fixture.output()
        _ = try await fixture.build(fixture.configuration())
        var state = BuildState.load(from: out)
        let entry = try XCTUnwrap(state.entries["a.pvr"])
        let top = fixture.directory.url

        // A file outside OUT, a user folder inside it, and a folder outside reached through a link.
        try Data("outside".utf8).write(to: top.appendingPathComponent("outside.pvr"))
        try FileManager.default.createDirectory(
            at: out.appendingPathComponent("userdir"), withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: out.appendingPathComponent("userdir/precious.txt"))
        let elsewhere = top.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: out.appendingPathComponent("a.pvr"), to: elsewhere.appendingPathComponent("x.pvr"))
        try FileManager.default.createSymbolicLink(
            at: out.appendingPathComponent("linked"), withDestinationURL: elsewhere)
        var linked = entry
        linked.source = "linked/x.png"
        let linkedInfo = try FileManager.default.attributesOfItem(
            atPath: elsewhere.appendingPathComponent("x.pvr").path)
        linked.outputModified = (linkedInfo[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        for key in ["../outside.pvr", "userdir", ".", ""] { state.entries[key] = entry }
        state.entries["linked/x.pvr"] = linked
        try state.save(to: out)

        // b's output replaced by the user (other bytes); c's output only touched (same bytes).
        try FileManager.default.removeItem(at: fixture.source.appendingPathComponent("b.png"))
        try FileManager.default.removeItem(at: fixture.source.appendingPathComponent("c.png"))
        try Data("the user's own file".utf8).write(to: out.appendingPathComponent("b.pvr"))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)],
            ofItemAtPath: out.appendingPathComponent("c.pvr").path)

        let summary = try await fixture.build(fixture.configuration(prune: true))
        XCTAssertEqual(summary.pruned, ["c.pvr"])
        XCTAssertEqual(try String(contentsOf: top.appendingPathComponent("outside.pvr"), encoding: .utf8), "outside")
        XCTAssertEqual(
            try String(contentsOf: out.appendingPathComponent("userdir/precious.txt"), encoding: .utf8), "precious")
        XCTAssertTrue(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("x.pvr").path))
        XCTAssertEqual(
            try String(contentsOf: out.appendingPathComponent("b.pvr"), encoding: .utf8), "the user's own file")
        XCTAssertNotNil(try fixture.outputs()["keep.pvr"])
        XCTAssertNotNil(try fixture.outputs()["a.pvr"])
        XCTAssertNil(try fixture.outputs()["c.pvr"])
        // Nothing stale is left to reconsider: forged and user-owned records are dropped.
        XCTAssertEqual(try BuildPlan.make(fixture.configuration(prune: true)).stale, [])
    }

    /// `ln -s ../src/a.png OUT/a.pvr` must not turn the source into PVR bytes.
    func testAnOutputLinkedToItsSourceIsRefused() async throws {
        let fixture = try BuildFixture(images: ["a.png": 16, "b.png": 16])
        let out = fixture.output()
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let source = fixture.source.appendingPathComponent("a.png")
        let before = try Data(contentsOf: source)
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent("a.pvr").path, withDestinationPath: "../src/a.png")
        let summary = try await fixture.build(fixture.configuration())
        XCTAssertEqual(try Data(contentsOf: source), before, "the build wrote over its own source")
        XCTAssertEqual(summary.built, 1)
        XCTAssertEqual(summary.failures.count, 1)
        let message = summary.failures.first?.failureMessage ?? ""
        XCTAssertTrue(message.contains("same file as the input"), message)
    }

    /// A source rewritten with the same size and its old modification time (`cp -p`, tar) is rebuilt:
    /// its change time moved.
    func testAContentChangeBehindTheSameSizeAndTimeIsRebuilt() async throws {
        let fixture = try BuildFixture(images: [:])
        try fixture.writeBytes(Self.tga(side: 8, value: 10), to: "a.tga")
        _ = try await fixture.build(fixture.configuration())
        let path = fixture.source.appendingPathComponent("a.tga").path
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Self.tga(side: 8, value: 200))
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        var after = stat()
        XCTAssertEqual(stat(path, &after), 0)
        XCTAssertEqual(after.st_size, info.st_size)
        XCTAssertEqual(after.st_mtim.tv_nsec, info.st_mtim.tv_nsec)
        XCTAssertEqual(after.st_mtim.tv_sec, info.st_mtim.tv_sec)

        let first = try fixture.outputs()["a.pvr"]
        let again = try await fixture.build(fixture.configuration())
        XCTAssertEqual(again.built, 1, "a changed source was taken as up to date")
        _ = try await fixture.build(fixture.configuration(output: "fresh"))
        XCTAssertNotEqual(try fixture.outputs()["a.pvr"], first)
        XCTAssertEqual(try fixture.outputs()["a.pvr"], try fixture.outputs("fresh")["a.pvr"])
    }

    /// An output folder the build cannot write fails the build before anything is encoded.
    func testAReadOnlyOutputFolderFailsBeforeEncoding() async throws {
        let fixture = try BuildFixture(images: ["a.png": 16])
        let out = fixture.output()
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let locked = try ReadOnlyFolder(out)
        defer { locked.release() }
        do {
            let summary = try await fixture.build(fixture.configuration())
            XCTFail("the build ran: \(summary.built) built, \(summary.failures.count) failed")
        } catch let error as PipelineError {
            XCTAssertTrue(error.reason.contains("cannot write"), "\(error)")
        }
    }

    /// A source whose name is not UTF-8 is reported, not silently skipped.
    func testANonUTF8FileNameIsReported() throws {
        let fixture = try BuildFixture(images: ["a.png": 8])
        let path: [CChar] = (Array(fixture.source.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".png".utf8) + [0])
            .map { CChar(bitPattern: $0) }
        let fd = open(path, O_WRONLY | O_CREAT, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        XCTAssertThrowsError(try BuildPlan.make(fixture.configuration())) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("UTF-8") && text.contains("caf\\xE9.png"), text)
        }
    }

    /// Many `**` against a deep path that does not match: polynomial, not exponential.
    func testManyDoubleStarsDoNotBacktrackExponentially() {
        let pattern = GlobPattern(Array(repeating: "**", count: 24).joined(separator: "/") + "/x/*.png")
        let path = (0..<40).map { "d\($0)" }.joined(separator: "/") + "/y.png"
        let done = expectation(description: "match finished")
        let result = LockedBox<Bool?>(nil)
        Thread {
            result.value = pattern.matches(path)
            done.fulfill()
        }.start()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(result.value, false)
        XCTAssertTrue(pattern.matches((0..<40).map { "d\($0)" }.joined(separator: "/") + "/x/y.png"))
        XCTAssertTrue(GlobPattern("**/**/a/**").matches("a"))
        XCTAssertFalse(GlobPattern("**/**/a/**/b").matches("a"))
    }

    /// An uncompressed 32-bit TGA of one grey value: the same size whatever the value.
    static func tga(side: Int, value: UInt8) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: 18)
        header[2] = 2
        header[12] = UInt8(side & 0xFF)
        header[13] = UInt8(side >> 8)
        header[14] = UInt8(side & 0xFF)
        header[15] = UInt8(side >> 8)
        header[16] = 32
        header[17] = 8
        return header + [UInt8](repeating: value, count: side * side * 4)
    }
}

/// Makes a folder unwritable for this process: mode 0555 for a normal user, the immutable
/// attribute (`chattr +i`) for root, whom modes do not stop.
final class ReadOnlyFolder {
    private let url: URL
    private let immutable: Bool

    init(_ url: URL) throws {
        self.url = url
        if getuid() == 0 {
            guard Self.chattr("+i", url) else {
                throw TestRequirement.missing(
                    "running as root and chattr +i failed on \(url.path) (e2fsprogs; a file system with the immutable attribute): no way to make a folder read-only"
                )
            }
            immutable = true
        } else {
            chmod(url.path, 0o555)
            immutable = false
        }
    }

    func release() {
        if immutable { _ = Self.chattr("-i", url) } else { chmod(url.path, 0o755) }
    }

    private static func chattr(_ flag: String, _ url: URL) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, url.path]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

/// A value shared with another thread under a lock.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
