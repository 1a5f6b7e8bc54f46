import PVRTC
import PVRTCBenchmarks
import XCTest

/// The statistics of `Benchmark` (its timings themselves are not asserted: speed is measured by `pvrc bench`).
final class BenchmarkTests: XCTestCase {
    func testMedianMinimumAndRate() {
        let odd = Benchmark(seconds: [0.3, 0.1, 0.2])
        XCTAssertEqual(odd.median, 0.2)
        XCTAssertEqual(odd.minimum, 0.1)
        XCTAssertEqual(odd.millionsPerSecond(4_000_000), 20, accuracy: 1e-9)
        let even = Benchmark(seconds: [4, 1, 3, 2])
        XCTAssertEqual(even.median, 2.5)
        XCTAssertEqual(even.minimum, 1)
    }

    func testMeasureRunsTheBodyForWarmupAndEveryRun() {
        var calls = 0
        let result = Benchmark.measure(runs: 5, warmupRuns: 2) { calls += 1 }
        XCTAssertEqual(calls, 7)
        XCTAssertEqual(result.seconds.count, 5)
        XCTAssertTrue(result.seconds.allSatisfy { $0 >= 0 })
    }

    func testMeasurePropagatesErrors() {
        struct Failure: Error {}
        XCTAssertThrowsError(try Benchmark.measure(runs: 3) { throw Failure() }) { error in
            XCTAssertTrue(error is Failure)
        }
    }
}
