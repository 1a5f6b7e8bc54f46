import Foundation
import PVRCTestSupport
import TextureFormats
import XCTest

@testable import FileIO

/// The atomic writer leaves either the old file or the complete new one, and never a temporary file.
final class AtomicFileWriterTests: XCTestCase {
    func testWritesNewFileWithoutLeftovers() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/out.pvr"
        try AtomicFileWriter.write([1, 2, 3], to: URL(fileURLWithPath: path))
        XCTAssertEqual(try FileBytes.read(URL(fileURLWithPath: path)), [1, 2, 3])
        XCTAssertEqual(try directory.contents(), ["out.pvr"])
    }

    func testReplacesExistingFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/out.pvr"
        try AtomicFileWriter.write([UInt8](repeating: 9, count: 100_000), to: URL(fileURLWithPath: path))
        try AtomicFileWriter.write([], to: URL(fileURLWithPath: path))
        XCTAssertEqual(try FileBytes.read(URL(fileURLWithPath: path)), [])
        try AtomicFileWriter.write([4, 5], to: URL(fileURLWithPath: path))
        XCTAssertEqual(try FileBytes.read(URL(fileURLWithPath: path)), [4, 5])
        XCTAssertEqual(try directory.contents(), ["out.pvr"])
    }

    func testMissingDirectoryFails() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/missing/out.pvr"
        XCTAssertThrowsError(try AtomicFileWriter.write([1], to: URL(fileURLWithPath: path))) { error in
            guard let error = error as? FileIOError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(error.file, path)
            XCTAssertTrue(error.reason.contains("No such file or directory"), error.reason)
        }
        XCTAssertEqual(try directory.contents(), [])
    }

    func testDirectoryTargetIsRefusedWithoutLeftovers() throws {
        let directory = try TemporaryDirectory()
        let target = directory.path + "/target"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        try AtomicFileWriter.write([7], to: URL(fileURLWithPath: target + "/inside"))
        XCTAssertThrowsError(try AtomicFileWriter.write([1, 2, 3], to: URL(fileURLWithPath: target))) { error in
            guard let error = error as? FileIOError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(error.file, target)
            XCTAssertEqual(error.reason, "is a directory")
        }
        XCTAssertEqual(try directory.contents(), ["target"])
        XCTAssertEqual(try FileBytes.read(URL(fileURLWithPath: target + "/inside")), [7])
    }

    func testDirectoryOfPath() {
        XCTAssertEqual(AtomicFileWriter.directoryOf("out.pvr"), ".")
        XCTAssertEqual(AtomicFileWriter.directoryOf("/out.pvr"), "/")
        XCTAssertEqual(AtomicFileWriter.directoryOf("a/b/out.pvr"), "a/b")
    }

    func testReadingADirectoryIsAnError() throws {
        let directory = try TemporaryDirectory()
        XCTAssertThrowsError(try TextureFile.read(from: directory.url)) { error in
            XCTAssertEqual(error as? TextureFormatError, .io(file: directory.path, reason: "not a regular file"))
        }
    }
}
