import Atomics

/// A flag set once, from any thread, when the task that started an encode is cancelled; the
/// encoding thread polls it between search stages.
final class CancellationFlag: Sendable {
    private let flag = ManagedAtomic(false)

    /// Whether cancellation was requested.
    var isSet: Bool { flag.load(ordering: .acquiring) }

    /// Requests cancellation.
    func set() { flag.store(true, ordering: .releasing) }
}
