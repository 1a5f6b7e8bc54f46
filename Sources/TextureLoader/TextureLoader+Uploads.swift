import Foundation

// Uploads and deletes on the thread, and the per-frame upload budget that paces them.
extension TextureLoader {
    /// Uploads `levels` of `texture` through the uploader, on this thread, and counts the time it took.
    func upload(_ texture: TextureContent, levels: Range<Int>, key: TextureKey, isPreview: Bool) throws
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

    /// Waits, when ``TextureLoaderConfiguration/uploadBudgetPerFrame`` is set and this frame
    /// interval's uploads already used it, until the next interval; other work (frames) runs meanwhile.
    func waitForUploadTurn() async {
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

    /// Deletes textures dropped from the cache; we are on the GL thread.
    func release(_ handles: [Uploader.Handle]) {
        guard !handles.isEmpty else { return }
        _ = try? glThread.withResource { uploader in
            for handle in handles { uploader.delete(handle) }
        }
    }
}
