import Foundation

/// A result that is set once and awaited by one task; setting it before the task waits is fine.
///
/// The loader registers a request's promise synchronously, on its own executor, before the request
/// suspends — so no completion or cancellation can slip between registering and waiting.
final class LoadPromise<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `result` and `continuation` are guarded by `lock`.
    private let lock = NSLock()
    private var result: Result<Value, Error>?
    private var continuation: CheckedContinuation<Value, Error>?

    /// True once a result is set.
    var isFulfilled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return result != nil
    }

    /// Sets the result (later calls are ignored) and wakes the waiting task.
    func fulfill(_ value: Result<Value, Error>) {
        lock.lock()
        guard result == nil else {
            lock.unlock()
            return
        }
        result = value
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(with: value)
    }

    /// Waits for the result.
    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, Error>) in
            lock.lock()
            if let result {
                lock.unlock()
                continuation.resume(with: result)
            } else {
                self.continuation = continuation
                lock.unlock()
            }
        }
    }
}
