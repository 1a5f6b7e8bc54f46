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

    @Option(help: "Bits per pixel of the level: 4 (PVRTC1 4bpp) or 2 (PVRTC1 2bpp).")
    var bpp = 4

    func validate() throws {
        do {
            try PVRTCImage.validate(width: size, height: size)
        } catch {
            throw ValidationError("--size: \(error)")
        }
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
        guard threads >= 1 else { throw ValidationError("--threads must be at least 1") }
        guard bpp == 2 || bpp == 4 else { throw ValidationError("--bpp must be 2 or 4") }
    }

    func run() async throws {
        var generator = SystemRandomNumberGenerator()
        let count =
            bpp == 2
            ? PVRTCFormat.pvrtc1_2bpp.byteCount(width: size, height: size)
            : PVRTCImage.byteCount(width: size, height: size)
        var data = [UInt8](repeating: 0, count: count)
        data.withUnsafeMutableBytes { bytes in
            // A level is a whole number of 8-byte blocks.
            for offset in stride(from: 0, to: count, by: 8) {
                bytes.storeBytes(of: generator.next() as UInt64, toByteOffset: offset, as: UInt64.self)
            }
        }
        let image = bpp == 2 ? nil : try PVRTCImage(width: size, height: size, data: data)
        let pixels = size * size
        let rate = bpp == 2 ? " PVRTC1 2bpp" : ""
        print("pvrc bench decode: \(size)x\(size)\(rate) level of random blocks, median of \(runs) runs")
        for threadCount in Set([1, threads]).sorted() {
            let result = try Benchmark.measure(runs: runs) {
                if let image {
                    _ = PVRTCDecoder.decode(image, threads: threadCount)
                } else {
                    _ = try PVRTC2bppDecoder.decode(data: data, width: size, height: size, threads: threadCount)
                }
            }
            let label = threadCount == 1 ? "1 thread" : "\(threadCount) threads"
            let rate = result.millionsPerSecond(pixels)
            print(
                "  \(label): \(format(rate)) Mpixel/s  (median \(format(result.median * 1e3)) ms, "
                    + "fastest \(format(result.minimum * 1e3)) ms)")
        }
    }

    /// One decimal place.
    private func format(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return "\(Int(tenths) / 10).\(Int(tenths) % 10)"
    }
}
