import EncodeJobs
import Foundation
import ImageFiles
import PVRCTestSupport
import XCTest

/// The command line against the option schema (`EncodingOption.all`): every option the schema
/// describes is a flag of `pvrc encode` and `pvrc build`, and every value it allows, given on the
/// command line, reaches the encoder as that value.
final class EncodingOptionCommandTests: XCTestCase {
    func testEveryOptionInTheSchemaIsAFlagOfEveryEncodingCommand() throws {
        for command in ["encode", "build"] {
            let help = try PVRCProcess.run([command, "--help"])
            XCTAssertEqual(help.status, 0, help.standardError)
            for option in EncodingOption.all {
                let spelling =
                    option.kind == .flag && option.defaultValue == .flag(true)
                    ? "--\(option.name)/--no-\(option.name)" : "--\(option.name)"
                XCTAssertTrue(help.standardOutput.contains(spelling), "\(command) --help lacks \(spelling)")
                let helpStart = String(option.help.prefix(18))
                XCTAssertTrue(help.standardOutput.contains(helpStart), "\(command) --help lacks \(helpStart)")
            }
        }
    }

    /// Each value goes through the command line into the options `pvrc build` plans with, and comes
    /// back as the flags of the emitted ninja edge: what the schema writes for that value alone.
    func testEveryValueGivenOnTheCommandLineReachesTheEncoder() throws {
        let directory = try TemporaryDirectory()
        let source = directory.path + "/src"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try PNGCodec.write(
            PipelineTestImages.noise(width: 32, height: 32, seed: 5, alpha: .mixed),
            to: URL(fileURLWithPath: source + "/a.png"))
        let defaults = EncodeJob(container: .pvr2)
        var checked = 0
        for option in EncodingOption.all where option.changesOutput {
            for value in Self.values(of: option) {
                var job = defaults
                try option.set(value, in: &job)
                guard option.value(in: job) != option.value(in: defaults) else { continue }
                // No --format is given, so the container is the default's, PVR v2, which a PVRTC2 codec
                // turns into PVR v3 (PVR v2 cannot hold it).
                if !job.container.canHold(job.options.format) { job.container = .pvr3 }
                let out = directory.path + "/out-\(checked)"
                let result = try PVRCProcess.run(
                    ["build", source, out, "--emit", "ninja"] + option.arguments(for: value))
                XCTAssertEqual(result.status, 0, "\(option.name)=\(value): \(result.standardError)")
                let expected = EncodingOption.all.filter(\.changesOutput).flatMap {
                    $0.arguments(for: $0.value(in: job))
                }
                let ninja = try String(contentsOfFile: out + "/build.ninja", encoding: .utf8)
                let flags = ninja.split(separator: "\n").first { $0.hasPrefix("  flags = ") }
                XCTAssertEqual(
                    flags.map(String.init), "  flags = " + expected.joined(separator: " "),
                    "\(option.name)=\(value)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 20)
    }

    /// Every value an option allows (two numbers for a numeric one).
    private static func values(of option: EncodingOption) -> [EncodingOptionValue] {
        switch option.kind {
        case .flag: return [.flag(true), .flag(false)]
        case .choice(let words): return words.map(EncodingOptionValue.word)
        case .integer(let minimum): return [.integer(minimum), .integer(minimum + 63)]
        }
    }
}
