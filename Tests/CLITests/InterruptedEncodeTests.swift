import Foundation
import ImageFiles
import Imaging
import PVRCTestSupport
import TextureFormats
import XCTest

/// A real `pvrc encode` killed in the middle of its work leaves the previous output intact, and the
/// next run removes the temporary file a writer killed mid-write leaves behind.
final class InterruptedEncodeTests: CLITestCase {
    /// Starts `pvrc encode` on a 1024x1024 noise image at best quality (tens of seconds in a debug
    /// build), lets it work, sends `signal`, and returns its process id once it has died.
    private func killEncode(input: String, output: String, signal: Int32) throws -> pid_t {
        let process = Process()
        process.executableURL = try PVRCProcess.executable()
        process.arguments = ["encode", input, output, "--quality", "best", "--threads", "1"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        XCTAssertTrue(process.isRunning, "the encode finished before it could be interrupted")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(process.terminationStatus, signal)
        return process.processIdentifier
    }

    func testKilledEncodeKeepsThePreviousOutputAndTheNextRunCleansUp() throws {
        let small = path("small.png")
        let large = path("large.png")
        let output = path("out.pvr")
        try PNGCodec.write(
            PipelineTestImages.noise(width: 32, height: 32, seed: 1, alpha: .opaque), to: URL(fileURLWithPath: small))
        try PNGCodec.write(
            PipelineTestImages.noise(width: 1024, height: 1024, seed: 2, alpha: .opaque),
            to: URL(fileURLWithPath: large))
        let first = try PVRCProcess.run(["encode", small, output, "--quality", "fast"])
        XCTAssertEqual(first.status, 0, first.standardError)
        let previous = try Data(contentsOf: URL(fileURLWithPath: output))

        var killed: [pid_t] = []
        for signal in [SIGINT, SIGKILL] {
            killed.append(try killEncode(input: large, output: output, signal: signal))
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: output)), previous, "after signal \(signal)")
            XCTAssertEqual(try directoryContents(), ["large.png", "out.pvr", "small.png"], "after signal \(signal)")
        }
        // What the killed processes would have left had a signal come during their write.
        for pid in killed {
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path(".out.pvr.\(pid)-x7k2.tmp")))
        }
        let next = try PVRCProcess.run(["encode", small, output, "--quality", "fast", "--format", "pvr3"])
        XCTAssertEqual(next.status, 0, next.standardError)
        XCTAssertEqual(try directoryContents(), ["large.png", "out.pvr", "small.png"])
        XCTAssertEqual(try TextureFile.read(from: URL(fileURLWithPath: output)).container, .pvr3)
    }
}
