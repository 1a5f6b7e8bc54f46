import Foundation
import PVRCTestRequirements
import XCTest

/// Runs a Python 3 snippet with CPython's own `zlib` / `gzip` modules (which wrap the zlib C
/// library independently of pvrc's code): `input` goes to standard input, standard output comes back.
/// Without `python3` the test is skipped, or fails under CI (``TestRequirement``).
enum PythonZlib {
    static func run(_ script: String, input: [UInt8]) throws -> [UInt8] {
        let run = try PythonProcess(
            arguments: ["-c", "import sys, zlib, gzip, struct\n" + script], input: input)
        XCTAssertEqual(run.status, 0, "python3 failed: \(run.errors)")
        return run.output
    }
}
