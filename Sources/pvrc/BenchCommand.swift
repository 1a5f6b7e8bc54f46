import ArgumentParser
import PVRTCBenchmarks

/// `pvrc bench`: throughput measurements of the libraries (release builds, medians of several runs).
/// Each measured operation is its own subcommand; add new ones to `subcommands`.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure pvrc's speed (build with -c release).",
        subcommands: commands
    )

    /// The measured operations; `load` and `carousel` draw on a real context and exist only with GL.
    private static var commands: [ParsableCommand.Type] {
        var commands: [ParsableCommand.Type] = [BenchDecodeCommand.self, BenchEncodeCommand.self]
        #if PVRC_GL
            commands += [BenchLoadCommand.self, BenchCarouselCommand.self]
        #endif
        return commands
    }
}
