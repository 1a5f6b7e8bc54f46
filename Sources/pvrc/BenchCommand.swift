import ArgumentParser
import PVRTCBenchmarks

/// `pvrc bench`: throughput measurements of the libraries (release builds, medians of several runs).
/// Each measured operation is its own subcommand; add new ones to `subcommands`.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure pvrc's speed (build with -c release).",
        subcommands: [
            BenchDecodeCommand.self,
            BenchEncodeCommand.self,
            BenchLoadCommand.self,
            BenchCarouselCommand.self,
        ]
    )
}
