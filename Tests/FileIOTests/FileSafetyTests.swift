import Foundation
import PVRCTestSupport
import XCTest

@testable import FileIO

/// Non-regular inputs are refused before they are opened, outputs are checked before work starts,
/// writes go through symbolic links, and abandoned temporaries are cleaned up.
final class FileSafetyTests: XCTestCase {
    func testFIFOIsRefusedWithoutBlocking() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path + "/pipe.pvr"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let done = DispatchSemaphore(value: 0)
        let outcome = LockedBox<Result<[UInt8], FileIOError>?>(nil)
        DispatchQueue.global().async {
            outcome.value = Result { () throws(FileIOError) -> [UInt8] in try FileBytes.read(URL(fileURLWithPath: fifo))
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + 5) == .success else {
            return XCTFail("reading a FIFO blocked for 5 s")
        }
        guard case .failure(let error)? = outcome.value else {
            return XCTFail("reading a FIFO did not fail: \(String(describing: outcome.value))")
        }
        XCTAssertEqual(error, FileIOError(file: fifo, reason: "not a regular file"))
    }

    func testAFileOverTheSizeLimitIsRefusedUnread() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/big.bin"
        try Data(repeating: 7, count: 300).write(to: URL(fileURLWithPath: path))
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        XCTAssertThrowsError(try FileBytes.read(URL(fileURLWithPath: path), maximumSize: 299)) { error in
            XCTAssertEqual(
                error as? FileIOError, FileIOError(file: path, reason: "is 300 bytes, over the limit of 299"))
        }
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_atim.tv_sec, 1_000_000_000, "the file was read")
        XCTAssertEqual(try FileBytes.read(URL(fileURLWithPath: path), maximumSize: 300).count, 300)
    }

    func testDeviceIsRefused() {
        XCTAssertThrowsError(try FileBytes.read(URL(fileURLWithPath: "/dev/zero"))) { error in
            XCTAssertEqual(error as? FileIOError, FileIOError(file: "/dev/zero", reason: "not a regular file"))
        }
    }

    func testWriteThroughSymbolicLinkReplacesTheTargetAndKeepsTheLink() throws {
        let directory = try TemporaryDirectory()
        let real = directory.path + "/real.pvr"
        let link = directory.path + "/link.pvr"
        try AtomicFileWriter.write([1], to: URL(fileURLWithPath: real))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.pvr")
        try AtomicFileWriter.write([2, 3], to: URL(fileURLWithPath: link))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "real.pvr")
        XCTAssertEqual(try FileBytes.read(URL(fileURLWithPath: real)), [2, 3])
        XCTAssertEqual(try directory.contents().sorted(), ["link.pvr", "real.pvr"])
    }

    func testDanglingSymbolicLinkIsRefused() throws {
        let directory = try TemporaryDirectory()
        let link = directory.path + "/link.pvr"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "missing/real.pvr")
        XCTAssertThrowsError(try AtomicFileWriter.write([1], to: URL(fileURLWithPath: link))) { error in
            XCTAssertEqual(
                error as? FileIOError,
                FileIOError(file: link, reason: "is a symbolic link to a file that does not exist"))
        }
        XCTAssertEqual(try directory.contents(), ["link.pvr"])
    }

    func testOutputThatIsAnInputIsRefused() throws {
        let directory = try TemporaryDirectory()
        let input = directory.path + "/in.pvr"
        try AtomicFileWriter.write([1, 2], to: URL(fileURLWithPath: input))
        let link = directory.path + "/link.pvr"
        let hard = directory.path + "/hard.pvr"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: input)
        XCTAssertEqual(Foundation.link(input, hard), 0)
        let spelledDifferently = directory.path + "/./in.pvr"
        for output in [input, link, hard, spelledDifferently] {
            XCTAssertThrowsError(
                try OutputDestination.check(URL(fileURLWithPath: output), notOverwriting: [URL(fileURLWithPath: input)])
            ) { error in
                XCTAssertEqual(
                    error as? FileIOError,
                    FileIOError(
                        file: output, reason: "is the same file as the input \(input); refusing to overwrite it"))
            }
        }
        XCTAssertNoThrow(
            try OutputDestination.check(
                URL(fileURLWithPath: directory.path + "/new.pvr"), notOverwriting: [URL(fileURLWithPath: input)]))
        XCTAssertEqual(try FileBytes.read(URL(fileURLWithPath: input)), [1, 2])
    }

    func testOutputDirectoryMustExist() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.path + "/missing/out.pvr"
        XCTAssertThrowsError(try OutputDestination.check(URL(fileURLWithPath: missing), notOverwriting: [])) { error in
            XCTAssertEqual(
                error as? FileIOError,
                FileIOError(
                    file: missing,
                    reason: "cannot write to directory \(directory.path)/missing: No such file or directory"))
        }
        let file = directory.path + "/plain"
        try AtomicFileWriter.write([1], to: URL(fileURLWithPath: file))
        XCTAssertThrowsError(try OutputDestination.check(URL(fileURLWithPath: file + "/out.pvr"), notOverwriting: [])) {
            error in
            XCTAssertEqual((error as? FileIOError)?.reason, "\(file) is not a directory")
        }
    }

    func testAbandonedTemporariesOfDeadWritersAreRemovedOthersKept() throws {
        let directory = try TemporaryDirectory()
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = finished.processIdentifier
        let abandoned = ".out.pvr.\(dead)-k3j2.tmp"
        let kept = [
            ".out.pvr.1-abc.tmp",  // pid 1 is alive
            ".out.pvr.\(getpid())-abc.tmp",  // this process: a write in progress
            ".other.pvr.\(dead)-abc.tmp",  // another target's
            ".out.pvr.notes.tmp",  // not our pattern
            "out.pvr.\(dead)-abc.tmp",  // not hidden: not ours
        ]
        for name in [abandoned] + kept {
            try AtomicFileWriter.write([0], to: URL(fileURLWithPath: directory.path + "/staging"))
            XCTAssertEqual(rename(directory.path + "/staging", directory.path + "/" + name), 0)
        }
        try AtomicFileWriter.write([5], to: URL(fileURLWithPath: directory.path + "/out.pvr"))
        XCTAssertEqual(try directory.contents().sorted(), (kept + ["out.pvr"]).sorted())
        XCTAssertEqual(try FileBytes.read(URL(fileURLWithPath: directory.path + "/out.pvr")), [5])
    }

    func testTemporaryNamesCarryTheWriterProcess() {
        let name = StaleTemporaries.name(for: "out.pvr")
        XCTAssertEqual(StaleTemporaries.writerProcess(of: name, base: "out.pvr"), getpid())
        XCTAssertNil(StaleTemporaries.writerProcess(of: name, base: "out.ktx"))
        XCTAssertNil(StaleTemporaries.writerProcess(of: ".out.pvr.12-AB.tmp", base: "out.pvr"))
        XCTAssertNil(StaleTemporaries.writerProcess(of: ".out.pvr.-1-ab.tmp", base: "out.pvr"))
    }
}

/// A value shared between a test and a Dispatch thread, guarded by a lock.
private final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
