import Foundation
import ImageFiles
import PVRCTestRequirements
import PVRCTestSupport
import TextureFormats
import XCTest

/// Cube maps a `pvrc build` manifest declares: the same file as `pvrc encode --cube` on the same
/// faces (compared byte for byte and face by face), the faces not built on their own, incremental
/// builds, the cache, the report, the ninja edge and the refusals.
final class CubeMapBuildTests: XCTestCase {
    private static let faceNames = ["px", "nx", "py", "ny", "pz", "nz"]

    /// Writes six 32x32 noise faces (one with transparency) under `src/sky/` and a plain image
    /// `src/plain.png`; returns the faces' paths relative to `src`.
    private func makeFaces(in directory: TemporaryDirectory) throws -> [String] {
        var faces: [String] = []
        for (index, name) in Self.faceNames.enumerated() {
            let relative = "sky/\(name).png"
            let url = URL(fileURLWithPath: directory.path + "/src/" + relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PNGCodec.write(
                PipelineTestImages.noise(
                    width: 32, height: 32, seed: UInt64(40 + index), alpha: index == 2 ? .mixed : .opaque), to: url)
            faces.append(relative)
        }
        try PNGCodec.write(
            PipelineTestImages.noise(width: 16, height: 16, seed: 3, alpha: .opaque),
            to: URL(fileURLWithPath: directory.path + "/src/plain.png"))
        return faces
    }

    /// Writes the manifest `textures.json` (source `src`) with one cube map `env/sky`.
    private func writeManifest(
        in directory: TemporaryDirectory, faces: [String], cubeOptions: String = #"{"mipmaps": true}"#
    ) throws -> String {
        let manifest = directory.path + "/textures.json"
        let list = faces.map { "\"\($0)\"" }.joined(separator: ", ")
        try Data(
            #"{"source": "src", "options": {"quality": "fast"}, "cube-maps": [{"name": "env/sky", "faces": [\#(list)], "options": \#(cubeOptions)}]}"#
                .utf8
        ).write(to: URL(fileURLWithPath: manifest))
        return manifest
    }

    /// `pvrc encode --cube` of the faces under `src` into `name` in `directory`.
    private func encodeCube(in directory: TemporaryDirectory, faces: [String], name: String, options: [String])
        throws -> Data
    {
        let output = directory.path + "/" + name
        let encode = try PVRCProcess.run(
            ["encode", "--cube"] + faces.map { directory.path + "/src/" + $0 } + [output, "--quiet"] + options)
        XCTAssertEqual(encode.status, 0, encode.standardError)
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    /// Asserts that two cube map files hold equal faces, face by face.
    private func assertSameFaces(_ built: Data, _ encoded: Data, _ name: String, line: UInt = #line) throws {
        let builtCube = try PVRTCCubeMap.parse(Array(built), file: "built " + name)
        let encodedCube = try PVRTCCubeMap.parse(Array(encoded), file: "encoded " + name)
        XCTAssertEqual(builtCube.faces.count, 6, line: line)
        for face in 0..<6 {
            XCTAssertEqual(builtCube.faces[face], encodedCube.faces[face], "\(name) face \(face)", line: line)
        }
    }

    func testAManifestCubeMapIsWhatEncodeCubeWrites() throws {
        let directory = try TemporaryDirectory()
        let faces = try makeFaces(in: directory)
        for (format, fileExtension) in [("pvr2", "pvr"), ("ktx", "ktx"), ("pvr3", "pvr"), ("ktx2-zstd", "ktx2")] {
            let manifest = try writeManifest(
                in: directory, faces: faces, cubeOptions: #"{"mipmaps": true, "format": "\#(format)"}"#)
            let out = directory.path + "/out-" + format
            let report = directory.path + "/report-\(format).json"
            let build = try PVRCProcess.run(["build", manifest, out, "--report", report])
            XCTAssertEqual(build.status, 0, build.standardError)
            XCTAssertTrue(
                build.standardOutput.contains("built env/sky -> env/sky.\(fileExtension)"), build.standardOutput)
            // The faces are the cube map's only: no texture of their own; the plain image is built.
            var built: [String] = []
            let enumerator = FileManager.default.enumerator(atPath: out)
            while let path = enumerator?.nextObject() as? String {
                if !path.hasPrefix("."), path.contains(".") { built.append(path) }
            }
            XCTAssertEqual(built.sorted(), ["env/sky.\(fileExtension)", "plain.pvr"])

            let cube = try Data(contentsOf: URL(fileURLWithPath: out + "/env/sky." + fileExtension))
            let encoded = try encodeCube(
                in: directory, faces: faces, name: "encoded." + fileExtension,
                options: ["--quality", "fast", "--mipmaps", "--format", format])
            XCTAssertEqual(cube, encoded, format)
            try assertSameFaces(cube, encoded, format)

            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report)))
            let entries = (object as? [String: Any])?["textures"] as? [[String: Any]] ?? []
            let entry = try XCTUnwrap(entries.first { $0["input"] as? String == "env/sky" }, "\(entries)")
            XCTAssertEqual(entry["output"] as? String, "env/sky." + fileExtension)
            XCTAssertEqual(entry["status"] as? String, "built")
            XCTAssertEqual(entry["width"] as? Int, 32)
            XCTAssertEqual(entry["levels"] as? Int, 6)
            // One face has transparency: the whole cube map is RGBA, as `encode --cube` makes it.
            XCTAssertEqual(entry["kind"] as? String, "RGBA")
            XCTAssertEqual(entry["bytes"] as? Int, cube.count)
            XCTAssertGreaterThan(entry["y_psnr"] as? Double ?? 0, 10)
        }
    }

