import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A dedicated thread that owns one resource (for a GPU uploader: its context and whatever draws
/// with it) and runs a serial queue of work on it. It makes no GL call itself.
///
/// The resource is created on the thread by the factory given to ``init(name:makeResource:)`` and
/// never leaves it: the only ways to reach it are ``perform(_:)`` (from anywhere, asynchronously) and
/// ``withResource(_:_:)`` (synchronously, only on the thread). `ResourceThread` is also a `SerialExecutor`, so
/// an actor can run all of its isolated code on the thread by returning
/// ``asUnownedSerialExecutor()`` from its `unownedExecutor` — ``TextureLoader`` does this, which makes
/// its cache bookkeeping and its GL calls one serial stream with the frames drawn on the same thread.
///
/// The thread counts the time it spends running work (``busyTime``); benchmarks use it as the
/// render thread's frame cost.
///
/// ## Ending the thread
/// Call `await` ``shutdown()`` when done, and before the process exits: the thread finishes the
/// queued work, releases the resource on itself (for a GL uploader: deletes its objects and destroys
/// the context) and ends (its thread-local destructors included), and only then does `shutdown()`
/// return. A process that exits while the
/// release still runs races the GL driver's and the C library's exit-time destructors against it
/// (heap corruption in Mesa); returning from `shutdown()` rules that out.
///
/// The running thread keeps its `ResourceThread` alive, so dropping the last reference without
/// `shutdown()` does not stop it: the thread and its resource stay until the process ends, and the
/// resource is never released. That is harmless only for a thread meant to live as long as the
/// process; everything else must be shut down.
public final class ResourceThread<Resource>: SerialExecutor, @unchecked Sendable {
    // @unchecked Sendable: `queue`, `stopping`, `started`, `exited`, `released`, `ended`, `ending` and the
    // waiters are guarded by `condition` (`handle` is written once in `init`); `resource`, `threadID`-dependent state and the busy counters are touched only on the
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
    /// Set by the thread once it has released the resource and is about to end.
    private var released = false
    /// The first ``shutdown()`` call, waiting for `released`.
    private var releaseWaiter: CheckedContinuation<Void, Never>?
    /// Set once the thread has ended (on Linux: joined, its thread-local destructors done).
    private var ended = false
    /// Further ``shutdown()`` calls, waiting for `ended`.
    private var endWaiters: [CheckedContinuation<Void, Never>] = []
    /// Whether a ``shutdown()`` call has taken on ending the thread (waiting for the release, joining).
    private var ending = false
    #if canImport(Glibc)
        /// The thread, joined by the first ``shutdown()``.
        private var handle = pthread_t()
    #endif
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
        #if canImport(Glibc)
            // A joinable POSIX thread, so that shutdown() can wait until it is completely gone (its
            // thread-local destructors, e.g. the GL driver's per-thread state, included).
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            pthread_attr_setstacksize(&attributes, 8 << 20)
            let start = Unmanaged.passRetained(ThreadStart { [self] in run() }).toOpaque()
            let status = pthread_create(&handle, &attributes, startResourceThread, start)
            pthread_attr_destroy(&attributes)
            if status != 0 {
                Unmanaged<ThreadStart>.fromOpaque(start).release()
                // No thread: the resource is never made, and the object behaves as already shut down.
                resource = .failure(TextureLoaderError.glThreadStopped)
                (started, stopping, exited, released, ended, ending) = (true, true, true, true, true, true)
                return
            }
        #else
            let thread = Thread { [self] in run() }
            thread.name = name
            thread.stackSize = 8 << 20
            thread.start()
        #endif
        condition.lock()
        while !started { condition.wait() }
        condition.unlock()
    }

    /// True when the caller is running on this thread.
    public var isCurrent: Bool {
        pthread_equal(pthread_self(), threadID) != 0
    }

    /// Runs `body` with the resource, synchronously, on the thread.
    ///
    /// Only code already running on the thread may call this (work submitted with ``perform(_:)``,
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

    /// Runs `body` with the resource on the thread and returns its result.
    ///
    /// When the calling task is cancelled before the work starts on the thread, the body is not
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

    /// Queues `body` to run with the resource on the thread without waiting for it (used for
    /// deleting textures). Errors are dropped; nothing runs after ``shutdown()``.
    public func enqueue(_ body: @escaping @Sendable (Resource) throws -> Void) {
        _ = submit(.closure { [self] in _ = try? withResource("enqueue", body) })
    }

    /// Stops the thread and returns once it has ended: the queued work has run, the resource has been
    /// released on the thread, and the thread is gone (on Linux it is joined, so its thread-local
    /// destructors — the GL driver's per-thread state — have run too).
    ///
    /// Work submitted afterwards fails with ``TextureLoaderError/glThreadStopped``. Calling it again
    /// (or from several tasks) is fine: every call returns once the thread has ended. Do not await it
    /// from work running on this thread (a ``perform(_:)`` body cannot; an actor whose executor is
    /// this thread may, since awaiting suspends its job and frees the thread).
    public func shutdown() async {
        guard beginShutdown() else {
            await waitUntil({ ended }, else: { endWaiters.append($0) })
            return
        }
        // The first call waits (without blocking a thread) for the release, then for the thread itself:
        // after the release it only has its thread-local destructors left, so the join is short.
        await waitUntil({ released }, else: { releaseWaiter = $0 })
        #if canImport(Glibc)
            pthread_join(handle, nil)
        #endif
        markEnded()
    }

    /// Returns at once when `isDone()` holds (read under `condition`); otherwise `register` keeps the
    /// continuation (under `condition`) for the thread to resume, and the caller waits without
    /// blocking a thread.
    private func waitUntil(_ isDone: () -> Bool, else register: (CheckedContinuation<Void, Never>) -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            if isDone() {
                condition.unlock()
                continuation.resume()
            } else {
                register(continuation)
                condition.unlock()
            }
        }
    }

    /// Tells the thread to stop; true for the first call, which then ends the thread.
    private func beginShutdown() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        stopping = true
        condition.signal()
        let first = !ending
        ending = true
        return first
    }

    /// Records that the thread has ended and lets the other ``shutdown()`` calls return.
    private func markEnded() {
        condition.lock()
        ended = true
        let waiters = endWaiters
        endWaiters.removeAll()
        condition.unlock()
        for waiter in waiters { waiter.resume() }
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
    /// Read it on the thread (for example at the end of a frame); from other threads it returns
    /// `nil`.
    public var busyTime: Duration? {
        guard isCurrent else { return nil }
        var total = busyNanoseconds
        if let start = currentWorkStart {
            total += ResourceThread.now() - start
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
        precondition(isCurrent || hasExited, "not on the thread")
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
                let start = ResourceThread.now()
                currentWorkStart = start
                switch work {
                case .job(let job): job.runSynchronously(on: asUnownedSerialExecutor())
                case .closure(let body): body()
                }
                currentWorkStart = nil
                busyNanoseconds += ResourceThread.now() - start
            }
        }
        resource = nil
        condition.lock()
        released = true
        let waiter = releaseWaiter
        releaseWaiter = nil
        condition.unlock()
        waiter?.resume()
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

#if canImport(Glibc)
    /// What a new thread runs, passed through `pthread_create`'s context pointer.
    private final class ThreadStart {
        let body: () -> Void

        init(_ body: @escaping () -> Void) {
            self.body = body
        }
    }

    /// The thread's entry point: runs (and releases) the `ThreadStart` it is given.
    private func startResourceThread(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        guard let context else { return nil }
        Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue().body()
        return nil
    }
#endif

/// A one-way flag set from a cancellation handler and read on the thread.
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
