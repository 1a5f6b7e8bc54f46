import ArgumentParser
import Foundation
import ImageFiles
import PVRTCBenchmarks
import PVRTCGL
import TextureLoader
import TextureLoaderGL

/// `pvrc bench carousel DIR`: the scrolling-carousel table (``CarouselBenchmark``).
struct BenchCarouselCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carousel",
        abstract:
            "Scroll through DIR's images at 60 Hz, headless, and compare how each strategy keeps the frame budget.",
        discussion: """
            DIR holds NAME.png files with NAME.pvr (or NAME.ktx) beside them, made by \
            tools/prepare-carousel.sh. Strategies: png-on-demand (decode + upload in the frame that shows \
            an image), pvr-on-demand (read + upload in that frame), pvr-cache-prefetch (TextureLoader: \
            reads off the render thread, cache, prefetch, low-res first). Frame time is the render \
            thread's busy time per frame; build with -c release.
            """
    )

    @Argument(help: "Directory of NAME.png + NAME.pvr/NAME.ktx pairs.")
    var directory: String

    @Option(help: "Frames between scroll steps.")
    var framesPerStep = 8

    @Option(help: "Images visible at once.")
    var visible = 3

    @Option(help: "On-screen slot size in pixels (PVR strategies upload the levels that fit it).")
    var slot = 256

    @Option(help: "Upcoming images prefetched by the loader strategy.")
    var prefetch = 3

    @Option(help: "PVRTC upload mode: decode-once or direct (native needs PowerVR hardware).")
    var mode: String = PVRTCUploadMode.decodeOnce.rawValue

    @Option(parsing: .upToNextOption, help: "Strategies to run (default: all).")
    var strategies: [String] = CarouselStrategy.allCases.map(\.rawValue)

    func validate() throws {
        guard framesPerStep >= 1, visible >= 1, slot >= 1, prefetch >= 0 else {
            throw ValidationError("--frames-per-step, --visible and --slot must be positive, --prefetch not negative")
        }
        guard PVRTCUploadMode(rawValue: mode) != nil else {
            throw ValidationError(
                "--mode must be one of \(PVRTCUploadMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        for name in strategies where CarouselStrategy(rawValue: name) == nil {
            throw ValidationError(
                "unknown strategy \(name); use \(CarouselStrategy.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() async throws {
        try await CommandFailure.reporting {
            let uploadMode = PVRTCUploadMode(rawValue: mode) ?? .decodeOnce
            let items = try CarouselItem.scan(URL(fileURLWithPath: directory))
            let benchmark = CarouselBenchmark(
                items: items,
                configuration: CarouselConfiguration(
                    visibleCount: visible, framesPerStep: framesPerStep,
                    prefetchAhead: prefetch, slotSize: slot),
                makeRenderer: { try GLTextureUploader(mode: uploadMode) },
                decodePNG: { try PNGCodec.read(from: URL(fileURLWithPath: $0)) })
            print(
                "pvrc bench carousel: \(items.count) images, \(visible) visible at \(slot) px, one step every "
                    + "\(framesPerStep) frames, \(benchmark.frameCount) frames at 16.7 ms, PVR upload \(uploadMode.rawValue)\n"
            )
            print("| strategy | p50 | p95 | p99 | max | over budget | missing image | showing preview | peak GPU |")
            print("|---|---|---|---|---|---|---|---|---|")
            for name in strategies {
                guard let strategy = CarouselStrategy(rawValue: name) else { continue }
                let report = try await benchmark.run(strategy)
                print(
                    "| \(strategy.rawValue) | \(ms(report.percentile(50))) | \(ms(report.percentile(95))) | "
                        + "\(ms(report.percentile(99))) | \(ms(report.percentile(100))) | "
                        + "\(report.framesOverBudget)/\(report.frameTimes.count) | \(report.framesMissingImage) | "
                        + "\(report.framesShowingPreview) | \(mib(report.peakGPUBytes)) MiB |")
            }
        }
    }

    private func ms(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.2f ms", (Double(seconds) + Double(attoseconds) * 1e-18) * 1e3)
    }

    private func mib(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }
}
