import ArgumentParser
import Foundation
import ImageFiles
import PVRTC
import PVRTCGL
import PVRTCGLBenchmarks

/// `pvrc bench load SOURCE.png`: the PNG-versus-PVRTC load-and-show table (``LoadBenchmark``).
struct BenchLoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Time file -> GPU -> drawn for PNG and for PVRTC (decode-once, direct) from a warm GL context.",
        discussion: """
            SOURCE is a square power-of-two PNG at least as large as the largest size; smaller PNGs are \
            made from it with a 2x2 box filter. The PVR files hold seeded random PVRTC1 blocks of --bpp \
            (their load cost does not depend on content). Inputs are written to a temporary directory and \
            removed. --mode picks the PVR upload modes timed (one column each, in order); the last column \
            divides the PNG time by the first mode's. --to picks the block format transcode uploads into, as \
            a loader's GLTextureUploader(mode:transcodeTarget:) asks for one (default: the context's first \
            choice, BC3 for these files on a context with S3TC); a context that cannot take it is refused. \
            With transcode, a second table times the transcoder alone (what pvrc transcode runs: the GPU passes \
            and the blocks read back, without the compressed upload and the draw; Mesa's llvmpipe decodes ETC2 \
            and ASTC uploads on the CPU, which the first table counts).
            """
    )

    @Argument(help: "A realistic square power-of-two PNG, e.g. ../shared/corpus/wz_backdrop3_2048.png.")
    var source: String

    @Option(help: "Timed runs per measurement; the median is reported (at least 5).")
    var runs = 7

    @Option(parsing: .upToNextOption, help: "Texture sizes (powers of two).")
    var sizes = [256, 512, 1024, 2048]

    @Option(
        name: .customLong("mode"), parsing: .upToNextOption,
        help: "PVR upload modes to time: decode-once, direct, transcode, native.")
    var modes: [PVRTCUploadMode] = [.decodeOnce, .direct]

    @Option(help: "The transcode target (with --mode transcode; default: the context's preferred one).")
    var to: TranscodeTargetName?

    @OptionGroup var rate: RateOption

    func validate() throws {
        guard runs >= 5 else { throw ValidationError("--runs must be at least 5") }
        guard !modes.isEmpty else { throw ValidationError("--mode needs at least one upload mode") }
    }

    func run() async throws {
        try await CommandFailure.reporting {
            let image = try PNGCodec.read(from: URL(fileURLWithPath: source))
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("pvrc-bench-load-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let inputs: [LoadBenchmark.Inputs]
            do {
                inputs = try LoadBenchmark.prepareInputs(
                    source: image, sizes: sizes, format: rate.format, directory: directory,
                    writePNG: { try PNGCodec.write($0, to: URL(fileURLWithPath: $1)) })
            } catch let error as GLError {
                throw CommandFailure(file: source, reason: error.description)
            }
            let creation = try LoadBenchmark.contextCreation(runs: runs)
            let context = try GLContext()
            context.requestedTranscodeTarget = to?.target
            if let target = to?.target, modes.contains(.transcode), let reason = context.transcodeRefusal(for: target) {
                throw CommandFailure(message: reason)
            }
            let rows = context.supportsTileRowDecoding ? "4 rows" : "1 row"
            print(
                "pvrc bench load: PVRTC1 \(rate.bpp)bpp; \(context.renderer), \(context.version); decode-once \(rows) "
                    + "per fragment; transcode to \(to?.target.rawValue ?? "the preferred target"); median of \(runs) runs, "
                    + "warm context")
            print("context creation + program compile: \(ms(creation.median)) ms (median)\n")
            let first = modes[0].rawValue
            let columns = modes.map { "PVR \($0.rawValue) |" }.joined(separator: " ")
            print("| size | PNG file | PVR file | PNG: read+decode+upload+draw | \(columns) PNG / \(first) |")
            print("|---|---|---|---|" + String(repeating: "---|", count: modes.count) + "---|")
            var targets: Set<String> = []
            var split: [String] = []
            for input in inputs {
                let row = try LoadBenchmark.measure(
                    input, context: context, runs: runs, modes: modes,
                    readPNG: { try PNGCodec.read(from: URL(fileURLWithPath: $0)) })
                let timings = row.pvr.map { "\(ms($0.timing.median)) ms |" }.joined(separator: " ")
                for timing in row.pvr where timing.mode == .transcode {
                    targets.insert(timing.transcodeTarget?.rawValue ?? "none (decode-once)")
                }
                print(
                    "| \(row.size) | \(kib(row.pngFileBytes)) KiB | \(kib(row.pvrFileBytes)) KiB | "
                        + "\(ms(row.png.median)) ms | \(timings) \(ratio(row.png.median / row.pvr[0].timing.median))x |"
                )
                if let line = splitRow(row) { split.append(line) }
            }
            if !targets.isEmpty { print("\ntranscode uploads went to: \(targets.sorted().joined(separator: ", "))") }
            if !split.isEmpty {
                print(
                    "\nthe transcoder alone: file read + parse + GPU decode and encode passes + blocks read back "
                        + "(pvrc transcode's work), without the compressed upload and the draw")
                print(
                    "| size | target | PVR transcode | transcoder alone | transcode / decode-once "
                        + "| alone / decode-once |")
                print("|---|---|---|---|---|---|")
                for line in split { print(line) }
            }
        }
    }

    /// The row of the transcoder-alone table for `row`; nil when it has no such timing. The ratios need a
    /// decode-once column ("-" without one).
    private func splitRow(_ row: LoadBenchmark.Row) -> String? {
        guard let blocks = row.transcodeBlocks,
            let upload = row.pvr.first(where: { $0.mode == .transcode })?.timing.median
        else { return nil }
        let decodeOnce = row.pvr.first { $0.mode == .decodeOnce }?.timing.median
        let ratios = [upload, blocks.timing.median].map { value in decodeOnce.map { ratio2(value / $0) + "x" } ?? "-" }
        return "| \(row.size) | \(blocks.target.rawValue) | \(ms(upload)) ms | \(ms(blocks.timing.median)) ms | "
            + "\(ratios[0]) | \(ratios[1]) |"
    }

    private func ms(_ seconds: Double) -> String { String(format: "%.2f", seconds * 1e3) }
    private func kib(_ bytes: Int) -> String { String(format: "%.0f", Double(bytes) / 1024) }
    private func ratio(_ value: Double) -> String { String(format: "%.1f", value) }
    private func ratio2(_ value: Double) -> String { String(format: "%.2f", value) }
}
