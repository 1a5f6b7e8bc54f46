import FileIO
import Foundation
import TexturePipeline

/// What `pvrc build` prints while it works: on a terminal, a progress bar with an ETA on stderr
/// (cache warnings appear above it); otherwise one plain line per finished texture on stdout (CI
/// logs) and cache warnings on stderr. Failures are listed once, in the summary. The bar is redrawn
/// every second (``tick()``), so elapsed time and ETA move during long encodes. Names and warnings
/// are printed escaped (`PrintableText`): a source name cannot add or forge a log line.
final class BuildDisplay: @unchecked Sendable {
    private let quiet: Bool
    private let terminal: Bool
    private let total: Int
    private let lock = NSLock()
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var barShown = false
    private var last: (progress: BuildProgress, at: ContinuousClock.Instant)?

    /// A display for a build of `total` textures to process; `quiet` keeps only failures and warnings.
    init(quiet: Bool, total: Int) {
        self.quiet = quiet
        self.total = total
        terminal = isatty(STDERR_FILENO) == 1
        start = clock.now
    }

    /// Whether ``tick()`` draws anything: on a terminal, unless quiet.
    var showsBar: Bool { terminal && !quiet }

    /// Redraws the bar with the time that passed since the last finished texture.
    func tick() {
        lock.lock()
        defer { lock.unlock() }
        guard showsBar else { return }
        let now = clock.now
        if let last {
            guard last.progress.completed < last.progress.total else { return }
            let since = Self.seconds(now - last.at)
            var progress = last.progress
            progress.elapsed += since
            progress.remaining = progress.remaining.map { max(0, $0 - since) }
            showBar(progress)
        } else if total > 0 {
            showBar(BuildProgress(completed: 0, total: total, elapsed: Self.seconds(now - start), remaining: nil))
        }
    }

    /// Shows one finished texture and the progress so far.
    func finished(_ result: TextureResult, progress: BuildProgress) {
        lock.lock()
        defer { lock.unlock() }
        clearBar()
        for warning in result.warnings {
            FileHandle.standardError.write(Data("pvrc: warning: \(PrintableText.escaped(warning))\n".utf8))
        }
        if !quiet && !terminal {
            let verb: String
            switch result.outcome {
            case .cached: verb = "cached"
            case .failed: verb = "failed"
            default: verb = "built"
            }
            let line =
                PrintableText.escaped("\(verb) \(result.source) -> \(result.output) (")
                + String(format: "%.2f", result.seconds) + " s) [\(progress.completed)/\(progress.total)]\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
        last = (progress, clock.now)
        if showsBar && progress.completed < progress.total { showBar(progress) }
    }

    /// Clears the progress bar before the summary.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        clearBar()
    }

    private func showBar(_ progress: BuildProgress) {
        let width = 30
        let filled = progress.total > 0 ? width * progress.completed / progress.total : width
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let eta = progress.remaining.map { " ETA \(Self.duration($0))" } ?? ""
        FileHandle.standardError.write(
            Data(
                "\r\u{1B}[K[\(bar)] \(progress.completed)/\(progress.total) \(Self.duration(progress.elapsed))\(eta)"
                    .utf8))
        barShown = true
    }

    private func clearBar() {
        guard barShown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        barShown = false
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    private static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 60 ? "\(whole / 60)m\(String(format: "%02d", whole % 60))s" : "\(whole)s"
    }
}
