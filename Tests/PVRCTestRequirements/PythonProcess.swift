import Foundation

/// One run of `python3` (found with ``TestRequirement/tool(_:package:)``, so a missing interpreter skips the
/// test, or fails it under CI) with `arguments`, `input` on standard input.
public struct PythonProcess {
    /// The exit status.
    public let status: Int32
    /// Standard output.
    public let output: [UInt8]
    /// Standard error, as text.
    public let errors: String

    /// Runs python3 to the end.
    ///
    /// - Parameters:
    ///   - arguments: The interpreter's arguments (a script path or `-c` and code, then its arguments).
    ///   - input: What the script reads on standard input.
    /// - Throws: the error of ``TestRequirement/missing(_:)`` without python3; the error of starting the process.
    public init(arguments: [String], input: [UInt8]) throws {
        let python = try TestRequirement.tool(["/usr/bin/python3", "/usr/local/bin/python3"], package: "python3")
        let process = Process()
        process.executableURL = python
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        output = [UInt8](stdout.fileHandleForReading.readDataToEndOfFile())
        errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        status = process.terminationStatus
    }
}
