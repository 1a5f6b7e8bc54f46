import Foundation

/// Runs `work` on Swift's concurrency pool and blocks the calling thread until it is done.
///
/// The viewer keeps SDL's GL context on the process's main thread and its frame loop synchronous,
/// as games do; async top-level code would run on the main actor, which on Linux is served by
/// whichever dispatch thread drains the main queue, not by the thread the context is current on.
/// The loader's work never needs the blocked thread (it runs on the loader's own GL thread).
func waitFor<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let outcome = Outcome<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do {
            outcome.result = .success(try await work())
        } catch {
            outcome.result = .failure(error)
        }
        done.signal()
    }
    done.wait()
    guard let result = outcome.result else { preconditionFailure("work finished without a result") }
    return try result.get()
}

/// The result handed from the task to the waiting thread.
private final class Outcome<T: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `result` is written by the task before the semaphore is signalled and
    // read by the waiting thread only after it was.
    var result: Result<T, Error>?
}
