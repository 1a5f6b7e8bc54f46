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

    /// A game that loads textures with the loader and its own uploader links no EGL or GLES either.
    func testLoaderConsumerLinksNoGL() throws {
        let libraries = try linkedLibraries(of: PVRCProcess.executable(named: "LoaderConsumer"))
        XCTAssertTrue(libraries.contains("libFoundation"), "ldd output does not list Foundation:\n\(libraries)")
        for library in Self.glLibraries {
            XCTAssertFalse(libraries.contains(library), "LoaderConsumer links \(library):\n\(libraries)")
        }
    }

    #if PVRC_GL
        /// The checks above can fail: the full `pvrc` tool, which renders, does link EGL and GLES.
        func testPVRCLinksGL() throws {
            let libraries = try linkedLibraries(of: PVRCProcess.executable())
            XCTAssertTrue(libraries.contains("libEGL"), libraries)
            XCTAssertTrue(libraries.contains("libGLESv2"), libraries)
        }
    #else
        /// Built without GL (`PVRC_GL=0`), not even the full `pvrc` tool links EGL or GLES.
        func testPVRCWithoutGLLinksNoGL() throws {
            let libraries = try linkedLibraries(of: PVRCProcess.executable())
            for library in Self.glLibraries {
                XCTAssertFalse(libraries.contains(library), "pvrc links \(library):\n\(libraries)")
            }
        }
    #endif

    func testCodecConsumerEncodesTheExample() throws {
        let example = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/snowy-tree-256-rgba.png")
        let directory = try TemporaryDirectory()
        let output = directory.path + "/tree.pvr"
        let result = try PVRCProcess.run(
            executable: PVRCProcess.executable(named: "CodecConsumer"), [example.path, output])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "decoded 256x256")
        XCTAssertEqual(try directory.contents(), ["tree.pvr"])
        // Top-level `try await PVRTCEncoder.encode(…) { progress in … }` ran the async encoder: its
        // progress comes from a Dispatch thread; a synchronous overload would report on the main thread.
        let counts = lines.last.map { $0.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) } } ?? []
        XCTAssertEqual(counts.count, 2, result.standardOutput)
        XCTAssertGreaterThan(counts.first ?? 0, 0, result.standardOutput)
        XCTAssertEqual(counts.last, 0, "progress reported on the main thread: \(result.standardOutput)")
    }

    func testLoaderConsumerLoadsThroughItsOwnUploader() throws {
        let example = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/snowy-tree-256-rgba.png")
        let directory = try TemporaryDirectory()
        let texture = directory.path + "/tree.pvr"
        let encoded = try PVRCProcess.run(
            executable: PVRCProcess.executable(named: "CodecConsumer"), [example.path, texture])
        XCTAssertEqual(encoded.status, 0, encoded.standardError)
        let result = try PVRCProcess.run(executable: PVRCProcess.executable(named: "LoaderConsumer"), [texture])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "\(texture): 256x256, 1 levels, 262144 bytes\nuploads 1, hits 1\n")
        // An uncompressed RGBA4444 file in cocos2d's CCZ wrapper, sorted by its content.
        let cocos2d = example.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/TextureFormatsTests/Fixtures/cocos2d-objc/test_image_rgba4444.pvr.ccz").path
        let uncompressed = try PVRCProcess.run(
            executable: PVRCProcess.executable(named: "LoaderConsumer"), [cocos2d])
        XCTAssertEqual(uncompressed.status, 0, uncompressed.standardError)
        XCTAssertEqual(uncompressed.standardOutput, "\(cocos2d): 128x128, 1 levels, 65536 bytes\nuploads 1, hits 1\n")
        let missing = directory.path + "/absent.pvr"
        let failure = try PVRCProcess.run(executable: PVRCProcess.executable(named: "LoaderConsumer"), [missing])
        XCTAssertEqual(failure.status, 1)
        // The loader names the file by its canonical path, once.
        let canonical = URL(fileURLWithPath: missing).standardizedFileURL.path
        XCTAssertEqual(failure.standardError, "LoaderConsumer: \(canonical): no such file\n")
    }
}
