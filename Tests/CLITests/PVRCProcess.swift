import Foundation

/// Runs the built `pvrc` executable as a subprocess.
///
/// SwiftPM puts the executable and the test bundle in the same products directory
/// (`.build/<configuration>/`), and builds the executable as part of `swift test` (the test target
/// also depends on it in Package.swift), so the tests find it next to themselves.
struct PVRCProcess {
    /// What a run printed and how it ended.
    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The executable `name` (by default `pvrc`) in the products directory of this test bundle.
    static func executable(named name: String = "pvrc") throws -> URL {
        let candidates = [
            Bundle.main.bundleURL,
            Bundle(for: BundleLocator.self).bundleURL.deletingLastPathComponent(),
        ].map { $0.appendingPathComponent(name) }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw MissingExecutable(searched: candidates.map(\.path))
        }
        return found
    }

    /// An executable is not where SwiftPM puts it; the CLI tests fail rather than skip.
    struct MissingExecutable: Error, CustomStringConvertible {
        let searched: [String]
        var description: String { "executable not found; looked at \(searched.joined(separator: ", "))" }
    }

    /// Runs `pvrc` with `arguments`, and `environment` added to this process's environment, and waits for it.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try run(executable: executable(), arguments, environment: environment)
    }

    /// Runs `executable` with `arguments`, and `environment` added to this process's environment, and waits
    /// for it.
    static func run(executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}

/// A class in this bundle, for `Bundle(for:)`.
private final class BundleLocator {}