    func testACubeMapIsUpToDateCachedAndRebuiltWhenAFaceChanges() throws {
        let directory = try TemporaryDirectory()
        let faces = try makeFaces(in: directory)
        let manifest = try writeManifest(in: directory, faces: faces)
        let out = directory.path + "/out"
        let cache = directory.path + "/cache"
        XCTAssertEqual(try PVRCProcess.run(["build", manifest, out, "--cache", cache]).status, 0)
        let again = try PVRCProcess.run(["build", manifest, out, "--cache", cache])
        XCTAssertTrue(again.standardOutput.contains("0 built, 0 from cache, 2 up to date"), again.standardOutput)

        let fresh = directory.path + "/fresh"
        let cached = try PVRCProcess.run(["build", manifest, fresh, "--cache", cache])
        XCTAssertTrue(cached.standardOutput.contains("cached env/sky -> env/sky.pvr"), cached.standardOutput)
        let expected = try encodeCube(
            in: directory, faces: faces, name: "encoded.pvr", options: ["--quality", "fast", "--mipmaps"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fresh + "/env/sky.pvr")), expected)

        try PNGCodec.write(
            PipelineTestImages.noise(width: 32, height: 32, seed: 99, alpha: .opaque),
            to: URL(fileURLWithPath: directory.path + "/src/" + faces[5]))
        let changed = try PVRCProcess.run(["build", manifest, out, "--cache", cache])
        XCTAssertTrue(changed.standardOutput.contains("built env/sky -> env/sky.pvr"), changed.standardOutput)
        let reencoded = try encodeCube(
            in: directory, faces: faces, name: "changed.pvr", options: ["--quality", "fast", "--mipmaps"])
        XCTAssertNotEqual(reencoded, expected)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out + "/env/sky.pvr")), reencoded)
    }

    func testTheEmittedNinjaEdgeEncodesTheSameCubeMap() throws {
        _ = try TestRequirement.tool(["/usr/bin/ninja"], package: "ninja-build")
        let directory = try TemporaryDirectory()
        let faces = try makeFaces(in: directory)
        let manifest = try writeManifest(in: directory, faces: faces)
        let emitted = directory.path + "/ninja-out"
        XCTAssertEqual(try PVRCProcess.run(["build", manifest, emitted, "--emit", "ninja"]).status, 0)
        let ninja = try PVRCProcess.run(executable: URL(fileURLWithPath: "/usr/bin/ninja"), ["-C", emitted])
        XCTAssertEqual(ninja.status, 0, ninja.standardOutput + ninja.standardError)
        let expected = try encodeCube(
            in: directory, faces: faces, name: "encoded.pvr", options: ["--quality", "fast", "--mipmaps"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: emitted + "/env/sky.pvr")), expected)
    }

    func testBadCubeMapsAreRefusedNamingTheirFile() throws {
        let directory = try TemporaryDirectory()
        let faces = try makeFaces(in: directory)
        let five = try writeManifest(in: directory, faces: Array(faces.prefix(5)))
        let refused = try PVRCProcess.run(["build", five, directory.path + "/out"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.standardError.contains("textures.json"), refused.standardError)
        XCTAssertTrue(refused.standardError.contains("has 5 faces; a cube map has 6"), refused.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path + "/out/env"))

        let missing = try writeManifest(in: directory, faces: Array(faces.prefix(5)) + ["sky/gone.png"])
        let failed = try PVRCProcess.run(["build", missing, directory.path + "/out2"])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.standardError.contains("sky/gone.png"), failed.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path + "/out2/env/sky.pvr"))

        try PNGCodec.write(
            PipelineTestImages.noise(width: 32, height: 16, seed: 1, alpha: .opaque),
            to: URL(fileURLWithPath: directory.path + "/src/sky/wide.png"))
        let wide = try writeManifest(
            in: directory, faces: Array(faces.prefix(5)) + ["sky/wide.png"],
            cubeOptions: #"{"allow-rectangular": true}"#)
        let notSquare = try PVRCProcess.run(["build", wide, directory.path + "/out3"])
        XCTAssertEqual(notSquare.status, 1)
        XCTAssertTrue(
            notSquare.standardError.contains("sky/wide.png: cube faces must be square, not 32x16"),
            notSquare.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path + "/out3/env/sky.pvr"))
    }
}
