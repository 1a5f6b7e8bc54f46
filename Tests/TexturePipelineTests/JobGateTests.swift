import TexturePipeline
import XCTest

final class JobGateTests: XCTestCase {
    /// Counts jobs running at once.
    private actor Meter {
        private(set) var running = 0
        private(set) var peak = 0
        func enter() {
            running += 1
            peak = max(peak, running)
        }
        func leave() { running -= 1 }
    }

    private func peakConcurrency(slots: Int, budget: Int, costs: [Int]) async -> Int {
        let gate = JobGate(slots: slots, budget: budget)
        let meter = Meter()
        await withTaskGroup(of: Void.self) { group in
            for cost in costs {
                group.addTask {
                    await gate.acquire(cost: cost)
                    await meter.enter()
                    try? await Task.sleep(for: .milliseconds(200))
                    await meter.leave()
                    await gate.release(cost: cost)
                }
            }
        }
        return await meter.peak
    }

    func testTheBudgetBoundsConcurrentJobsButOneAlwaysRuns() async {
        // Each job alone exceeds half the budget: one at a time, though four slots are free.
        let large = await peakConcurrency(slots: 4, budget: 100, costs: Array(repeating: 60, count: 6))
        XCTAssertEqual(large, 1)
        // Three fit together.
        let medium = await peakConcurrency(slots: 4, budget: 100, costs: Array(repeating: 30, count: 9))
        XCTAssertEqual(medium, 3)
        // Free jobs are bounded by the slots.
        let free = await peakConcurrency(slots: 4, budget: 100, costs: Array(repeating: 0, count: 12))
        XCTAssertEqual(free, 4)
        // A job larger than the whole budget still runs (alone).
        let huge = await peakConcurrency(slots: 4, budget: 100, costs: [500, 500])
        XCTAssertEqual(huge, 1)
    }
}
