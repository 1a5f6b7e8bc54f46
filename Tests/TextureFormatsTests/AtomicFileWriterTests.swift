import Foundation
import XCTest

@testable import TextureFormats

/// The atomic writer leaves either the old file or the complete new one, and never a temporary file.
final class AtomicFileWriterTests: XCTestCase {
    func testWritesNewFileWithoutLeftovers() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/out.pvr"
        try AtomicFileWriter.write([1, 2, 3], to: path)
        XCTAssertEqual(try FileBytes.read(path: path), [1, 2, 3])
        XCTAssertEqual(try directory.contents(), ["out.pvr"])
    }

    func testReplacesExistingFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/out.pvr"
        try AtomicFileWriter.write([UInt8](repeating: 9, count: 100_000), to: path)
        try AtomicFileWriter.write([], to: path)
        XCTAssertEqual(try FileBytes.read(path: path), [])
        try AtomicFileWriter.write([4, 5], to: path)
        XCTAssertEqual(try FileBytes.read(path: path), [4, 5])
        XCTAssertEqual(try directory.contents(), ["out.pvr"])
    }

    func testMissingDirectoryFails() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/missing/out.pvr"
        XCTAssertThrowsError(try AtomicFileWriter.write([1], to: path)) { error in
            guard case let TextureFormatError.io(file, reason) = error else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(file, path)
            XCTAssertTrue(reason.contains("No such file or directory"), reason)
        }
        XCTAssertEqual(try directory.contents(), [])
    }

    func testFailedRenameRemovesTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        let target = directory.path + "/target"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        try AtomicFileWriter.write([7], to: target + "/inside")
        XCTAssertThrowsError(try AtomicFileWriter.write([1, 2, 3], to: target)) { error in
            guard case let TextureFormatError.io(file, reason) = error else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(file, target)
            XCTAssertTrue(reason.hasPrefix("cannot replace: "), reason)
        }
        XCTAssertEqual(try directory.contents(), ["target"])
        XCTAssertEqual(try FileBytes.read(path: target + "/inside"), [7])
    }

    func testDirectoryOfPath() {
        XCTAssertEqual(AtomicFileWriter.directoryOf("out.pvr"), ".")
        XCTAssertEqual(AtomicFileWriter.directoryOf("/out.pvr"), "/")
        XCTAssertEqual(AtomicFileWriter.directoryOf("a/b/out.pvr"), "a/b")
    }

    func testReadingADirectoryIsAnError() throws {
        let directory = try TemporaryDirectory()
        XCTAssertThrowsError(try TextureFile.read(path: directory.path)) { error in
            XCTAssertEqual(error as? TextureFormatError, .io(file: directory.path, reason: "not a regular file"))
        }
    }
}
