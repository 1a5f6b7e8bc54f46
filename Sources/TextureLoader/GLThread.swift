import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A dedicated thread that owns a GL resource (a context and whatever draws with it) and runs a
/// serial queue of work on it.
///
/// The resource is created on the thread by the factory given to ``init(name:makeResource:)`` and
/// never leaves it: the only ways to reach it are ``perform(_:)`` (from anywhere, asynchronously) and
/// ``withResource(_:_:)`` (synchronously, only on the thread). `GLThread` is also a `SerialExecutor`, so
/// an actor can run all of its isolated code on the GL thread by returning
/// ``asUnownedSerialExecutor()`` from its `unownedExecutor` — ``TextureLoader`` does this, which makes
/// its cache bookkeeping and its GL calls one serial stream with the frames drawn on the same thread.
///
/// The thread counts the time it spends running work (``busyTime``); benchmarks use it as the
/// render thread's frame cost.
///
/// ## Ending the thread
/// Call `await` ``shutdown()`` when done, and before the process exits: the thread finishes the
/// queued work, releases the resource on itself (for a GL uploader: deletes its objects and destroys
/// the context) and ends, and only then does `shutdown()` return. A process that exits while the
/// release still runs races the GL driver's and the C library's exit-time destructors against it
/// (heap corruption in Mesa); returning from `shutdown()` rules that out.
///
/// The running thread keeps its `GLThread` alive, so dropping the last reference without
/// `shutdown()` does not stop it: the thread and its resource stay until the process ends, and the
/// resource is never released. That is harmless only for a thread meant to live as long as the
/// process; everything else must be shut down.
public final class GLThread<Resource>: SerialExecutor, @unchecked Sendable {
    // @unchecked Sendable: `queue`, `stopping`, `started`, `exited`, `ended` and `endWaiters` are guarded by
    // `condition`; `resource`, `threadID`-dependent state and the busy counters are touched only on the GL
    // thread itself (checked by `isCurrent`); `threadID` is written once before `started` is signalled.

    private enum Work {
        case job(UnownedJob)
        case closure(() -> Void)
    }

    private let condition = NSCondition()
    private var queue: [Work] = []
    private var stopping = false
    private var started = false
    private var exited = false
    /// Set once the resource has been released and the thread's body has returned.
    private var ended = false
    /// ``shutdown()`` calls waiting for `ended`.
    private var endWaiters: [CheckedContinuation<Void, Never>] = []
    private let name: String
    /// Runs actor jobs that arrive after the thread exited, keeping them serial; they find no resource.
    private let retiredQueue = DispatchQueue(label: "pvrc.gl.retired")
    private var threadID = pthread_t(bitPattern: 0)
    private var resource: Result<Resource, Error>?
    private var busyNanoseconds: UInt64 = 0
    private var currentWorkStart: UInt64?
    private let makeResource: () throws -> Resource

    /// Starts the thread and creates the resource on it.
    /// - Parameters:
    ///   - name: The thread's name (visible in debuggers, `top -H` and `/proc`; the kernel keeps the
    ///     first 15 bytes); set before the resource is made.
    ///   - makeResource: Called once, on the new thread, before any work runs. If it throws, every
    ///     later ``withResource(_:_:)`` and ``perform(_:)`` rethrows that error.
    public init(name: String = "pvrc.gl", makeResource: @escaping @Sendable () throws -> Resource) {
        self.makeResource = makeResource
        self.name = name
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.stackSize = 8 << 20
        thread.start()
        condition.lock()
        while !started { condition.wait() }
        condition.unlock()
    }

    /// True when the caller is running on this GL thread.
    public var isCurrent: Bool {
        pthread_equal(pthread_self(), threadID) != 0
    }

    /// Runs `body` with the resource, synchronously, on the GL thread.
    ///
    /// Only code already running on the GL thread may call this (work submitted with ``perform(_:)``,
    /// or an actor whose executor is this thread).
    /// - Throws: ``TextureLoaderError/offGLThread(operation:)`` when called from any other thread (the
    ///   body is not run); the resource's creation error if it could not be created; whatever `body`
    ///   throws.
    public func withResource<T>(_ operation: String = #function, _ body: (Resource) throws -> T) throws -> T {
        guard isCurrent else {
            throw hasExited ? TextureLoaderError.glThreadStopped : TextureLoaderError.offGLThread(operation: operation)
        }
        guard let resource else {
            throw TextureLoaderError.glThreadStopped
        }
        return try body(resource.get())
    }

