import FileIO
import Foundation
import PVRTC
import TextureFormats

/// Loads texture files for a renderer without stalling its frames: PVRTC (PVRTC1 and PVRTC2) 2D textures, PVRTC cube
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
    struct Waiter {
        let promise: LoadPromise<Texture>
        let onPreview: (@Sendable (Texture) -> Void)?
        let isPrefetch: Bool
    }

    /// One load in progress, shared by every request for its key.
    final class InFlightLoad {
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

    let configuration: TextureLoaderConfiguration
    let read: @Sendable (URL) throws -> TextureContent
    let reads: AsyncSemaphore
    var cache: TextureCache<Uploader.Handle>
    /// The load new requests for a key join (the newest one for that key).
    var inFlight: [TextureKey: InFlightLoad] = [:]
    /// Every load still running, by id, including ones superseded by a newer load of the same key
    /// (after the file changed) whose requests still wait for them.
    var running: [UInt64: InFlightLoad] = [:]
    let clock = ContinuousClock()
    var uploadWindowStart: ContinuousClock.Instant
    var uploadTimeInWindow: Duration = .zero
    private var nextID: UInt64 = 0
    /// A queued prefetch; ``prefetchAndWait(_:options:)`` waits for its id.
    struct PrefetchEntry {
        let id: UInt64
        let url: URL
        let options: TextureLoadOptions
    }
    var prefetchQueue: [PrefetchEntry] = []
    /// The requests waiting for a prefetch entry, by its id (``prefetchAndWait(_:options:)``).
    var prefetchListeners: [UInt64: [LoadPromise<Texture>]] = [:]
    var prefetchDriver: (id: UInt64, task: Task<Void, Never>)?
    /// The number of uploads made (previews included).
    public internal(set) var uploadCount = 0

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

    /// A new id for a load, a waiter or a prefetch entry.
    func makeID() -> UInt64 {
        nextID += 1
        return nextID
    }

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
