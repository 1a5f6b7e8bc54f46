import Foundation
import PVRCTestSupport
import XCTest

/// A program that uses only the codec, the containers and the image files links no EGL or OpenGL ES
/// library: `ldd` on the `CodecConsumer` executable (built with the tests) proves it, and running it
/// proves the libraries it does link encode, write, read and decode a real image.
final class LinkageTests: XCTestCase {
    private static let glLibraries = ["libEGL", "libGLESv2", "libGL.so", "libGLX", "libOpenGL"]

    private func linkedLibraries(of executable: URL) throws -> String {
        let result = try PVRCProcess.run(executable: URL(fileURLWithPath: "/usr/bin/ldd"), [executable.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        return result.standardOutput
    }

    func testCodecConsumerLinksNoGL() throws {
        let libraries = try linkedLibraries(of: PVRCProcess.executable(named: "CodecConsumer"))
        XCTAssertTrue(libraries.contains("libpng"), "ldd output does not list libpng:\n\(libraries)")
        for library in Self.glLibraries {
            XCTAssertFalse(libraries.contains(library), "CodecConsumer links \(library):\n\(libraries)")
        }
    }

    /// The check above can fail: the full `pvrc` tool, which renders, does link EGL and GLES.
    func testPVRCLinksGL() throws {
        let libraries = try linkedLibraries(of: PVRCProcess.executable())
        XCTAssertTrue(libraries.contains("libEGL"), libraries)
        XCTAssertTrue(libraries.contains("libGLESv2"), libraries)
    }

    func testCodecConsumerEncodesTheExample() throws {
        let example = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/snowy-tree-256-rgba.png")
        let directory = try TemporaryDirectory()
        let output = directory.path + "/tree.pvr"
        let result = try PVRCProcess.run(
            executable: PVRCProcess.executable(named: "CodecConsumer"), [example.path, output])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "decoded 256x256\n")
        XCTAssertEqual(try directory.contents(), ["tree.pvr"])
    }
}
