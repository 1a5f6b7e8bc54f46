import PVRTC
import TextureFormats
import TextureLoader

/// Wall-clock timing of a piece of work repeated several times, for `pvrc bench` and `tools/` scripts.
///
/// Speed claims in pvrc come from these figures (release builds, medians), never from timed unit tests.
package struct Benchmark: Sendable, Equatable {
    /// The duration of every timed run, in seconds, in the order they ran.
    package let seconds: [Double]

    /// Times `body` `runs` times (after `warmupRuns` untimed runs) with `ContinuousClock`.
    /// - Precondition: `runs >= 1`; callers validate user input before measuring.
    package static func measure(runs: Int, warmupRuns: Int = 1, _ body: () throws -> Void) rethrows -> Benchmark {
        precondition(runs >= 1, "a benchmark needs at least one run")
        for _ in 0..<max(warmupRuns, 0) { try body() }
        let clock = ContinuousClock()
        var seconds: [Double] = []
        seconds.reserveCapacity(runs)
        for _ in 0..<runs {
            let elapsed = try clock.measure(body)
            let (whole, attoseconds) = elapsed.components
            seconds.append(Double(whole) + Double(attoseconds) * 1e-18)
        }
        return Benchmark(seconds: seconds)
    }

    /// Wraps durations measured elsewhere (seconds); must not be empty.
    package init(seconds: [Double]) {
        precondition(!seconds.isEmpty, "a benchmark needs at least one run")
        self.seconds = seconds
    }

    /// The median run time in seconds (the mean of the two middle runs for an even count).
    package var median: Double {
        let sorted = seconds.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The fastest run in seconds.
    package var minimum: Double { seconds.min() ?? 0 }

    /// Work done per second at the median time, in millions: e.g. Mpixel/s for `units` pixels per run.
    package func millionsPerSecond(_ units: Int) -> Double { Double(units) / median / 1e6 }
}
