import Foundation
import ImageFiles
import PVRCTestRequirements
import PVRCTestSupport
import TextureFormats
import XCTest

/// `pvrc build` run as users run it: outputs identical to `pvrc encode`, failures, killed builds,
/// reports, emitted ninja files and the HTTP cache through a real nginx.
final class BuildCommandTests: XCTestCase {
    private func makeSource(
        in directory: TemporaryDirectory, images: [String: Int], folder: String = "src"
    ) throws -> String {
        let source = directory.path + "/" + folder
        var seed: UInt64 = 11
        for (path, side) in images.sorted(by: { $0.key < $1.key }) {
            let url = URL(fileURLWithPath: source + "/" + path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PNGCodec.write(
                PipelineTestImages.noise(
                    width: side, height: side, seed: seed, alpha: seed % 2 == 0 ? .mixed : .opaque), to: url)
            seed += 1
        }
        return source
    }

    /// Relative path → bytes of the texture files under `folder` (hidden files skipped).
    private func textures(in folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if (name.hasSuffix(".pvr") || name.hasSuffix(".ktx")) && !name.hasPrefix(".") {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
            }
        }
        return files
    }

    /// The counts in the summary line `pvrc build: B built, C from cache, U up to date, F failed ...`.
    private func counts(_ output: String) -> (built: Int, cached: Int, upToDate: Int, failed: Int)? {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("pvrc build: ") }) else { return nil }
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        guard numbers.count >= 4 else { return nil }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    }

    func testBuildWritesExactlyWhatEncodeWrites() throws {
        let directory = try TemporaryDirectory()
        let images = ["a.png": 16, "deep/er/b.png": 32, "c.png": 8]
        let source = try makeSource(in: directory, images: images)
        for extra in [[String](), ["--format", "ktx", "--mipmaps"]] {
            let out = directory.path + "/out\(extra.count)"
            let build = try PVRCProcess.run(["build", source, out, "--quality", "fast", "--jobs", "3"] + extra)
            XCTAssertEqual(build.status, 0, build.standardError)
            XCTAssertEqual(counts(build.standardOutput)?.built, 3, build.standardOutput)
            let built = try textures(in: out)
            let ext = extra.isEmpty ? "pvr" : "ktx"
            for path in images.keys {
                let output = String(path.dropLast(3)) + ext
                let single = directory.path + "/single." + ext
                let encode = try PVRCProcess.run(
                    ["encode", source + "/" + path, single, "--quality", "fast", "--quiet"] + extra)
                XCTAssertEqual(encode.status, 0, encode.standardError)
                XCTAssertEqual(built[output], try Data(contentsOf: URL(fileURLWithPath: single)), output)
            }
            XCTAssertEqual(built.count, 3)
        }
    }

    func testFailingTextureMidBatchIsSummarizedAndExitsOne() throws {
        let directory = try TemporaryDirectory()
        let source = try makeSource(in: directory, images: ["a.png": 16, "c.png": 16])
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: source + "/b.png"))
        try PNGCodec.write(
            PipelineTestImages.noise(width: 24, height: 16, seed: 3, alpha: .opaque),
            to: URL(fileURLWithPath: source + "/b2.png"))
        let out = directory.path + "/out"
        let result = try PVRCProcess.run(["build", source, out, "--quality", "fast", "--jobs", "1"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(counts(result.standardOutput)?.built, 2, result.standardOutput)
        XCTAssertEqual(counts(result.standardOutput)?.failed, 2, result.standardOutput)
        let errors = result.standardError.split(separator: "\n")
        XCTAssertEqual(errors.count, 2, result.standardError)
        XCTAssertTrue(errors[0].hasPrefix("pvrc: b.png: not a PNG, JPEG or TGA image"), result.standardError)
        XCTAssertTrue(
            errors[1].hasPrefix("pvrc: b2.png is 24x16: ") && errors[1].contains("--square pad|stretch"),
            result.standardError)
        XCTAssertTrue(result.standardOutput.contains("failed b.png -> b.pvr"), result.standardOutput)
        XCTAssertEqual(Set(try textures(in: out).keys), ["a.pvr", "c.pvr"])
    }

    /// Failures name sources relative to SOURCE, with a folder or a manifest whose source is `./src/.`,
    /// and files with image extensions pvrc does not read are listed once each as skipped.
    func testMessagesNameSourcesRelativeToSourceAndListSkippedImages() throws {
        let directory = try TemporaryDirectory()
        let source = try makeSource(in: directory, images: ["characters/ok.png": 16])
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: source + "/characters/bad.png"))
        for skipped in ["characters/hero.bmp", "sky.WEBP", "characters/layers.psd", "env.exr", "spin.gif"] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: source + "/" + skipped))
        }
        try Data("notes".utf8).write(to: URL(fileURLWithPath: source + "/readme.txt"))
        let manifest = directory.path + "/textures.json"
        try Data(#"{"source": "./src/."}"#.utf8).write(to: URL(fileURLWithPath: manifest))
        for input in [source, manifest] {
            let out = directory.path + "/out-\(input == source ? "folder" : "manifest")"
            let result = try PVRCProcess.run(["build", input, out, "--quality", "fast", "--jobs", "1"])
            XCTAssertEqual(result.status, 1, result.standardError)
            let errors = result.standardError.split(separator: "\n").map(String.init)
            XCTAssertEqual(
                errors.filter { $0.hasPrefix("pvrc: warning: skipped ") },
                [
                    "pvrc: warning: skipped characters/hero.bmp: not a format pvrc reads (PNG, JPEG, TGA)",
                    "pvrc: warning: skipped characters/layers.psd: not a format pvrc reads (PNG, JPEG, TGA)",
                    "pvrc: warning: skipped env.exr: not a format pvrc reads (PNG, JPEG, TGA)",
                    "pvrc: warning: skipped sky.WEBP: not a format pvrc reads (PNG, JPEG, TGA)",
                    "pvrc: warning: skipped spin.gif: not a format pvrc reads (PNG, JPEG, TGA)",
                ], result.standardError)
            XCTAssertTrue(
                errors.contains { $0.hasPrefix("pvrc: characters/bad.png: not a PNG, JPEG or TGA image") },
                result.standardError)
            XCTAssertTrue(
                result.standardOutput.contains("failed characters/bad.png -> characters/bad.pvr"),
                result.standardOutput)
            XCTAssertFalse(result.standardError.contains("src/"), result.standardError)
            XCTAssertFalse(result.standardError.contains("readme.txt"), result.standardError)
        }
    }

    func testKilledBuildLeavesNoPartialOutputAndTheRerunFinishesIt() throws {
        let directory = try TemporaryDirectory()
        // 512² each: the encoder is optimised in debug builds too, and 64² textures were all done
        // before the state file's first save (after a second) and the kill.
        let images = Dictionary(uniqueKeysWithValues: (0..<10).map { ("t\($0).png", 512) })
        let source = try makeSource(in: directory, images: images)
        let out = directory.path + "/out"
        let process = Process()
        process.executableURL = try PVRCProcess.executable()
        process.arguments = ["build", source, out, "--quality", "normal", "--jobs", "1", "--threads", "1", "--quiet"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Kill it once the state file records finished textures, long before the tenth.
        let state = out + "/.pvrc-build-state.json"
        let deadline = Date(timeIntervalSinceNow: 120)
        while !FileManager.default.fileExists(atPath: state) && process.isRunning && Date() < deadline {
            usleep(20_000)
        }
        XCTAssertTrue(process.isRunning, "the build finished before it could be killed; make the images larger")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        let partial = try textures(in: out)
        XCTAssertFalse(partial.isEmpty)
        XCTAssertLessThan(partial.count, 10)
        for (path, bytes) in partial {
            XCTAssertNoThrow(try TextureFile.parse([UInt8](bytes), file: path), "\(path) is not a complete texture")
        }
        let rerun = try PVRCProcess.run(["build", source, out, "--quality", "normal", "--jobs", "2"])
        XCTAssertEqual(rerun.status, 0, rerun.standardError)
        let summary = counts(rerun.standardOutput)
        XCTAssertEqual((summary?.built ?? 0) + (summary?.upToDate ?? 0), 10, rerun.standardOutput)
        XCTAssertGreaterThanOrEqual(summary?.upToDate ?? 0, 1, rerun.standardOutput)
        let fresh = directory.path + "/fresh"
        XCTAssertEqual(try PVRCProcess.run(["build", source, fresh, "--quality", "normal", "--quiet"]).status, 0)
        XCTAssertEqual(try textures(in: out), try textures(in: fresh))
    }

    func testDryRunAndPruneAndReport() throws {
        let directory = try TemporaryDirectory()
        let source = try makeSource(in: directory, images: ["a.png": 16, "ui/b.png": 16])
        let out = directory.path + "/out"
        let dry = try PVRCProcess.run(["build", source, out, "--quality", "fast", "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.standardError)
        XCTAssertEqual(
            dry.standardOutput,
            "build a.png -> a.pvr (new)\nbuild ui/b.png -> ui/b.pvr (new)\ndry run: 2 to build, 0 up to date, 0 to prune\n"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))

        let report = directory.path + "/report.json"
        let first = try PVRCProcess.run(["build", source, out, "--quality", "fast", "--report", report])
        XCTAssertEqual(first.status, 0, first.standardError)
        let entries = try reportEntries(report)
        XCTAssertEqual(entries.map { $0["input"] as? String }, ["a.png", "ui/b.png"])
        for entry in entries {
            XCTAssertEqual(entry["status"] as? String, "built")
            XCTAssertEqual(entry["skipped"] as? Bool, false)
            XCTAssertEqual(entry["from_cache"] as? Bool, false)
            XCTAssertEqual(entry["width"] as? Int, 16)
            XCTAssertEqual(entry["levels"] as? Int, 1)
            XCTAssertGreaterThan(entry["y_psnr"] as? Double ?? 0, 10)
        }
        XCTAssertEqual(entries[0]["kind"] as? String, "RGB")
        XCTAssertEqual(entries[1]["kind"] as? String, "RGBA")
        XCTAssertGreaterThan(entries[1]["alpha_psnr"] as? Double ?? 0, 10)
        XCTAssertGreaterThan(entries[1]["aw_rgb_psnr"] as? Double ?? 0, 10)
        XCTAssertEqual(entries[0]["bytes"] as? Int, try Data(contentsOf: URL(fileURLWithPath: out + "/a.pvr")).count)

        let second = try PVRCProcess.run(["build", source, out, "--quality", "fast", "--report", report])
        XCTAssertEqual(counts(second.standardOutput)?.upToDate, 2, second.standardOutput)
        let skipped = try reportEntries(report)
        XCTAssertEqual(skipped.map { $0["skipped"] as? Bool }, [true, true])
        XCTAssertEqual(skipped[0]["y_psnr"] as? Double, entries[0]["y_psnr"] as? Double)

        try FileManager.default.removeItem(atPath: source + "/ui/b.png")
        let listed = try PVRCProcess.run(["build", source, out, "--quality", "fast", "--dry-run", "--prune"])
        XCTAssertTrue(listed.standardOutput.contains("prune ui/b.pvr\n"), listed.standardOutput)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/ui/b.pvr"))
        let pruned = try PVRCProcess.run(["build", source, out, "--quality", "fast", "--prune"])
        XCTAssertTrue(pruned.standardOutput.contains("1 pruned"), pruned.standardOutput)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/ui/b.pvr"))
    }

    private func reportEntries(_ path: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        return (object as? [String: Any])?["textures"] as? [[String: Any]] ?? []
    }

    func testEmittedNinjaFileBuildsIdenticalOutputs() throws {
        _ = try TestRequirement.tool(["/usr/bin/ninja"], package: "ninja-build")
        let directory = try TemporaryDirectory()
        _ = try makeSource(in: directory, images: ["a.png": 16, "ui/b.png": 8, "terrain/c.png": 16])
        let manifest = directory.path + "/textures.json"
        try Data(
            #"{"source": "src", "overrides": [{"match": "terrain/**", "options": {"mipmaps": true, "format": "ktx"}}]}"#
                .utf8
        )
        .write(to: URL(fileURLWithPath: manifest))
        let emitted = directory.path + "/ninja-out"
        let emit = try PVRCProcess.run(["build", manifest, emitted, "--quality", "fast", "--emit", "ninja"])
        XCTAssertEqual(emit.status, 0, emit.standardError)
        let ninjaFile = try String(contentsOfFile: emitted + "/build.ninja", encoding: .utf8)
        XCTAssertTrue(ninjaFile.contains("--mipmaps --quality fast --format ktx"), ninjaFile)
        XCTAssertTrue(ninjaFile.contains("restat = 1"), ninjaFile)
        // Every path is relative to the file; only the pvrc outside the tree (in .build) is absolute.
        let pvrcLine = ninjaFile.split(separator: "\n").first { $0.hasPrefix("PVRC = ") }
        XCTAssertEqual(pvrcLine, "PVRC = \(try PVRCProcess.executable().resolvingSymlinksInPath().path)")
        XCTAssertTrue(
            ninjaFile.contains("build terrain/c.ktx: pvrc_encode ../src/terrain/c.png | $PVRC ../textures.json"))
        let rest = ninjaFile.split(separator: "\n").filter { !$0.hasPrefix("PVRC = ") }.joined(separator: "\n")
        XCTAssertFalse(rest.contains(directory.path), ninjaFile)

        let ninja = try PVRCProcess.run(executable: URL(fileURLWithPath: "/usr/bin/ninja"), ["-C", emitted])
        XCTAssertEqual(ninja.status, 0, ninja.standardOutput + ninja.standardError)
        let again = try PVRCProcess.run(executable: URL(fileURLWithPath: "/usr/bin/ninja"), ["-C", emitted])
        XCTAssertTrue(again.standardOutput.contains("no work to do"), again.standardOutput)

        let built = directory.path + "/built"
        XCTAssertEqual(try PVRCProcess.run(["build", manifest, built, "--quality", "fast", "--quiet"]).status, 0)
        let expected = try textures(in: built)
        XCTAssertEqual(Set(expected.keys), ["a.pvr", "ui/b.pvr", "terrain/c.ktx"])
        XCTAssertEqual(try textures(in: emitted), expected)
    }

    /// The ninja file of a project that holds its own `pvrc`: relative paths only, edges that
    /// depend on the manifest and on `$PVRC`, a regenerating edge that picks up a changed
    /// override, and a tree that still builds after it moved.
    func testEmittedNinjaFileTracksManifestAndPVRCAndMovesWithItsTree() throws {
        let ninjaTool = try TestRequirement.tool(["/usr/bin/ninja"], package: "ninja-build")
        let directory = try TemporaryDirectory()
        _ = try makeSource(in: directory, images: ["a.png": 16, "ui/b.png": 8], folder: "project/src")
        let project = directory.path + "/project"
        let manifest = URL(fileURLWithPath: project + "/textures.json")
        try Data(#"{"source": "src", "overrides": [{"match": "ui/**", "options": {"mipmaps": true}}]}"#.utf8)
            .write(to: manifest)
        let tool = URL(fileURLWithPath: project + "/bin/pvrc")
        try FileManager.default.createDirectory(at: tool.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try PVRCProcess.executable(), to: tool)
        let emit = try PVRCProcess.run(
            executable: tool, ["build", manifest.path, project + "/out", "--quality", "fast", "--emit", "ninja"])
        XCTAssertEqual(emit.status, 0, emit.standardError)
        let ninjaFile = try String(contentsOfFile: project + "/out/build.ninja", encoding: .utf8)
        XCTAssertTrue(ninjaFile.contains("PVRC = ../bin/pvrc\n"), ninjaFile)
        XCTAssertTrue(ninjaFile.contains("build ui/b.pvr: pvrc_encode ../src/ui/b.png | $PVRC ../textures.json\n"))
        XCTAssertFalse(ninjaFile.contains(directory.path), ninjaFile)

        func ninja(_ folder: String) throws -> String {
            let run = try PVRCProcess.run(executable: ninjaTool, ["-C", folder])
            XCTAssertEqual(run.status, 0, run.standardOutput + run.standardError)
            return run.standardOutput
        }
        /// Sets a file's modification time to now (after the outputs written so far).
        func touch(_ path: String) throws {
            Thread.sleep(forTimeInterval: 0.05)
            try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
        }
        let first = try ninja(project + "/out")
        XCTAssertTrue(first.contains("PVRTC a.pvr") && first.contains("PVRTC ui/b.pvr"), first)
        XCTAssertTrue(try ninja(project + "/out").contains("no work to do"))

        // A changed manifest regenerates the file (ui/ now KTX) and rebuilds every texture.
        try Data(
            #"{"source": "src", "overrides": [{"match": "ui/**", "options": {"mipmaps": true, "format": "ktx"}}]}"#
                .utf8
        ).write(to: manifest)
        try touch(manifest.path)
        let afterManifest = try ninja(project + "/out")
        XCTAssertTrue(afterManifest.contains("Regenerating build.ninja"), afterManifest)
        XCTAssertTrue(afterManifest.contains("PVRTC a.pvr") && afterManifest.contains("PVRTC ui/b.ktx"), afterManifest)
        let reference = directory.path + "/reference"
        let build = try PVRCProcess.run(["build", manifest.path, reference, "--quality", "fast", "--quiet"])
        XCTAssertEqual(build.status, 0, build.standardError)
        let expected = try textures(in: reference)
        XCTAssertEqual(Set(expected.keys), ["a.pvr", "ui/b.ktx"])
        XCTAssertEqual(try textures(in: project + "/out").filter { expected[$0.key] != nil }, expected)
        XCTAssertTrue(try ninja(project + "/out").contains("no work to do"))

        // A new pvrc binary rebuilds everything.
        try touch(tool.path)
        let afterTool = try ninja(project + "/out")
        XCTAssertTrue(afterTool.contains("PVRTC a.pvr") && afterTool.contains("PVRTC ui/b.ktx"), afterTool)

        // The moved tree is up to date, and rebuilds what changes in it.
        let moved = directory.path + "/moved"
        try FileManager.default.moveItem(atPath: project, toPath: moved)
        XCTAssertTrue(try ninja(moved + "/out").contains("no work to do"))
        try touch(moved + "/src/a.png")
        let afterMove = try ninja(moved + "/out")
        XCTAssertTrue(afterMove.contains("PVRTC a.pvr") && !afterMove.contains("ui/b.ktx"), afterMove)
        XCTAssertEqual(try textures(in: moved + "/out")["a.pvr"], expected["a.pvr"])
    }

    func testHelpShowsOneDefaultForThreads() throws {
        for command in ["build", "encode"] {
            let help = try PVRCProcess.run([command, "--help"])
            let text = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard let start = text.range(of: "--threads <N>"), let end = text.range(of: "--alpha-bleed") else {
                return XCTFail("no --threads in \(command) --help: \(help.standardOutput)")
            }
            let entry = text[start.upperBound..<end.lowerBound]
            XCTAssertEqual(entry.components(separatedBy: "default").count - 1, 1, String(entry))
        }
    }

    func testTwoConcurrentProcessesShareOneCacheFolder() throws {
        let directory = try TemporaryDirectory()
        let images = Dictionary(uniqueKeysWithValues: (0..<8).map { ("t\($0).png", 32) })
        let source = try makeSource(in: directory, images: images)
        let cache = directory.path + "/cache"
        let processes = try (1...2).map { index -> Process in
            let process = Process()
            process.executableURL = try PVRCProcess.executable()
            process.arguments = [
                "build", source, directory.path + "/out\(index)", "--quality", "fast", "--cache", cache, "--quiet",
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }
        for process in processes { try process.run() }
        for process in processes {
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
        }
        XCTAssertEqual(try textures(in: directory.path + "/out1"), try textures(in: directory.path + "/out2"))
        for kind in ["cas", "ac"] {
            let entries = try FileManager.default.contentsOfDirectory(atPath: cache + "/" + kind)
            XCTAssertEqual(entries.count, 8, "\(kind): \(entries)")
        }
        let third = try PVRCProcess.run([
            "build", source, directory.path + "/out3", "--quality", "fast", "--cache", cache,
        ])
        XCTAssertEqual(counts(third.standardOutput)?.cached, 8, third.standardOutput)
        XCTAssertEqual(try textures(in: directory.path + "/out3"), try textures(in: directory.path + "/out1"))
    }

    func testShardsThroughNginxWebDAVThenAssembleEncodesNothing() throws {
        let directory = try TemporaryDirectory()
        let server: NginxWebDAVServer
        do {
            server = try NginxWebDAVServer(folder: directory.url.appendingPathComponent("nginx"))
        } catch let unavailable as NginxWebDAVServer.Unavailable {
            throw TestRequirement.missing("HTTP cache test: \(unavailable)")
        }
        defer { server.stop() }
        let images = Dictionary(uniqueKeysWithValues: (0..<8).map { ("set\($0 % 2)/t\($0).png", 16) })
        let source = try makeSource(in: directory, images: images)
        var encoded = 0
        for index in 1...2 {
            let shard = try PVRCProcess.run([
                "build", source, directory.path + "/machine\(index)", "--quality", "fast", "--cache", server.baseURL,
                "--shard", "\(index)/2",
            ])
            XCTAssertEqual(shard.status, 0, shard.standardError)
            XCTAssertEqual(shard.standardError, "", "no cache warnings expected")
            encoded += counts(shard.standardOutput)?.built ?? 0
        }
        XCTAssertEqual(encoded, 8)
        // Each encoded texture: the file under cas/ and its pointer under ac/.
        let puts = server.requests().filter { $0.method == "PUT" }
        XCTAssertEqual(puts.count, 16)
        XCTAssertTrue(puts.allSatisfy { $0.status == 201 || $0.status == 204 }, "\(puts)")

        let assembled = directory.path + "/assembled"
        let assemble = try PVRCProcess.run(["build", source, assembled, "--quality", "fast", "--cache", server.baseURL])
        XCTAssertEqual(assemble.status, 0, assemble.standardError)
        XCTAssertEqual(counts(assemble.standardOutput)?.built, 0, assemble.standardOutput)
        XCTAssertEqual(counts(assemble.standardOutput)?.cached, 8, assemble.standardOutput)
        let local = directory.path + "/local"
        XCTAssertEqual(try PVRCProcess.run(["build", source, local, "--quality", "fast", "--quiet"]).status, 0)
        XCTAssertEqual(try textures(in: assembled), try textures(in: local))
        XCTAssertEqual(try textures(in: assembled).count, 8)

        // A texture file damaged on the server: refused with a warning, encoded again, same bytes.
        let cas = server.root.appendingPathComponent("pvrc-cache/cas")
        let damaged = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: cas.path).sorted().first)
        try Data("garbage".utf8).write(to: cas.appendingPathComponent(damaged))
        let repaired = directory.path + "/repaired"
        let rebuild = try PVRCProcess.run(["build", source, repaired, "--quality", "fast", "--cache", server.baseURL])
        XCTAssertEqual(rebuild.status, 0, rebuild.standardError)
        XCTAssertEqual(counts(rebuild.standardOutput)?.built, 1, rebuild.standardOutput)
        XCTAssertEqual(counts(rebuild.standardOutput)?.cached, 7, rebuild.standardOutput)
        XCTAssertTrue(rebuild.standardError.contains("\(damaged): does not match its SHA-256"), rebuild.standardError)
        XCTAssertEqual(try textures(in: repaired), try textures(in: local))
    }

    /// Ninja passes `$in $out` to pvrc as words: an output named `-dash.pvr` or `-h.pvr` must be
    /// a path, not options (issue 35, D7: it printed help, exited 0 and wrote nothing).
    func testEmittedNinjaFileBuildsOutputsWhoseNamesStartWithADash() throws {
        let ninjaTool = try TestRequirement.tool(["/usr/bin/ninja"], package: "ninja-build")
        let directory = try TemporaryDirectory()
        let source = try makeSource(in: directory, images: ["-dash.png": 16, "-h.png": 8])
        let emitted = directory.path + "/ninja-out"
        let emit = try PVRCProcess.run(["build", source, emitted, "--quality", "fast", "--emit", "ninja"])
        XCTAssertEqual(emit.status, 0, emit.standardError)
        let ninja = try PVRCProcess.run(executable: ninjaTool, ["-C", emitted])
        XCTAssertEqual(ninja.status, 0, ninja.standardOutput + ninja.standardError)
        let local = directory.path + "/local"
        XCTAssertEqual(try PVRCProcess.run(["build", source, local, "--quality", "fast", "--quiet"]).status, 0)
        XCTAssertEqual(Set(try textures(in: emitted).keys), ["-dash.pvr", "-h.pvr"])
        XCTAssertEqual(try textures(in: emitted), try textures(in: local))
    }

    /// A source name with newlines and escape sequences cannot add a line to the build log (a
    /// forged summary) or reach the terminal; neither can one in an error of `pvrc info`
    /// (issue 35, D8).
    func testControlCharactersInSourceNamesArePrintedEscaped() throws {
        let directory = try TemporaryDirectory()
        let forged = "a\npvrc build: 9 built, 0 from cache, 0 up to date, 0 failed (0.01 s)\n\u{1B}[2J.png"
        let source = try makeSource(in: directory, images: [forged: 8, "ok.png": 8])
        let broken = "bad\u{1B}]0;owned\u{7}.png"
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: source + "/" + broken))
        let run = try PVRCProcess.run(["build", source, directory.path + "/out", "--quality", "fast"])
        XCTAssertEqual(run.status, 1, run.standardError)
        let printed = run.standardOutput + run.standardError
        XCTAssertFalse(
            printed.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) },
            printed)
        let summaries = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("pvrc build:") }
        XCTAssertEqual(summaries.count, 1, run.standardOutput)
        XCTAssertEqual(counts(run.standardOutput)?.built, 2, run.standardOutput)
        XCTAssertEqual(counts(run.standardOutput)?.failed, 1, run.standardOutput)
        XCTAssertTrue(run.standardOutput.contains(#"a\npvrc build: 9 built"#), run.standardOutput)
        XCTAssertTrue(run.standardError.contains(#"bad\u{1B}]0;owned\u{7}.png"#), run.standardError)

        let info = try PVRCProcess.run(["info", source + "/" + broken])
        XCTAssertEqual(info.status, 1)
        XCTAssertEqual(info.standardError.split(separator: "\n", omittingEmptySubsequences: false).count, 2)
        XCTAssertFalse(info.standardError.contains("\u{1B}"), info.standardError)
        XCTAssertTrue(info.standardError.contains(#"\u{1B}]0;owned\u{7}"#), info.standardError)
    }
}
