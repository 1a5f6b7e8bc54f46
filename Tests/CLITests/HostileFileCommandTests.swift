import Foundation
import PVRCTestSupport
import XCTest

/// Hostile texture files through `info` and `decode`, each run measured from outside (the peak
/// resident memory of the `pvrc` process, as the kernel accounts it to its parent): every one ends
/// with one line naming the file and exit 1 (or, for a valid texture in an oversized file, succeeds),
/// and none costs more than 64 MB beyond what `pvrc` needs to describe a small valid file.
final class HostileFileCommandTests: CLITestCase {
    /// Runs `pvrc arguments` under a Python parent that reports the child's peak RSS (`ru_maxrss`, KiB).
    private func runMeasured(_ arguments: [String]) throws -> (PVRCProcess.Result, peakKiB: Int) {
        let script = """
            import resource, subprocess, sys
            result = subprocess.run(sys.argv[1:], capture_output=True)
            sys.stdout.buffer.write(result.stdout)
            sys.stderr.buffer.write(result.stderr)
            sys.stderr.write("peak-rss-kib %d\\n" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            sys.exit(result.returncode)
            """
        let python = try XCTUnwrap(
            ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "python3 measures the child's memory")
        let result = try PVRCProcess.run(
            executable: URL(fileURLWithPath: python), ["-c", script, try PVRCProcess.executable().path] + arguments)
        var lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()
        let peak = try XCTUnwrap(lines.popLast().flatMap { Int($0.split(separator: " ").last ?? "") })
        let stripped = PVRCProcess.Result(
            status: result.status, standardOutput: result.standardOutput,
            standardError: lines.map { $0 + "\n" }.joined())
        return (stripped, peak)
    }

    private func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let file = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    func testHostileFilesCostNoMoreThan64MBAndGiveOneLine() throws {
        let small = try write(HostileTextures.pvr3WithMetadataBlocks(0), "small.pvr")
        let (baseline, baselinePeak) = try runMeasured(["info", small])
        XCTAssertEqual(baseline.status, 0, baseline.standardError)
        let header = HostileTextures.pvr3Header(pixelFormat: HostileTextures.pvr3RGBA8888, width: 64, height: 64)
        let cube = HostileTextures.ktx2ZstdCube()
        // Each file with what `decode` says of it, and `info` where it says something else.
        let cases: [(String, [UInt8], String)] = [
            ("mips.pvr", HostileTextures.pvr2CubeWithMipCountOverflow(), "4294967296 mip levels"),
            ("surfaces.pvr", HostileTextures.pvr3CubeWithSurfaceOverflow(side: 64), "surfaces"),
            ("surfaces16k.pvr", HostileTextures.pvr3CubeWithSurfaceOverflow(), "texture is 16384x16384"),
            ("arrays.ktx", HostileTextures.ktxFloatArrayWithOverflow(), "texture is 16384x16384"),
            (
                "lying.pvr.ccz", HostileTextures.ccz(header, declaredSize: 1_400_000_000),
                "inflates to 52 bytes but its header declares 1400000000"
            ),
            ("lying.pvr.gz", HostileTextures.gzip(header, declaredSize: 1_400_000_000), "incorrect length check"),
            (
                "cut.pvr.gz", Array(HostileTextures.gzip(header + [UInt8](repeating: 1, count: 16384)).prefix(200)),
                "the gzip stream ends after"
            ),
            ("cube.ktx2", cube, "over the limit"),
            ("cube.ktx2.ccz", HostileTextures.ccz(cube), "over the limit"),
            (
                "metadata.pvr", HostileTextures.pvr3WithMetadataBlocks(TextureFormatsLimits.metadataBlocksOverLimit),
                "over the 16777216-byte limit"
            ),
        ]
        for (name, bytes, problem) in cases {
            let file = try write(bytes, name)
            for command in [["decode", file, path("out.png")], ["info", file]] {
                if command[0] == "info" && name.hasPrefix("cube.ktx2") { continue }  // described, below
                let (result, peak) = try runMeasured(command)
                let infoProblems = [
                    "arrays.ktx": "level 0 of 4294967295 array element(s) is too large",
                    "surfaces16k.pvr": "a level of 4294967295 surface(s) is too large",
                ]
                assertFailure(
                    result, naming: file, problem: command[0] == "info" ? infoProblems[name] ?? problem : problem)
                XCTAssertLessThan(peak, baselinePeak + 64 << 10, "\(command[0]) \(name): \(peak) KiB")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.png")))
        // `info` describes the Zstandard cube map from its header, inflating nothing.
        let (info, peak) = try runMeasured(["info", path("cube.ktx2")])
        XCTAssertEqual(info.status, 0, info.standardError)
        XCTAssertTrue(info.standardOutput.contains("size: 16384x16384"), info.standardOutput)
        XCTAssertTrue(info.standardOutput.contains("supercompression: Zstandard"), info.standardOutput)
        XCTAssertLessThan(peak, baselinePeak + 64 << 10, "info cube.ktx2: \(peak) KiB")
    }

    func testOversizedSparseFileIsReadOnlyAsFarAsItsLevels() throws {
        let file = try write(HostileTextures.pvr3WithMetadataBlocks(0), "sparse.pvr")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        let small = try write(HostileTextures.pvr3WithMetadataBlocks(0), "small.pvr")
        let (_, baselinePeak) = try runMeasured(["info", small])
        for command in [["info", file], ["decode", file, path("out.png")]] {
            let (result, peak) = try runMeasured(command)
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertLessThan(peak, baselinePeak + 64 << 10, "\(command[0]): \(peak) KiB")
        }
    }

    func testMetadataFloodIsCountedNotPrinted() throws {
        let file = try write(HostileTextures.pvr3WithMetadataBlocks(1_000_000), "flood.pvr")
        let (result, _) = try runMeasured(["info", file])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("metadata: ") }
        XCTAssertEqual(lines.count, 65)
        XCTAssertEqual(lines.last, "metadata: ... and 999936 more")
    }

    func testNamesWithControlCharactersArePrintedEscapedOnSuccess() throws {
        let file = try write(HostileTextures.pvr3WithMetadataBlocks(0), "red\u{1B}[31m\nforged.pvr")
        let png = path("out\u{1B}[0m.png")
        for command in [["info", file], ["decode", file, png]] {
            let result = try PVRCProcess.run(command)
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertFalse(result.standardOutput.contains("\u{1B}"), result.standardOutput)
            XCTAssertTrue(result.standardOutput.contains("red\\u{1B}[31m\\nforged.pvr"), result.standardOutput)
        }
    }

    func testCompressedInsideCompressedIsRefusedByInfoAsByDecode() throws {
        let inner = HostileTextures.ccz(HostileTextures.pvr3WithMetadataBlocks(0))
        let file = try write(HostileTextures.ccz(inner), "double.pvr.ccz")
        for command in [["info", file], ["decode", file, path("out.png")]] {
            assertFailure(
                try PVRCProcess.run(command), naming: file, problem: "a compressed file inside a compressed file")
        }
    }
}

/// Sizes of the hostile fixtures that depend on the reader's limits.
private enum TextureFormatsLimits {
    /// Empty 12-byte PVR v3 metadata blocks that together exceed the 16 MiB metadata limit.
    static let metadataBlocksOverLimit = (16 << 20) / 12 + 1
}
