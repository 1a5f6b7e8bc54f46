import Foundation

/// A gate that blocks threads (a test's file reader) until opened, and counts who arrived.
final class Gate: @unchecked Sendable {
    // @unchecked Sendable: `open` and `arrivals` are guarded by `condition`.
    private let condition = NSCondition()
    private var isOpen = false
    private var arrivals = 0

    func pass() {
        condition.lock()
        arrivals += 1
        condition.broadcast()
        while !isOpen { condition.wait() }
        condition.unlock()
    }

    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits (up to 10 s) until `count` threads have reached the gate.
    func waitForArrivals(_ count: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(10)
        while arrivals < count {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }
}
