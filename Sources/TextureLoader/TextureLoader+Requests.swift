import FileIO
import Foundation
import TextureFormats

// The ways to ask for a texture: a file, a file with a preview first, bytes in memory, a bundle
// resource; and what identifies each request (its key and the stamp of its content).
extension TextureLoader {
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
    static func identify(_ url: URL, options: TextureLoadOptions) async throws -> (TextureKey, FileStamp) {
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
}
