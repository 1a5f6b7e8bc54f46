import Foundation

/// A counting semaphore for tasks: bounds how many file reads run at once without blocking threads.
/// Waiters are served first come, first served; a waiting task that is cancelled stops waiting and
/// throws `CancellationError`.
package final class AsyncSemaphore: @unchecked Sendable {
    // @unchecked Sendable: all mutable state (`available`, `waiters`, `nextID`) is guarded by `lock`.
    private let lock = NSLock()
    private var available: Int
    private var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, Error>)] = []
    private var nextID: UInt64 = 0

    /// Creates a semaphore with `permits` slots (at least 1).
    package init(permits: Int) {
        available = max(permits, 1)
    }

    /// Waits for a slot. Pair every successful wait with one ``signal()``.
    /// - Throws: `CancellationError` when the task is cancelled before it gets a slot (no slot is held).
    package func wait() async throws {
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                lock.lock()
                if Task.isCancelled {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                } else if available > 0 {
                    available -= 1
                    lock.unlock()
                    continuation.resume()
                } else {
                    waiters.append((id, continuation))
                    lock.unlock()
                }
            }
        } onCancel: {
            lock.lock()
            let index = waiters.firstIndex { $0.id == id }
            let cancelled = index.map { waiters.remove(at: $0).continuation }
            lock.unlock()
            cancelled?.resume(throwing: CancellationError())
        }
    }

    /// Releases a slot, handing it to the longest waiting task if there is one.
    package func signal() {
        lock.lock()
        if waiters.isEmpty {
            available += 1
            lock.unlock()
        } else {
            let next = waiters.removeFirst().continuation
            lock.unlock()
            next.resume()
        }
    }
}