    /// Runs `body` with the resource on the GL thread and returns its result.
    ///
    /// When the calling task is cancelled before the work starts on the GL thread, the body is not
    /// run and the call throws `CancellationError` — so work such as an upload never happens for a
    /// request that was cancelled while it waited in the queue.
    /// - Throws: `CancellationError`; ``TextureLoaderError/glThreadStopped`` after ``shutdown()``; the
    ///   resource's creation error; whatever `body` throws.
    public func perform<T: Sendable>(_ body: @escaping @Sendable (Resource) throws -> T) async throws -> T {
        let flag = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
                let accepted = submit(
                    .closure { [self] in
                        if flag.isSet {
                            continuation.resume(throwing: CancellationError())
                            return
                        }
                        continuation.resume(with: Result { try withResource("perform", body) })
                    })
                if !accepted {
                    continuation.resume(throwing: TextureLoaderError.glThreadStopped)
                }
            }
        } onCancel: {
            flag.set()
        }
    }

    /// Queues `body` to run with the resource on the GL thread without waiting for it (used for
    /// deleting textures). Errors are dropped; nothing runs after ``shutdown()``.
    public func enqueue(_ body: @escaping @Sendable (Resource) throws -> Void) {
        _ = submit(.closure { [self] in _ = try? withResource("enqueue", body) })
    }

    /// Stops the thread and returns once it has ended: the queued work has run, the resource has been
    /// released on the thread, and the thread's body has returned.
    ///
    /// Work submitted afterwards fails with ``TextureLoaderError/glThreadStopped``. Calling it again
    /// (or from several tasks) is fine: every call returns once the thread has ended. Do not await it
    /// from work running on this thread (a ``perform(_:)`` body cannot; an actor whose executor is
    /// this thread may, since awaiting suspends its job and frees the thread).
    public func shutdown() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            stopping = true
            condition.signal()
            if ended {
                condition.unlock()
                continuation.resume()
            } else {
                endWaiters.append(continuation)
                condition.unlock()
            }
        }
    }

    /// True once the thread has ended (its resource released); see ``shutdown()``.
    public var hasEnded: Bool {
        condition.lock()
        defer { condition.unlock() }
        return ended
    }

    /// Total time the thread has spent running work since it started, including the work running
    /// now when called from the thread itself.
    ///
    /// Read it on the GL thread (for example at the end of a frame); from other threads it returns
    /// `nil`.
    public var busyTime: Duration? {
        guard isCurrent else { return nil }
        var total = busyNanoseconds
        if let start = currentWorkStart {
            total += GLThread.now() - start
        }
        return .nanoseconds(Int64(total))
    }

    // MARK: SerialExecutor

    /// Queues a job of an actor that uses this thread as its executor.
    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        condition.lock()
        // Actor jobs must run even after shutdown: they go to the queue while the thread still drains
        // it, and to a serial fallback queue once it has exited (where any GL access fails with
        // `glThreadStopped`), so the actor's code stays serial either way.
        guard exited else {
            queue.append(.job(unowned))
            condition.signal()
            condition.unlock()
            return
        }
        condition.unlock()
        // The runtime calls this through an unowned reference, and the job may drop the last reference
        // to the actor (and so to this thread object) as soon as it has run: the block keeps `self`
        // alive until the job is done, and nothing here touches `self` after handing the job over.
        let executor = asUnownedSerialExecutor()
        let retired = retiredQueue
        retired.async { [self] in
            withExtendedLifetime(self) { unowned.runSynchronously(on: executor) }
        }
    }

    /// The executor reference actors return from `unownedExecutor`.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Lets `assumeIsolated` and the runtime's isolation checks accept code running on this thread
    /// (or on the fallback queue that serialises actor jobs after the thread exited).
    public func checkIsolated() {
        precondition(isCurrent || hasExited, "not on the GL thread")
    }

    // MARK: Thread body

    private var hasExited: Bool {
        condition.lock()
        defer { condition.unlock() }
        return exited
    }

    private func submit(_ work: Work) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopping else { return false }
        queue.append(work)
        condition.signal()
        return true
    }

    private func run() {
        threadID = pthread_self()
        Self.setCurrentThreadName(name)
        resource = Result { try makeResource() }
        condition.lock()
        started = true
        condition.broadcast()
        condition.unlock()

        while true {
            condition.lock()
            while queue.isEmpty && !stopping { condition.wait() }
            let batch = queue
            queue.removeAll(keepingCapacity: true)
            let finished = batch.isEmpty && stopping
            if finished { exited = true }
            condition.unlock()
            if finished { break }
            for work in batch {
                let start = GLThread.now()
                currentWorkStart = start
                switch work {
                case .job(let job): job.runSynchronously(on: asUnownedSerialExecutor())
                case .closure(let body): body()
                }
                currentWorkStart = nil
                busyNanoseconds += GLThread.now() - start
            }
        }
        resource = nil
        condition.lock()
        ended = true
        let waiters = endWaiters
        endWaiters.removeAll()
        condition.unlock()
        for waiter in waiters { waiter.resume() }
    }

    /// Names the calling thread for the kernel (what debuggers, `top -H` and `/proc` show) before any
    /// work runs on it. `Thread.name` alone does not reach the kernel on Linux (the thread kept the
    /// name of the thread that started it), so the name is written to `/proc/thread-self/comm`,
    /// cut to the 15 bytes Linux keeps.
    private static func setCurrentThreadName(_ name: String) {
        Thread.current.name = name
        #if os(Linux)
            var truncated = ""
            for character in name {
                guard truncated.utf8.count + character.utf8.count <= 15 else { break }
                truncated.append(character)
            }
            let descriptor = open("/proc/thread-self/comm", O_WRONLY)
            guard descriptor >= 0 else { return }
            let bytes = Array(truncated.utf8)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        #endif
    }

    private static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}

/// A one-way flag set from a cancellation handler and read on the GL thread.
private final class CancellationFlag: @unchecked Sendable {
    // @unchecked Sendable: the only state is `value`, guarded by `lock`.
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
}
