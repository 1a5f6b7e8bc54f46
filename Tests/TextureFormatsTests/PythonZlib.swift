import Foundation
import XCTest

/// Runs a Python 3 snippet with CPython's own `zlib` / `gzip` modules (which wrap the zlib C
/// library independently of pvrc's code): `input` goes to standard input, standard output comes back.
/// Skips the test cleanly when no `python3` is installed.
enum PythonZlib {
    static func run(_ script: String, input: [UInt8]) throws -> [UInt8] {
        let candidates = ["/usr/bin/python3", "/usr/local/bin/python3"]
        guard let python = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("python3 is not installed; the independent zlib/gzip check needs it")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
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
