import Dispatch
import Imaging
import PVRTC

/// Encodes prepared levels as PVRTC1 or PVRTC2 textures, 4bpp or 2bpp (``Options/format``): the codec's one
/// entry point.
///
/// The codec takes the levels exactly as they are to be stored: sizes the format accepts (PVRTC1:
/// powers of two; PVRTC2: any size), a mip chain when there is more than one level, in the orientation the texture
/// stores, premultiplied if the texture is to be. It runs the block search on each level with all the
/// requested threads, largest level first. The search is deterministic and its output does not depend
/// on the thread count, so neither does the texture. Preparing an image — resizing, padding, flips,
/// the mip chain, alpha bleed, premultiplication — is `EncodeJobs`' `EncodeOptions.prepare(_:)`.
///
/// The search judges error per pixel: in opaque images mostly by the change in Rec.709 luma (where the
/// eye sees edges and detail) plus a smaller share of every channel's difference, so colour stays close
/// too; in images with alpha by per-channel differences (green double) weighted by the pixel's alpha,
/// plus the alpha difference (PVRTC2 beyond `fastest`: R, G and B alike, counting four times as much
/// against alpha); in normal maps (``Options/normalMap``) by the X and Y differences
/// (double) and Z's.
///
/// The texture is RGBA (`hasAlpha`) exactly when level 0 has a pixel with alpha below 255; opaque
/// images become RGB textures. Its `metadata` is the one passed in.
///
/// ```swift
/// let image = try PNGCodec.read(from: URL(fileURLWithPath: "tree.png"))  // 256x256
/// let levels = MipChain.build(from: image, colorSpace: .srgb)
/// let texture = try await PVRTCEncoder.encode(levels, options: .init(quality: .best))
/// ```
public enum PVRTCEncoder {
    /// Encodes `levels` into a texture of `options.format` (PVRTC1 or PVRTC2, 4bpp or 2bpp) on the calling
    /// thread (the search itself uses `options.threads` worker threads).
    ///
    /// It has its own name, not an overload of the `async` ``encode(_:metadata:options:progress:)``: at
    /// top level in `main.swift` the compiler prefers a synchronous overload even after `await`, so one
    /// spelling would silently block the main thread there.
    ///
    /// - Parameters:
    ///   - levels: The levels to store, largest first: one image, or a mip chain.
    ///   - metadata: Orientation, premultiplied alpha and colour space the texture records.
    ///   - options: Quality, threads, format and error measure.
    ///   - progress: Called on the calling thread before each level starts, after each search round
    ///     and once when all are done.
    /// - Returns: The texture, one level per image given.
    /// - Throws: ``EncodingError`` for a format the codec cannot write or levels it cannot store.
    public static func encodeSynchronously(
        _ levels: [RGBAImage], metadata: TextureMetadata = TextureMetadata(), options: Options = Options(),
        progress: ((Progress) -> Void)? = nil
    ) throws -> PVRTCTexture {
        try run(levels, metadata: metadata, options: options, isCancelled: { false }, progress: progress)
    }

    /// Encodes `levels` into a texture of `options.format` (PVRTC1 or PVRTC2, 4bpp or 2bpp) off the caller's
    /// executor, honouring task cancellation.
    ///
    /// The work runs on a Dispatch thread, not on the Swift concurrency pool, so a long encode does not
    /// starve other tasks. Cancelling the calling task stops the search at its next stage boundary
    /// (well under a second for a 1024² level) and throws `CancellationError`.
    ///
    /// - Parameters:
    ///   - levels: The levels to store, largest first: one image, or a mip chain.
    ///   - metadata: Orientation, premultiplied alpha and colour space the texture records.
    ///   - options: Quality, threads, format and error measure.
    ///   - progress: Called from the encoding thread before each level starts, after each search
    ///     round and once when all are done.
    /// - Returns: The texture, one level per image given.
    /// - Throws: ``EncodingError`` for a format the codec cannot write or levels it cannot store;
    ///   `CancellationError` when the task is cancelled.
    public static func encode(
        _ levels: [RGBAImage], metadata: TextureMetadata = TextureMetadata(), options: Options = Options(),
        progress: (@Sendable (Progress) -> Void)? = nil
    ) async throws -> PVRTCTexture {
        let cancellation = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(
                        with: Result {
                            try run(
                                levels, metadata: metadata, options: options, isCancelled: { cancellation.isSet },
                                progress: progress)
                        })
                }
            }
        } onCancel: {
            cancellation.set()
        }
    }

    /// The search over every level, shared by both entry points and the encode job.
    package static func run(
        _ levels: [RGBAImage], metadata: TextureMetadata, options: Options, isCancelled: () -> Bool,
        progress: ((Progress) -> Void)?
    ) throws -> PVRTCTexture {
        if isCancelled() { throw CancellationError() }
        try check(levels, format: options.format)
        let totalPixels = levels.reduce(0) { $0 + $1.width * $1.height }
        let levelOptions = LevelEncoder.Options(
            quality: options.quality, threads: max(options.threads, 1),
            metric: options.normalMap ? .normalMap : nil)
        var encoded: [PVRTCImage] = []
        var completedPixels = 0
        for source in levels {
            progress?(
                Progress(
                    completedLevels: encoded.count, levelCount: levels.count,
                    completedPixels: completedPixels, totalPixels: totalPixels))
            let levelPixels = source.width * source.height
            let done = completedPixels
            let finished = encoded.count
            let report: (Double) -> Void = { share in
                progress?(
                    Progress(
                        completedLevels: finished, levelCount: levels.count,
                        completedPixels: done + Int(share * Double(levelPixels)), totalPixels: totalPixels))
            }
            encoded.append(
                try LevelEncoder.encode(
                    source, format: options.format, options: levelOptions, isCancelled: isCancelled,
                    progress: report))
            completedPixels += levelPixels
        }
        progress?(
            Progress(
                completedLevels: encoded.count, levelCount: levels.count,
                completedPixels: completedPixels, totalPixels: totalPixels))
        return try PVRTCTexture(levels: encoded, hasAlpha: levels[0].hasTransparency, metadata: metadata)
    }

    /// Checks, before any search, that `levels` can be the levels of a `format` texture: at least one,
    /// each of a size the format stores, each half of the one before (rounded down, at least 1).
    ///
    /// - Throws: ``EncodingError/noLevels`` or ``EncodingError/invalidLevel(index:width:height:reason:)``.
    private static func check(_ levels: [RGBAImage], format: PVRTCFormat) throws(EncodingError) {
        guard let first = levels.first else { throw .noLevels }
        for (index, level) in levels.enumerated() {
            let expected = (max(first.width >> index, 1), max(first.height >> index, 1))
            if index > 0 && (level.width, level.height) != expected {
                throw .invalidLevel(
                    index: index, width: level.width, height: level.height,
                    reason: "a mip level of a \(first.width)x\(first.height) level 0 is \(expected.0)x\(expected.1)")
            }
            do {
                try PVRTCImage.validate(width: level.width, height: level.height, format: format)
            } catch let PVRTCError.invalidDimensions(_, _, reason) {
                throw .invalidLevel(index: index, width: level.width, height: level.height, reason: reason)
            } catch {
                throw .invalidLevel(index: index, width: level.width, height: level.height, reason: "\(error)")
            }
        }
    }
}
