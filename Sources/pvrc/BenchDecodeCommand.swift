import ArgumentParser
import PVRTC
import PVRTCBenchmarks

/// `pvrc bench decode`: PVRTC1 decoder throughput (4bpp, or 2bpp with `--bpp 2`) on a level of random
/// blocks, on one thread and on all threads.
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
        let twoBpp = rate.format == .pvrtc1_2bpp
        let count = rate.format.byteCount(width: size, height: size)
        var data = [UInt8](repeating: 0, count: count)
        data.withUnsafeMutableBytes { bytes in
            // A level is a whole number of 8-byte blocks.
            for offset in stride(from: 0, to: count, by: 8) {
                bytes.storeBytes(of: generator.next() as UInt64, toByteOffset: offset, as: UInt64.self)
            }
        }
        let image = twoBpp ? nil : try PVRTCImage(width: size, height: size, data: data)
        let pixels = size * size
        let rateLabel = twoBpp ? " PVRTC1 2bpp" : ""
        print("pvrc bench decode: \(size)x\(size)\(rateLabel) level of random blocks, median of \(runs) runs")
        for threadCount in Set([1, threads]).sorted() {
            let result = try Benchmark.measure(runs: runs) {
                if let image {
                    _ = PVRTCDecoder.decode(image, threads: threadCount)
                } else {
                    _ = try PVRTC2bppDecoder.decode(data: data, width: size, height: size, threads: threadCount)
                }
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
