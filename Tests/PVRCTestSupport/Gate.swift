import Foundation

/// A gate that holds threads (a test's file reader) until opened, and counts who arrived. Only the
/// first `holding` arrivals wait; later ones pass at once (so a test never blocks every thread of
/// the small cooperative pool).
package final class Gate: @unchecked Sendable {
    // @unchecked Sendable: `isOpen` and `arrivals` are guarded by `condition`.
    private let condition = NSCondition()
    private let holding: Int
    private var isOpen = false
    private var arrivals = 0

    package init(holding: Int = 1) {
        self.holding = holding
    }

    package func pass() {
        condition.lock()
        arrivals += 1
        let held = arrivals <= holding
        while held && !isOpen { condition.wait() }
        condition.unlock()
    }

    package func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// How many threads have reached the gate.
    package var arrived: Int {
        condition.lock()
        defer { condition.unlock() }
        return arrivals
    }

    /// Waits (up to 10 s, without blocking a thread) until `count` threads have reached the gate.
    package func waitForArrivals(_ count: Int) async -> Bool {
        for _ in 0..<1000 {
            if arrived >= count { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return arrived >= count
    }
}
