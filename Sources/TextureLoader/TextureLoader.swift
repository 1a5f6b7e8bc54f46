import FileIO
import Foundation
import PVRTC
import TextureFormats

/// Loads texture files for a renderer without stalling its frames: PVRTC1 2D textures, PVRTC1 cube
/// maps and uncompressed textures (see ``TextureContent``), from PVR v2, PVR v3, KTX 1.1 and KTX 2
/// files, bare or in `.pvr.ccz` / `.pvr.gz`, the kind read from the content, not the name.
///
/// - Files are read and validated off the GL thread, at most
///   ``TextureLoaderConfiguration/maxConcurrentReads`` at once.
/// - Everything else — the cache, the bookkeeping of requests, every upload and delete — runs on the
///   ``ResourceThread``: the actor's executor *is* that thread, so GL calls cannot happen anywhere else, and a
///   frame drawn with ``withTextures(_:_:)`` sees the cache in a consistent state.
/// - Concurrent requests for one key share one load; a request that is cancelled stops waiting, and a
///   load nobody waits for any more is cancelled and never uploads (the check is made on the GL thread
///   right before the upload).
/// - ``prefetch(_:options:)`` loads at low priority into the cache, never evicting pinned (on-screen)
///   textures; ``loadProgressively(_:options:previewMaxDimension:)`` delivers a small mip level first.
///
/// The loader makes no GPU call itself: it works against ``TextureUploading``, so it runs with the
/// GLES uploader of `TextureLoaderGL` (`GLTextureUploader`), a game's own uploader for its context, or
/// a Metal or Vulkan one, and links no GPU library.
///
/// ```swift
/// let gl = ResourceThread { try MyUploader() }  // the context is created on that thread
/// let loader = TextureLoader(glThread: gl)
/// let texture = try await loader.load(URL(fileURLWithPath: "hero.pvr"))
/// // ...
/// await loader.shutdown()                      // returns once the context is released
/// ```
public actor TextureLoader<Uploader: TextureUploading> {
    /// A texture as this loader hands it out.
    public typealias Texture = LoadedTexture<Uploader.Handle>

    /// A request waiting for an in-flight load.
    private struct Waiter {
        let promise: LoadPromise<Texture>
        let onPreview: (@Sendable (Texture) -> Void)?
        let isPrefetch: Bool
    }

    /// One load in progress, shared by every request for its key.
    private final class InFlightLoad {
        let id: UInt64
        let stamp: FileStamp
        var waiters: [UInt64: Waiter] = [:]
        var task: Task<Void, Never>?

        init(id: UInt64, stamp: FileStamp) {
            self.id = id
            self.stamp = stamp
        }
    }

    /// The thread that owns the GL context and runs this actor.
    public nonisolated let glThread: ResourceThread<Uploader>

    /// Runs the actor on the GL thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        glThread.asUnownedSerialExecutor()
    }

    private let configuration: TextureLoaderConfiguration
    private let read: @Sendable (URL) throws -> TextureContent
    private let reads: AsyncSemaphore
    private var cache: TextureCache<Uploader.Handle>
    /// The load new requests for a key join (the newest one for that key).
    private var inFlight: [TextureKey: InFlightLoad] = [:]
    /// Every load still running, by id, including ones superseded by a newer load of the same key
    /// (after the file changed) whose requests still wait for them.
    private var running: [UInt64: InFlightLoad] = [:]
    private let clock = ContinuousClock()
    private var uploadWindowStart: ContinuousClock.Instant
    private var uploadTimeInWindow: Duration = .zero
    private var nextID: UInt64 = 0
    /// A queued prefetch; ``prefetchAndWait(_:options:)`` waits for its id.
    private struct PrefetchEntry {
        let id: UInt64
        let url: URL
        let options: TextureLoadOptions
    }
    private var prefetchQueue: [PrefetchEntry] = []
    /// The requests waiting for a prefetch entry, by its id (``prefetchAndWait(_:options:)``).
    private var prefetchListeners: [UInt64: [LoadPromise<Texture>]] = [:]
    private var prefetchDriver: (id: UInt64, task: Task<Void, Never>)?
    /// The number of uploads made (previews included).
    public private(set) var uploadCount = 0

    /// Creates a loader whose GL work runs on `glThread`.
    /// - Parameters:
    ///   - glThread: Owns the uploader (and its GL context).
    ///   - configuration: Cache limits and concurrency.
    ///   - read: Reads, validates and sorts a texture file by kind (called off the GL thread); it throws
    ///     for a missing, malformed or unsupported file. `nil`, the default, is
    ///     ``TextureContent/read(from:pixelLimit:)`` with the configuration's pixel limit: every
    ///     container pvrc reads, a texture over the limit refused from its header.
    public init(
        glThread: ResourceThread<Uploader>,
        configuration: TextureLoaderConfiguration = TextureLoaderConfiguration(),
        read: (@Sendable (URL) throws -> TextureContent)? = nil
    ) {
        self.glThread = glThread
        self.configuration = configuration
        let pixelLimit = configuration.pixelLimit
        self.read = read ?? { try TextureContent.read(from: $0, pixelLimit: pixelLimit) }
        self.reads = AsyncSemaphore(permits: configuration.maxConcurrentReads)
        self.cache = TextureCache(totalCostLimit: configuration.totalCostLimit, countLimit: configuration.countLimit)
        self.uploadWindowStart = clock.now
    }

    // MARK: Loading

    /// Returns the full texture of the file at `url`, from the cache when its file is unchanged,
    /// otherwise read off the GL thread and uploaded on it.
    /// - Throws: ``TextureLoaderError/cancelled(file:)`` when the calling task is cancelled first;
    ///   ``TextureLoaderError/fileNotFound(file:)``, ``TextureLoaderError/readFailed(file:underlying:)``,
    ///   ``TextureLoaderError/notATexture(file:underlying:)`` or
    ///   ``TextureLoaderError/unsupportedFormat(file:underlying:)`` for a file that cannot be loaded;
    ///   ``TextureLoaderError/exceedsPixelLimit(file:_:)`` for a texture over the configured limit;
    ///   ``TextureLoaderError/uploadFailed(file:underlying:)`` when the upload fails.
    public nonisolated func load(_ url: URL, options: TextureLoadOptions = TextureLoadOptions()) async throws -> Texture
    {
        let (key, stamp) = try await Self.identify(url, options: options)
        return try await obtain(key, stamp: stamp, previewMaxDimension: nil, onPreview: nil, isPrefetch: false)
    }

    /// Delivers a small version of the texture first, then the full one.
    ///
    /// The preview is the chain from the first mip level no larger than `previewMaxDimension`; it is
    /// uploaded and delivered before the full texture is uploaded, and the full texture then replaces
    /// it in the cache (the preview's GL texture is deleted on the GL thread in the same step). A file
    /// without such a level, a cached full texture, or a load already in flight without a preview
    /// yield the full texture only. Cancelling the iteration cancels the request.
    public nonisolated func loadProgressively(
        _ url: URL,
        options: TextureLoadOptions = TextureLoadOptions(),
        previewMaxDimension: Int = 64
    ) -> AsyncThrowingStream<Texture, Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let (key, stamp) = try await Self.identify(url, options: options)
                    let full = try await self.obtain(
                        key, stamp: stamp, previewMaxDimension: previewMaxDimension,
                        onPreview: { continuation.yield($0) }, isPrefetch: false)
                    continuation.yield(full)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Returns the full texture held in `data`, a texture file's bytes in any container a file may
    /// use, which the caller names `name` (an asset-pack entry, a download's URL): the cache key is
    /// ``TextureKey/init(name:options:)``, so loads of one name share the cache entry and an
    /// in-flight load. The bytes are identified by their size and a hash of their content: loading
    /// other bytes under the same name replaces the cached texture, as a changed file does.
    ///
    /// - Parameters:
    ///   - data: The texture file's bytes (parsed off the GL thread).
    ///   - name: The caller's name for them; errors name it as `memory:NAME`.
    ///   - options: How to upload.
    /// - Throws: ``TextureLoaderError/notATexture(file:underlying:)`` or
    ///   ``TextureLoaderError/unsupportedFormat(file:underlying:)`` for bytes that cannot be loaded, and
    ///   the other errors of ``load(_:options:)`` except `fileNotFound`.
    public nonisolated func load(_ data: Data, named name: String, options: TextureLoadOptions = TextureLoadOptions())
        async throws -> Texture
    {
        let key = TextureKey(name: name, options: options)
        let stamp = await Self.contentStamp(of: data)
        return try await obtain(
            key, stamp: stamp, previewMaxDimension: nil, onPreview: nil, isPrefetch: false, bytes: data)
    }

    /// Returns the full texture of a bundle's resource file, like ``load(_:options:)`` (the cache
    /// key is the resource file's path). With SwiftPM resources (the `PVRTCTextures` plugin's
    /// outputs) pass `Bundle.module`.
    ///
    /// - Parameters:
    ///   - name: The resource's name, without the extension when `fileExtension` is given.
    ///   - fileExtension: The extension (`"pvr"`), or `nil` when `name` has it.
    ///   - subdirectory: The folder inside the bundle's resources, if any.
    ///   - bundle: The bundle.
    ///   - options: How to upload.
    /// - Throws: ``TextureLoaderError/fileNotFound(file:)`` naming the path looked for when the
    ///   bundle has no such resource, and the errors of ``load(_:options:)``.
    public nonisolated func load(
        resource name: String, withExtension fileExtension: String? = nil, subdirectory: String? = nil,
        in bundle: Bundle = .main, options: TextureLoadOptions = TextureLoadOptions()
    ) async throws -> Texture {
        guard let url = bundle.url(forResource: name, withExtension: fileExtension, subdirectory: subdirectory) else {
            let folder = subdirectory.map { bundle.resourceURL?.appendingPathComponent($0) } ?? bundle.resourceURL
            let file = fileExtension.map { "\(name).\($0)" } ?? name
            throw TextureLoaderError.fileNotFound(
                file: (folder ?? bundle.bundleURL).appendingPathComponent(file).standardizedFileURL.path)
        }
        return try await load(url, options: options)
    }

    /// The stamp of in-memory bytes: their size and a 53-bit hash of their content (exact in a `Double`).
    @concurrent
    private static func contentStamp(of data: Data) async -> FileStamp {
        var hasher = Hasher()
        data.withUnsafeBytes { hasher.combine(bytes: $0) }
        return FileStamp(size: data.count, modified: Double(UInt64(bitPattern: Int64(hasher.finalize())) >> 11))
    }

    /// Canonicalises the path and reads the file's stamp, off the GL thread.
    @concurrent
    private static func identify(_ url: URL, options: TextureLoadOptions) async throws -> (TextureKey, FileStamp) {
        let key = TextureKey(url: url, options: options)
        guard let stamp = FileStamp(of: URL(fileURLWithPath: key.path)) else {
            guard FileManager.default.fileExists(atPath: key.path) else {
                throw TextureLoaderError.fileNotFound(file: key.path)
            }
            throw TextureLoaderError.readFailed(
                file: key.path, underlying: TextureFormatError.io(file: key.path, reason: "not a regular file"))
        }
        return (key, stamp)
    }

    private func obtain(
        _ key: TextureKey, stamp: FileStamp, previewMaxDimension: Int?,
        onPreview: (@Sendable (Texture) -> Void)?, isPrefetch: Bool, bytes: Data? = nil
    ) async throws -> Texture {
        let (cached, stale) = cache.lookup(key, stamp: stamp)
        release(stale)
        if let cached {
            if !cached.isPreview { return cached }
            onPreview?(cached)
        }
        let load = inFlightLoad(
            for: key, stamp: stamp, previewMaxDimension: cached == nil ? previewMaxDimension : nil,
            priority: isPrefetch ? configuration.prefetchPriority : Task.currentPriority, bytes: bytes)
        let waiterID = makeID()
        let loadID = load.id
        let promise = LoadPromise<Texture>()
        load.waiters[waiterID] = Waiter(promise: promise, onPreview: onPreview, isPrefetch: isPrefetch)
        return try await withTaskCancellationHandler {
            try await promise.value()
        } onCancel: {
            // Answer the request at once (the load sees it before its next upload), then tidy up on
            // the actor.
            promise.fulfill(.failure(TextureLoaderError.cancelled(file: key.path)))
            Task { await self.dropWaiter(waiterID, key: key, loadID: loadID) }
        }
    }

    /// The load in flight for `key` with the same file stamp, or a new one.
    private func inFlightLoad(
        for key: TextureKey, stamp: FileStamp, previewMaxDimension: Int?, priority: TaskPriority, bytes: Data?
    ) -> InFlightLoad {
        if let existing = inFlight[key], existing.stamp == stamp {
            return existing
        }
        let load = InFlightLoad(id: makeID(), stamp: stamp)
        inFlight[key] = load
        running[load.id] = load
        let loadID = load.id
        load.task = Task(priority: priority) {
            await self.run(key, loadID: loadID, stamp: stamp, previewMaxDimension: previewMaxDimension, bytes: bytes)
        }
        return load
    }

    /// The body of a shared load: read off the thread, then upload here, checking before each
    /// upload that the load is still wanted.
    private func run(_ key: TextureKey, loadID: UInt64, stamp: FileStamp, previewMaxDimension: Int?, bytes: Data?)
        async
    {
        let readResult = await readFile(key.path, bytes: bytes)
        guard let load = running[loadID] else { return }
        let texture: TextureContent
        switch readResult {
        case .success(let value): texture = value
        case .failure(let error):
            finish(key, load, with: .failure(error))
            return
        }
        if let previewMaxDimension,
            let levels = key.options.previewLevels(of: texture, maxDimension: previewMaxDimension),
            load.waiters.values.contains(where: { $0.onPreview != nil })
        {
            await waitForUploadTurn()
            guard isWanted(load) else { return }
            do {
                let preview = try upload(texture, levels: levels, key: key, isPreview: true)
                release(cache.insert(preview, stamp: stamp))
                for waiter in load.waiters.values { waiter.onPreview?(preview) }
            } catch {
                finish(key, load, with: .failure(error))
                return
            }
            // Let frames draw the preview before the full upload occupies the thread.
            await Task.yield()
            guard running[loadID] != nil else { return }
        }
        let levels = key.options.levels(of: texture)
        if load.waiters.values.allSatisfy(\.isPrefetch) {
            let cost = (try? glThread.withResource { $0.estimatedGPUBytes(for: texture, levels: levels) }) ?? 0
            guard cache.canAdmit(cost: cost, for: key) else {
                finish(key, load, with: .failure(TextureLoaderError.cancelled(file: key.path)))
                return
            }
        }
        await waitForUploadTurn()
        // The last check before the upload: a load whose requests were all cancelled meanwhile stops here.
        guard isWanted(load) else { return }
        do {
            let full = try upload(texture, levels: levels, key: key, isPreview: false)
            release(cache.insert(full, stamp: stamp))
            finish(key, load, with: .success(full))
        } catch {
            finish(key, load, with: .failure(error))
        }
    }

    /// Reads and validates a file (or parses `bytes`, named `path`, when given), off the GL thread,
    /// holding one of the read slots.
    @concurrent
    private nonisolated func readFile(_ path: String, bytes: Data?) async -> Result<TextureContent, Error> {
        do {
            try await reads.wait()
        } catch {
            return .failure(TextureLoaderError.cancelled(file: path))
        }
        defer { reads.signal() }
        if Task.isCancelled {
            return .failure(TextureLoaderError.cancelled(file: path))
        }
        do {
            let texture =
                try bytes.map { try TextureContent.parse(Array($0), file: path, pixelLimit: configuration.pixelLimit) }
                ?? read(URL(fileURLWithPath: path))
            do {
                try configuration.pixelLimit.check(width: texture.width, height: texture.height, what: "texture")
            } catch {
                return .failure(TextureLoaderError.exceedsPixelLimit(file: path, error))
            }
            return .success(texture)
        } catch let error as TextureLoaderError {
            return .failure(error)
        } catch let error as TextureFormatError {
            return .failure(TextureLoaderError(file: path, error))
        } catch {
            return .failure(TextureLoaderError.readFailed(file: path, underlying: error))
        }
    }

    private func upload(_ texture: TextureContent, levels: Range<Int>, key: TextureKey, isPreview: Bool) throws
        -> Texture
    {
        let handle: Uploader.Handle
        let bytes: Int
        let started = clock.now
        do {
            (handle, bytes) = try glThread.withResource { uploader in
                let handle = try uploader.upload(texture, levels: levels)
                return (handle, uploader.gpuBytes(of: handle))
            }
        } catch let error as TextureLoaderError {
            throw error
        } catch {
            throw TextureLoaderError.uploadFailed(file: key.path, underlying: error)
        }
        uploadCount += 1
        uploadTimeInWindow += clock.now - started
        let base = texture.levelSize(levels.lowerBound)
        return Texture(
            key: key, handle: handle, width: base.width, height: base.height, levels: levels, gpuBytes: bytes,
            isPreview: isPreview, metadata: texture.metadata, faceCount: texture.faceCount)
    }

    /// True while some request still waits for `load`; a load whose requests were all cancelled is
    /// dropped here (its task cancelled, its entries removed) so that it never uploads.
    private func isWanted(_ load: InFlightLoad) -> Bool {
        if !Task.isCancelled, running[load.id] != nil,
            load.waiters.values.contains(where: { !$0.promise.isFulfilled })
        {
            return true
        }
        load.task?.cancel()
        running[load.id] = nil
        for (key, current) in inFlight where current === load {
            inFlight[key] = nil
        }
        return false
    }

    /// Waits, when ``TextureLoaderConfiguration/uploadBudgetPerFrame`` is set and this frame
    /// interval's uploads already used it, until the next interval; other work (frames) runs meanwhile.
    private func waitForUploadTurn() async {
        guard let budget = configuration.uploadBudgetPerFrame else { return }
        let interval = configuration.frameInterval
        while !Task.isCancelled {
            let now = clock.now
            if now - uploadWindowStart >= interval {
                uploadWindowStart = now
                uploadTimeInWindow = .zero
            }
            if uploadTimeInWindow < budget { return }
            try? await Task.sleep(until: uploadWindowStart.advanced(by: interval), clock: clock)
        }
    }

    private func finish(_ key: TextureKey, _ load: InFlightLoad, with result: Result<Texture, Error>) {
        if inFlight[key] === load {
            inFlight[key] = nil
        }
        running[load.id] = nil
        for waiter in load.waiters.values {
            waiter.promise.fulfill(result)
        }
        load.waiters.removeAll()
    }

    /// A cancelled request stops waiting; a load left without requests is cancelled.
    private func dropWaiter(_ waiterID: UInt64, key: TextureKey, loadID: UInt64) {
        guard let load = running[loadID],
            let waiter = load.waiters.removeValue(forKey: waiterID)
        else { return }
        waiter.promise.fulfill(.failure(TextureLoaderError.cancelled(file: key.path)))
        if load.waiters.isEmpty {
            load.task?.cancel()
            running[loadID] = nil
            if inFlight[key] === load {
                inFlight[key] = nil
            }
        }
    }

    private func makeID() -> UInt64 {
        nextID += 1
        return nextID
    }

    /// Deletes textures dropped from the cache; we are on the GL thread.
    private func release(_ handles: [Uploader.Handle]) {
        guard !handles.isEmpty else { return }
        _ = try? glThread.withResource { uploader in
            for handle in handles { uploader.delete(handle) }
        }
    }

    // MARK: Prefetch

    /// Queues `urls` to be loaded into the cache at low priority, at most
    /// ``TextureLoaderConfiguration/maxConcurrentPrefetches`` at a time. A prefetched texture that
    /// would not fit without evicting pinned textures is dropped; failures are ignored.
    public func prefetch(_ urls: [URL], options: TextureLoadOptions = TextureLoadOptions()) {
        _ = enqueuePrefetch(urls, options: options)
    }

    /// Prefetches `urls` like ``prefetch(_:options:)`` and returns once each of them is loaded or
    /// has failed, with its result: the texture now in the cache, or the error —
    /// ``TextureLoaderError/cancelled(file:)`` for a prefetch dropped by ``cancelPrefetch()`` or
    /// because it would only fit by evicting pinned textures, otherwise the errors of
    /// ``load(_:options:)``. Cancelling the waiting task stops the wait (its results are
    /// `cancelled`), not the prefetches.
    ///
    /// - Parameters:
    ///   - urls: The files (a URL given twice is loaded once).
    ///   - options: How to upload.
    /// - Returns: Each URL's result.
    public func prefetchAndWait(_ urls: [URL], options: TextureLoadOptions = TextureLoadOptions()) async
        -> [URL: Result<Texture, TextureLoaderError>]
    {
        var waiting: [(url: URL, promise: LoadPromise<Texture>)] = []
        for (url, entryID) in enqueuePrefetch(urls, options: options) {
            let promise = LoadPromise<Texture>()
            prefetchListeners[entryID, default: []].append(promise)
            waiting.append((url, promise))
        }
        let promises = waiting
        return await withTaskCancellationHandler {
            var results: [URL: Result<Texture, TextureLoaderError>] = [:]
            for (url, promise) in promises {
                do {
                    results[url] = .success(try await promise.value())
                } catch {
                    results[url] = .failure(Self.loaderError(error, url: url))
                }
            }
            return results
        } onCancel: {
            for (url, promise) in promises {
                promise.fulfill(.failure(TextureLoaderError.cancelled(file: TextureKey.canonicalPath(of: url))))
            }
        }
    }

    /// Queues the prefetches not queued yet and starts the driver; returns each URL's queue entry.
    private func enqueuePrefetch(_ urls: [URL], options: TextureLoadOptions) -> [(URL, UInt64)] {
        var entries: [(URL, UInt64)] = []
        for url in urls {
            if let queued = prefetchQueue.first(where: { $0.url == url && $0.options == options }) {
                entries.append((url, queued.id))
            } else {
                let entry = PrefetchEntry(id: makeID(), url: url, options: options)
                prefetchQueue.append(entry)
                entries.append((url, entry.id))
            }
        }
        guard prefetchDriver == nil, !prefetchQueue.isEmpty else { return entries }
        let id = makeID()
        let width = configuration.maxConcurrentPrefetches
        let task = Task(priority: configuration.prefetchPriority) {
            await self.drivePrefetch(id: id, width: width)
        }
        prefetchDriver = (id, task)
        return entries
    }

    /// `error` as the loader reports it for `url`.
    private static func loaderError(_ error: any Error, url: URL) -> TextureLoaderError {
        error as? TextureLoaderError ?? .readFailed(file: TextureKey.canonicalPath(of: url), underlying: error)
    }

    /// Answers the requests waiting for prefetch entry `id`.
    private func finishPrefetch(_ id: UInt64, with result: Result<Texture, Error>) {
        for promise in prefetchListeners.removeValue(forKey: id) ?? [] {
            promise.fulfill(result)
        }
    }

    /// Answers the requests waiting for queued entries that will not run.
    private func dropPrefetches(_ entries: [PrefetchEntry]) {
        for entry in entries {
            let path = TextureKey.canonicalPath(of: entry.url)
            finishPrefetch(entry.id, with: .failure(TextureLoaderError.cancelled(file: path)))
        }
    }

    /// Drops queued prefetches and cancels running ones (a cancelled prefetch that another request
    /// also waits for keeps loading for that request).
    public func cancelPrefetch() {
        dropPrefetches(prefetchQueue)
        prefetchQueue.removeAll()
        prefetchDriver?.task.cancel()
        prefetchDriver = nil
    }

    /// True while prefetches are queued or running.
    public var isPrefetching: Bool { prefetchDriver != nil }

    /// Drops the queued (not yet started) prefetches of `urls`.
    public func cancelPrefetch(_ urls: [URL]) {
        dropPrefetches(prefetchQueue.filter { urls.contains($0.url) })
        prefetchQueue.removeAll { entry in urls.contains(entry.url) }
    }

    private func drivePrefetch(id: UInt64, width: Int) async {
        await withTaskGroup(of: (UInt64, Result<Texture, Error>).self) { group in
            var running = 0
            while !Task.isCancelled {
                if running < width, !prefetchQueue.isEmpty {
                    let next = prefetchQueue.removeFirst()
                    group.addTask(priority: configuration.prefetchPriority) {
                        do {
                            return (next.id, .success(try await self.prefetchOne(next.url, options: next.options)))
                        } catch {
                            return (next.id, .failure(error))
                        }
                    }
                    running += 1
                } else if running > 0 {
                    if let (entryID, result) = await group.next() { finishPrefetch(entryID, with: result) }
                    running -= 1
                } else {
                    break
                }
            }
            // Cancelled: the running prefetches still answer their waiting requests.
            for await (entryID, result) in group { finishPrefetch(entryID, with: result) }
            if prefetchDriver?.id == id {
                prefetchDriver = nil
            }
        }
    }

    private nonisolated func prefetchOne(_ url: URL, options: TextureLoadOptions) async throws -> Texture {
        let (key, stamp) = try await Self.identify(url, options: options)
        return try await obtain(key, stamp: stamp, previewMaxDimension: nil, onPreview: nil, isPrefetch: true)
    }

    // MARK: Cache access

    /// Pins `key`: its texture (present or future) is not evicted until ``unpin(_:)``. Pin what is on
    /// screen.
    public func pin(_ key: TextureKey) {
        cache.pin(key)
    }

    /// Removes one pin of `key`; evicts if the cache is over its limits.
    public func unpin(_ key: TextureKey) {
        release(cache.unpin(key))
    }

    /// Runs `body` on the GL thread with the uploader and the textures cached for `keys` (full or
    /// preview; `nil` for those not loaded), marking them used. Draw a frame here: no delete or swap
    /// can happen while it runs.
    public func withTextures<T: Sendable>(
        _ keys: [TextureKey], _ body: @Sendable (Uploader, [Texture?]) throws -> T
    ) throws -> T {
        let textures = keys.map { cache.texture(for: $0) }
        return try glThread.withResource { try body($0, textures) }
    }

    /// Removes every cached texture of the file at `url` (all options) and deletes it on the GL thread.
    public func remove(_ url: URL) {
        release(cache.removeAll(path: TextureKey.canonicalPath(of: url)))
    }

    /// Removes every cached texture loaded from bytes named `name` (``load(_:named:options:)``, all
    /// options) and deletes it on the GL thread.
    public func remove(named name: String) {
        release(cache.removeAll(path: TextureKey(name: name).path))
    }

    /// Empties the cache, deleting every texture on the GL thread.
    public func removeAll() {
        release(cache.removeAll())
    }

    /// Hit, miss, eviction and invalidation counters and the peak cost.
    public var statistics: TextureCacheStatistics { cache.statistics }
    /// The GPU bytes of all cached textures.
    public var totalCost: Int { cache.totalCost }
    /// The number of cached textures.
    public var count: Int { cache.count }

    /// Cancels all loads and prefetches, deletes every cached texture, stops the GL thread, and returns
    /// once the thread has released its resource (the context) and ended (see ``ResourceThread/shutdown()``).
    /// Await it before the process exits.
    public nonisolated func shutdown() async {
        await stopLoading()
        await glThread.shutdown()
    }

    /// Cancels all loads and prefetches and deletes every cached texture, on the GL thread.
    private func stopLoading() {
        cancelPrefetch()
        for load in running.values {
            load.task?.cancel()
            for waiter in load.waiters.values {
                waiter.promise.fulfill(.failure(TextureLoaderError.glThreadStopped))
            }
        }
        inFlight.removeAll()
        running.removeAll()
        for promise in prefetchListeners.values.joined() {
            promise.fulfill(.failure(TextureLoaderError.glThreadStopped))
        }
        prefetchListeners.removeAll()
        removeAll()
    }
}
