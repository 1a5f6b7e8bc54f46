import FileIO
import Foundation
import TextureFormats

// Shared loads: requests for one key join one load, which reads off the thread, uploads here
// (a preview first when asked) and answers every request; a load nobody waits for any more stops
// before its next upload.
extension TextureLoader {
    /// Joins the load in flight for `key` (or starts one) and waits for its texture; the request
    /// stops waiting when its task is cancelled.
    func obtain(
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
            // The default reader refuses an over-limit texture from its header; a custom reader may not.
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

    /// Answers every request waiting for `load` with `result` and forgets the load.
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
}
