import ArgumentParser
import EncodeJobs
import FileIO
import Foundation
import ImageFiles
import Imaging
import PVRTC
import PVRTCBenchmarks
import PVRTCSearch

/// `pvrc bench encode`: encoder wall time and throughput on one level.
struct BenchEncodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Encoder wall time and throughput (Mpixel/s) on one level, median of several runs.",
        discussion: """
            Encodes IMAGE (a square power-of-two PNG) or, without one, a synthetic --size x --size \
            test pattern. Times the block encoder alone (no PNG or file I/O, no mipmaps, no warm-up run: \
            every run does the full search from scratch).
            """
    )

    @Argument(help: "A square power-of-two PNG to encode (default: a synthetic test pattern).")
    var image: String?

    @Option(help: "Search effort.")
    var quality: PVRTCEncoder.Quality = .best

    @Option(help: "Width and height of the synthetic test pattern (a power of two).")
    var size = 1024

    @Option(help: "Timed runs; the median is reported.")
    var runs = 5

    @Option(help: "Worker threads (default: all processors).")
    var threads = Parallel.processorCount

    @OptionGroup var rate: RateOption

    @Flag(help: "Encode PVRTC2 (PVRTC-II) instead of PVRTC1 at the same rate.")
    var pvrtc2 = false

    @Option(help: "Write the last run's level (raw block words, in the format's word order) to this file.")
    var saveLevel: String?

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
        guard threads >= 1 else { throw ValidationError("--threads must be at least 1") }
    }

    func run() async throws {
        try await CommandFailure.reporting { try measure() }
    }

    private func measure() throws {
        let source: RGBAImage
        let label: String
        if let image {
            source = try PVRTC1Sizing.prepare(
                ImageFile.read(from: URL(fileURLWithPath: image)), square: nil, pot: nil)
            label = image
        } else {
            try PVRTCImage.validate(width: size, height: size)
            source = TestPattern.texture(width: size, height: size)
            label = "test pattern"
        }
        let options = LevelEncoder.Options(quality: quality, threads: threads)
        let format = rate.format(pvrtc2: pvrtc2)
        var level: [UInt8] = []
        let result = try Benchmark.measure(runs: runs, warmupRuns: 0) {
            level = try LevelEncoder.encode(source, format: format, options: options).data
        }
        if let saveLevel {
            try AtomicFileWriter.write(level, to: URL(fileURLWithPath: saveLevel))
        }
        let pixels = source.width * source.height
        let rateLabel = pvrtc2 ? " \(format.displayName)" : rate.format == .pvrtc1_2bpp ? " 2bpp" : ""
        print(
            "pvrc bench encode: \(label), \(source.width)x\(source.height)\(rateLabel), quality \(quality.rawValue), "
                + "\(threads) thread\(threads == 1 ? "" : "s"), \(runs) run\(runs == 1 ? "" : "s")")
        print(
            String(
                format: "  median %.3f s (fastest %.3f s), %.2f Mpixel/s",
                result.median, result.minimum, result.millionsPerSecond(pixels)))
        if let saveLevel { print("wrote \(saveLevel): the last run's level, \(level.count) bytes") }
    }
}
