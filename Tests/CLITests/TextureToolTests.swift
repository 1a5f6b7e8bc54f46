import Foundation
import ImageFiles
import PVRCTestSupport
import TextureFormats
import XCTest

/// The plugin's tool: it links no EGL or OpenGL ES (so the plugin works where no GL is installed)
/// and writes what `pvrc encode` writes for the options its manifest gives.
final class TextureToolTests: XCTestCase {
    private let example = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples/snowy-tree-256-rgba.png")

    func testTheToolLinksNoGL() throws {
        let ldd = try PVRCProcess.run(
            executable: URL(fileURLWithPath: "/usr/bin/ldd"), [PVRCProcess.executable(named: "PVRTCTextureTool").path])
        XCTAssertEqual(ldd.status, 0, ldd.standardError)
        XCTAssertTrue(ldd.standardOutput.contains("libpng"), ldd.standardOutput)
        for library in ["libEGL", "libGLESv2", "libGL.so", "libGLX", "libOpenGL", "libcurl"] {
            XCTAssertFalse(
                ldd.standardOutput.contains(library), "PVRTCTextureTool links \(library):\n\(ldd.standardOutput)")
        }
    }

    func testManifestOptionsApplyAndTheBytesMatchEncode() throws {
        let directory = try TemporaryDirectory()
        let manifest = directory.path + "/pvrc.json"
        try Data(
            #"{"options": {"quality": "fast"}, "overrides": [{"match": "ui/**", "options": {"mipmaps": true}}]}"#.utf8
        )
        .write(to: URL(fileURLWithPath: manifest))
        let image = directory.path + "/tree.png"
        try PNGCodec.write(
            PipelineTestImages.noise(width: 32, height: 32, seed: 7, alpha: .mixed), to: URL(fileURLWithPath: image))
        let tool = try PVRCProcess.executable(named: "PVRTCTextureTool")
        let output = directory.path + "/generated/ui/tree.pvr"
        let run = try PVRCProcess.run(
            executable: tool, [image, output, "--path", "ui/tree.png", "--manifest", manifest])
        XCTAssertEqual(run.status, 0, run.standardError)
        let reference = directory.path + "/reference.pvr"
        let encode = try PVRCProcess.run(["encode", image, reference, "--quality", "fast", "--mipmaps", "--quiet"])
        XCTAssertEqual(encode.status, 0, encode.standardError)
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: output)), try Data(contentsOf: URL(fileURLWithPath: reference)))
        XCTAssertEqual(try TextureFile.read(from: URL(fileURLWithPath: output)).texture.levels.count, 6)
    }

    /// A cube map the plugin's manifest declares (`cube-maps`), as the plugin runs the tool for it:
    /// the file `pvrc encode --cube` writes for the same faces and options, face by face, and from
    /// the cache on the second run.
    func testAManifestCubeMapIsWhatEncodeCubeWrites() throws {
        let directory = try TemporaryDirectory()
        var faces: [String] = []
        for (index, name) in ["px", "nx", "py", "ny", "pz", "nz"].enumerated() {
            let face = directory.path + "/sky/\(name).png"
            try FileManager.default.createDirectory(
                atPath: directory.path + "/sky", withIntermediateDirectories: true)
            try PNGCodec.write(
                PipelineTestImages.noise(width: 32, height: 32, seed: UInt64(20 + index), alpha: .opaque),
                to: URL(fileURLWithPath: face))
            faces.append(face)
        }
        let manifest = directory.path + "/pvrc.json"
        let list = ["px", "nx", "py", "ny", "pz", "nz"].map { "\"sky/\($0).png\"" }.joined(separator: ", ")
        try Data(
            #"{"options": {"quality": "fast"}, "cube-maps": [{"name": "sky", "faces": [\#(list)], "options": {"mipmaps": true}}]}"#
                .utf8
        ).write(to: URL(fileURLWithPath: manifest))
        let tool = try PVRCProcess.executable(named: "PVRTCTextureTool")
        let reference = directory.path + "/reference.pvr"
        let encode = try PVRCProcess.run(
            ["encode", "--cube"] + faces + [reference, "--quality", "fast", "--mipmaps", "--quiet"])
        XCTAssertEqual(encode.status, 0, encode.standardError)
        let expected = try Data(contentsOf: URL(fileURLWithPath: reference))
        let expectedCube = try PVRTCCubeMap.parse(Array(expected), file: reference)
        for run in 1...2 {
            let output = directory.path + "/out\(run)/sky.pvr"
            let result = try PVRCProcess.run(
                executable: tool,
                ["--cube"] + faces + [
                    output, "--path", "sky", "--manifest", manifest, "--cache", directory.path + "/cache",
                ])
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertEqual(result.standardOutput.contains("taken from the cache"), run == 2, result.standardOutput)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
            XCTAssertEqual(bytes, expected)
            let cube = try PVRTCCubeMap.parse(Array(bytes), file: output)
            for face in 0..<6 {
                XCTAssertEqual(cube.faces[face], expectedCube.faces[face], "face \(face)")
            }
            XCTAssertEqual(cube.shape.levels.count, 6)
        }
        let unknown = try PVRCProcess.run(
            executable: tool,
            ["--cube"] + faces + [directory.path + "/x.pvr", "--path", "moon", "--manifest", manifest])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.standardError.contains("declares no cube map \"moon\""), unknown.standardError)
    }

    func testAKTXFormatForAPVROutputIsRefused() throws {
        let directory = try TemporaryDirectory()
        let manifest = directory.path + "/pvrc.json"
        try Data(#"{"options": {"format": "ktx"}}"#.utf8).write(to: URL(fileURLWithPath: manifest))
        let run = try PVRCProcess.run(
            executable: PVRCProcess.executable(named: "PVRTCTextureTool"),
            [example.path, directory.path + "/tree.pvr", "--path", "tree.png", "--manifest", manifest])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.standardError.contains("asks for format ktx"), run.standardError)
        XCTAssertEqual(try directory.contents(), ["pvrc.json"])
    }

    /// Two-part extensions: a `pvr-ccz` (`pvr-gz`) format writes a `.pvr.ccz` (`.pvr.gz`) output, the
    /// same bytes as `pvrc encode --format`, and is refused for a plain `.pvr` output.
    func testCompressedPVRFormatsWriteTheirTwoPartExtensions() throws {
        let directory = try TemporaryDirectory()
        let tool = try PVRCProcess.executable(named: "PVRTCTextureTool")
        for (format, name) in [("pvr-ccz", "tree.pvr.ccz"), ("pvr-gz", "tree.pvr.gz")] {
            let manifest = directory.path + "/pvrc.json"
            try Data(#"{"options": {"quality": "fast", "format": "\#(format)"}}"#.utf8)
                .write(to: URL(fileURLWithPath: manifest))
            let output = directory.path + "/out/" + name
            let run = try PVRCProcess.run(
                executable: tool, [example.path, output, "--path", "tree.png", "--manifest", manifest])
            XCTAssertEqual(run.status, 0, run.standardError)
            let reference = directory.path + "/reference-" + name
            let encode = try PVRCProcess.run([
                "encode", example.path, reference, "--quality", "fast", "--format", format, "--quiet",
            ])
            XCTAssertEqual(encode.status, 0, encode.standardError)
            XCTAssertEqual(
                try Data(contentsOf: URL(fileURLWithPath: output)),
                try Data(contentsOf: URL(fileURLWithPath: reference)), format)
            XCTAssertEqual(try TextureFile.read(from: URL(fileURLWithPath: output)).container.rawValue, format)
            let plain = try PVRCProcess.run(
                executable: tool,
                [example.path, directory.path + "/out/plain.pvr", "--path", "tree.png", "--manifest", manifest])
            XCTAssertEqual(plain.status, 1)
            XCTAssertTrue(plain.standardError.contains("asks for format \(format)"), plain.standardError)
        }
    }

    /// The tool runs the same encode job as `pvrc encode`: a horizontal flip into PVR v2 is refused,
    /// premultiplied alpha into PVR v2 warns, with encode's words; old manifest spellings warn.
    func testTheToolRefusesAndWarnsAsEncodeDoes() throws {
        let directory = try TemporaryDirectory()
        let tool = try PVRCProcess.executable(named: "PVRTCTextureTool")
        func run(_ options: String) throws -> PVRCProcess.Result {
            let manifest = directory.path + "/pvrc.json"
            try Data(#"{"options": {"quality": "fast", \#(options)}}"#.utf8).write(to: URL(fileURLWithPath: manifest))
            return try PVRCProcess.run(
                executable: tool,
                [example.path, directory.path + "/out/tree.pvr", "--path", "tree.png", "--manifest", manifest])
        }
        let flipped = try run(#""flip": "x""#)
        XCTAssertEqual(flipped.status, 1)
        XCTAssertTrue(
            flipped.standardError.contains("PVR v2 (legacy) cannot record a horizontal flip"), flipped.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path + "/out/tree.pvr"))
        let premultiplied = try run(#""premultiply": true"#)
        XCTAssertEqual(premultiplied.status, 0, premultiplied.standardError)
        XCTAssertTrue(
            premultiplied.standardError.contains(
                "warning: \(directory.path)/out/tree.pvr: PVR v2 (legacy) cannot record premultiplied alpha"),
            premultiplied.standardError)
        let old = try run(#""alphaBleed": false"#)
        XCTAssertEqual(old.status, 0, old.standardError)
        XCTAssertTrue(
            old.standardError.contains("option \"alphaBleed\" is now spelled \"alpha-bleed\""), old.standardError)
    }

    /// TGA and JPEG sources (the example game's, so the plugin example uses them too) give the bytes
    /// `pvrc encode` gives.
    func testTGAAndJPEGSourcesMatchEncode() throws {
        let directory = try TemporaryDirectory()
        let textures = example.deletingLastPathComponent().appendingPathComponent(
            "TexturedGame/Sources/TexturedGame/Textures")
        let tool = try PVRCProcess.executable(named: "PVRTCTextureTool")
        for relative in ["ui/tree-badge.tga", "tree-photo.jpg"] {
            let source = textures.appendingPathComponent(relative).path
            let output = directory.path + "/" + relative + ".pvr"
            let run = try PVRCProcess.run(executable: tool, [source, output, "--path", relative])
            XCTAssertEqual(run.status, 0, run.standardError)
            let reference = directory.path + "/reference.pvr"
            let encode = try PVRCProcess.run(["encode", source, reference, "--quiet"])
            XCTAssertEqual(encode.status, 0, encode.standardError)
            XCTAssertEqual(
                try Data(contentsOf: URL(fileURLWithPath: output)),
                try Data(contentsOf: URL(fileURLWithPath: reference)),
                relative)
        }
    }

    /// With `--cache`, a second run for the same image bytes, options and tool copies the first run's
    /// texture; other options, other bytes, another tool or a tampered entry encode again. The cache
    /// is `pvrc build`'s directory cache: `ac/KEY` pointers to `cas/SHA-256` files.
    func testTheCacheServesOnlyTheSameBytesOptionsAndTool() throws {
        let directory = try TemporaryDirectory()
        let cache = directory.path + "/cache"
        let manifest = directory.path + "/pvrc.json"
        let image = directory.path + "/tree.png"
        try PNGCodec.write(
            PipelineTestImages.noise(width: 32, height: 32, seed: 5, alpha: .mixed), to: URL(fileURLWithPath: image))
        var tool = try PVRCProcess.executable(named: "PVRTCTextureTool")
        var runs = 0
        /// Runs the tool with `quality`; returns whether it took the cache and the output's bytes.
        func encode(_ quality: String) throws -> (cached: Bool, bytes: Data) {
            try Data(#"{"options": {"quality": "\#(quality)"}}"#.utf8).write(to: URL(fileURLWithPath: manifest))
            runs += 1
            let output = directory.path + "/out/\(runs)/tree.pvr"
            let run = try PVRCProcess.run(
                executable: tool, [image, output, "--path", "tree.png", "--manifest", manifest, "--cache", cache])
            XCTAssertEqual(run.status, 0, run.standardError)
            return (
                run.standardOutput.contains("taken from the cache"), try Data(contentsOf: URL(fileURLWithPath: output))
            )
        }
        let reference = directory.path + "/reference.pvr"
        XCTAssertEqual(try PVRCProcess.run(["encode", image, reference, "--quality", "fast", "--quiet"]).status, 0)
        let expected = try Data(contentsOf: URL(fileURLWithPath: reference))

        let first = try encode("fast")
        XCTAssertFalse(first.cached)
        XCTAssertEqual(first.bytes, expected)
        let second = try encode("fast")
        XCTAssertTrue(second.cached)
        XCTAssertEqual(second.bytes, expected)

        let other = try encode("normal")
        XCTAssertFalse(other.cached, "other options")
        XCTAssertNotEqual(other.bytes, expected)

        try PNGCodec.write(
            PipelineTestImages.noise(width: 32, height: 32, seed: 6, alpha: .mixed), to: URL(fileURLWithPath: image))
        XCTAssertFalse(try encode("fast").cached, "other image bytes")
        try PNGCodec.write(
            PipelineTestImages.noise(width: 32, height: 32, seed: 5, alpha: .mixed), to: URL(fileURLWithPath: image))
        XCTAssertTrue(try encode("fast").cached)

        // Every stored texture has one byte changed: no entry may be used, and each is replaced.
        for name in try FileManager.default.contentsOfDirectory(atPath: cache + "/cas") {
            let url = URL(fileURLWithPath: cache + "/cas/" + name)
            var bytes = try Data(contentsOf: url)
            bytes[bytes.count - 1] ^= 0xFF
            try bytes.write(to: url)
        }
        let tampered = try encode("fast")
        XCTAssertFalse(tampered.cached, "a file that does not match its pointer")
        XCTAssertEqual(tampered.bytes, expected)
        XCTAssertTrue(try encode("fast").cached, "the tampered entry was stored again")

        // A different tool (one more byte at the end of a copy) does not use the entries of this one.
        let copy = URL(fileURLWithPath: directory.path + "/PVRTCTextureTool")
        try FileManager.default.copyItem(at: tool, to: copy)
        let handle = try FileHandle(forWritingTo: copy)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        tool = copy
        XCTAssertFalse(try encode("fast").cached, "another tool")
        XCTAssertTrue(try encode("fast").cached)
    }
}
