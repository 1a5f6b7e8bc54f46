import Foundation

// Low-priority loads into the cache, a few at a time, and the requests that wait for them.
extension TextureLoader {
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
}
