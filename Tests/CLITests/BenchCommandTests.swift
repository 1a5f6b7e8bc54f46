import XCTest

/// `pvrc bench decode` runs and reports both thread counts; bad arguments are refused. Its numbers are
/// not asserted: speed is read from release builds, not from tests.
final class BenchCommandTests: XCTestCase {
    func testBenchDecodeReportsOneAndSeveralThreads() throws {
        let result = try PVRCProcess.run(["bench", "decode", "--size", "64", "--runs", "2", "--threads", "3"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, result.standardOutput)
        XCTAssertTrue(
            result.standardOutput.hasPrefix("pvrc bench decode: 64x64 level of random blocks, median of 2 runs\n"))
        XCTAssertTrue(lines.dropFirst().first?.hasPrefix("  1 thread: ") == true, result.standardOutput)
        XCTAssertTrue(lines.last?.hasPrefix("  3 threads: ") == true, result.standardOutput)
        XCTAssertTrue(lines.dropFirst().allSatisfy { $0.contains(" Mpixel/s  (median ") }, result.standardOutput)
    }

    func testBenchDecodeTwoBitsPerPixel() throws {
        let result = try PVRCProcess.run([
            "bench", "decode", "--bpp", "2", "--size", "16", "--runs", "1", "--threads", "1",
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(
            result.standardOutput.hasPrefix(
                "pvrc bench decode: 16x16 PVRTC1 2bpp level of random blocks, median of 1 runs\n  1 thread: "),
            result.standardOutput)
    }

    func testBenchDecodeRefusesBadArguments() throws {
        for (arguments, problem) in [
            (["--size", "100"], "power-of-two"), (["--size", "32768"], "16384"),
            (["--runs", "0"], "--runs"), (["--threads", "0"], "--threads"), (["--bpp", "3"], "--bpp"),
        ] {
            let result = try PVRCProcess.run(["bench", "decode"] + arguments)
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            XCTAssertEqual(result.standardOutput, "", "\(arguments)")
            XCTAssertTrue(result.standardError.contains(problem), "\(arguments): \(result.standardError)")
        }
    }
}
