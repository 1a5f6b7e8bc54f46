/// Admits at most `slots` jobs at once whose estimated memory fits in a budget; one job always
/// runs, however large. Jobs are admitted in the order they ask (first come, first served), so a
/// large texture is not overtaken for ever by small ones.
package actor JobGate {
    private let slots: Int
    private let budget: Int
    private var running = 0
    private var reserved = 0
    private var waiting: [(cost: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// A gate for `slots` jobs within `budget` bytes.
    package init(slots: Int, budget: Int) {
        self.slots = max(1, slots)
        self.budget = budget
    }

    /// Waits until a job costing `cost` bytes may start, and counts it as running.
    package func acquire(cost: Int) async {
        if waiting.isEmpty && fits(cost) {
            take(cost)
            return
        }
        await withCheckedContinuation { continuation in
            waiting.append((cost, continuation))
        }
    }

    /// Ends a job started with `acquire(cost:)` and admits those that now fit.
    package func release(cost: Int) {
        running -= 1
        reserved -= cost
        while let first = waiting.first, fits(first.cost) {
            waiting.removeFirst()
            take(first.cost)
            first.continuation.resume()
        }
    }

    private func fits(_ cost: Int) -> Bool {
        running < slots && (running == 0 || reserved + cost <= budget)
    }

    private func take(_ cost: Int) {
        running += 1
        reserved += cost
    }
}
