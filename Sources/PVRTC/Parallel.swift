import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Splits index ranges over worker threads. The split depends only on the count and the thread
/// count, and every index is processed exactly once, so results written per index are deterministic.
package enum Parallel {
    /// The number of online processors (at least 1).
    package static var processorCount: Int {
        max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
    }

    /// Runs `body` over `0..<count` in up to `threads` contiguous chunks at once.
    /// With `threads <= 1` everything runs on the calling thread, in order.
    package static func forEach(_ count: Int, threads: Int, _ body: @Sendable (Range<Int>) -> Void) {
        guard count > 0 else { return }
        let workers = min(max(threads, 1), count)
        if workers == 1 {
            body(0..<count)
            return
        }
        // Each worker takes every `workers`-th chunk; more chunks than workers balances uneven work,
        // and chunk boundaries stay a pure function of the input.
        let chunks = min(count, workers * 4)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var chunk = worker
            while chunk < chunks {
                let start = count * chunk / chunks
                let end = count * (chunk + 1) / chunks
                if start < end { body(start..<end) }
                chunk += workers
            }
        }
    }
}
