import ArgumentParser
import PVRTC
import PVRTCBenchmarks

/// `pvrc bench decode`: decoder throughput (PVRTC1 4bpp, or 2bpp with `--bpp 2`; PVRTC2 with `--pvrtc2`) on
/// a level of random blocks, on one thread and on all threads.
struct BenchDecodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decoder throughput (Mpixel/s) on a square level of random blocks."
    )

    @Option(help: "Width and height of the level in pixels (a power of two).")
    var size = 2048

    @Option(help: "Timed runs per thread count; the median is reported.")
    var runs = 7

    @Option(help: "Thread count for the parallel measurement (default: all processors).")
    var threads = Parallel.processorCount

    @OptionGroup var rate: RateOption

    @Flag(help: "Decode PVRTC2 (PVRTC-II) blocks instead of PVRTC1 at the same rate.")
    var pvrtc2 = false

    /// The format decoded: `--bpp` and `--pvrtc2`.
    var decodedFormat: PVRTCFormat { rate.format(pvrtc2: pvrtc2) }

    func validate() throws {
        do {
            try PVRTCImage.validate(width: size, height: size)
        } catch {
            throw ValidationError("--size: \(error)")
        }
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
        guard threads >= 1 else { throw ValidationError("--threads must be at least 1") }
    }

    func run() async throws {
        var generator = SystemRandomNumberGenerator()
        let decoded = decodedFormat
        let count = decoded.byteCount(width: size, height: size)
        var data = [UInt8](repeating: 0, count: count)
        data.withUnsafeMutableBytes { bytes in
            // A level is a whole number of 8-byte blocks.
            for offset in stride(from: 0, to: count, by: 8) {
                bytes.storeBytes(of: generator.next() as UInt64, toByteOffset: offset, as: UInt64.self)
            }
        }
        let image = try PVRTCImage(width: size, height: size, data: data, format: decoded)
        let pixels = size * size
        let rateLabel = decoded == .pvrtc1_4bpp ? "" : " \(decoded.displayName)"
        print("pvrc bench decode: \(size)x\(size)\(rateLabel) level of random blocks, median of \(runs) runs")
        for threadCount in Set([1, threads]).sorted() {
            let result = Benchmark.measure(runs: runs) {
                _ = PVRTCDecoder.decode(image, threads: threadCount)
            }
            let label = threadCount == 1 ? "1 thread" : "\(threadCount) threads"
            let throughput = result.millionsPerSecond(pixels)
            print(
                "  \(label): \(format(throughput)) Mpixel/s  (median \(format(result.median * 1e3)) ms, "
                    + "fastest \(format(result.minimum * 1e3)) ms)")
        }
    }

    /// One decimal place.
    private func format(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return "\(Int(tenths) / 10).\(Int(tenths) % 10)"
    }
}
