import Foundation
import PVRCTestRequirements
import XCTest

/// Runs a Python 3 snippet with CPython's own `zlib` / `gzip` modules (which wrap the zlib C
/// library independently of pvrc's code): `input` goes to standard input, standard output comes back.
/// Without `python3` the test is skipped, or fails under CI (``TestRequirement``).
enum PythonZlib {
    static func run(_ script: String, input: [UInt8]) throws -> [UInt8] {
        let python = try TestRequirement.tool(["/usr/bin/python3", "/usr/local/bin/python3"], package: "python3")
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", "import sys, zlib, gzip, struct\n" + script]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "python3 failed")
        return [UInt8](output)
    }
}
