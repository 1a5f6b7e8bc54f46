import Dispatch
import Imaging
import PVRTC

/// Encodes images as PVRTC1 4bpp or 2bpp textures (``Options/format``): the one entry point of the encoder.
///
/// The pipeline, in order: `--max-size` halving (optional, `ImageSizeLimit`), preparation (size
/// checks, optional pad or stretch to a (square) power of two), the flip (optional, `ImageFlip`), the
/// mip chain (optional: linear-light and alpha-weighted for colour, stored values for linear data,
/// renormalised vectors for normal maps; see `MipChain`, `NormalMapMipChain`), alpha bleed on every
/// level (images with transparency, unless switched off, premultiplied or a normal map, see
/// `AlphaBleed`), premultiplication (optional, `Premultiplication`), then the block search on each
/// level with all the requested threads, largest level first. Every stage is deterministic and the
/// search's output does not depend on the thread count, so neither does the texture.
///
/// The search judges error per pixel: in opaque images mostly by the change in Rec.709 luma (where the
/// eye sees edges and detail) plus a smaller share of every channel's difference, so colour stays close
/// too; in images with alpha by per-channel differences (green double) weighted by the pixel's alpha,
/// plus the alpha difference; in normal maps by the X and Y differences (double) and Z's.
///
/// The texture is RGBA (`hasAlpha`) exactly when the prepared image has a pixel with alpha below
/// 255; opaque images become RGB textures. Its `metadata` records the flip, premultiplication and
/// colour space (``Options/metadata``).
///
/// ```swift
/// let image = try PNGCodec.read(from: URL(fileURLWithPath: "tree.png"))
/// let texture = try await PVRTCEncoder.encode(image, options: .init(quality: .best, mipmaps: true))
/// ```
public enum PVRTCEncoder {
    /// Encodes `image` into a PVRTC1 texture (4bpp, or 2bpp with `options.format`) on the calling
    /// thread (the search itself uses `options.threads` worker threads).
    ///
    /// It has its own name, not an overload of the `async` ``encode(_:options:progress:)``: at top
    /// level in `main.swift` the compiler prefers a synchronous overload even after `await`, so one
    /// spelling would silently block the main thread there.
    ///
    /// - Parameters:
    ///   - image: The source image, any size the resize policies in `options` can handle.
    ///   - options: Quality, threads, mipmaps, alpha bleed and resizing policies.
    ///   - progress: Called on the calling thread before each level starts, after each search round
    ///     and once when all are done.
    /// - Returns: The texture, one level or a full mip chain.
    /// - Throws: ``EncodingError`` for sizes the options do not cover or over their pixel limit.
    public static func encodeSynchronously(
        _ image: RGBAImage, options: Options = Options(), progress: ((Progress) -> Void)? = nil
    ) throws -> PVRTCTexture {
        try run(image, options: options, isCancelled: { false }, progress: progress).texture
    }

    /// Encodes `image` into a PVRTC1 texture (4bpp, or 2bpp with `options.format`) off the caller's
    /// executor, honouring task cancellation.
    ///
    /// The work runs on a Dispatch thread, not on the Swift concurrency pool, so a long encode does not
    /// starve other tasks. Cancelling the calling task stops the search at its next stage boundary
    /// (well under a second for a 1024² level) and throws `CancellationError`.
    ///
    /// - Parameters:
    ///   - image: The source image, any size the resize policies in `options` can handle.
    ///   - options: Quality, threads, mipmaps, alpha bleed and resizing policies.
    ///   - progress: Called from the encoding thread before each level starts, after each search
    ///     round and once when all are done.
    /// - Returns: The texture, one level or a full mip chain.
    /// - Throws: ``EncodingError`` for sizes the options do not cover; `CancellationError` when the
    ///   task is cancelled.
    public static func encode(
        _ image: RGBAImage, options: Options = Options(), progress: (@Sendable (Progress) -> Void)? = nil
    ) async throws -> PVRTCTexture {
        let cancellation = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(
                        with: Result {
                            try run(image, options: options, isCancelled: { cancellation.isSet }, progress: progress)
                                .texture
                        })
                }
            }
        } onCancel: {
            cancellation.set()
        }
    }

    /// The images the encoder approximates for `image` and `options`, largest level first: the
    /// source after `--max-size` halving, preparation (pad or stretch), the flip, the mip chain and
    /// premultiplication, exactly as ``encode(_:options:progress:)`` builds them.
    /// Alpha bleed is not applied: it only fills the colour under fully transparent pixels, which
    /// the encoder is free to choose. Quality figures of a texture are measured against these.
    ///
    /// - Parameters:
    ///   - image: The source image.
    ///   - options: The options the texture is (or was) encoded with.
    /// - Returns: One image per level the encode produces (one, or the whole chain with mipmaps).
    /// - Throws: ``EncodingError`` as `encode` does.
    public static func referenceLevels(_ image: RGBAImage, options: Options) throws -> [RGBAImage] {
        try options.validate()
        return try references(image, options: options)
    }

    /// The pipeline shared by both entry points and the encode job.
    ///
    /// - Returns: The texture and the reference levels the encoder saw (``referenceLevels(_:options:)``).
    package static func run(
        _ image: RGBAImage, options: Options, isCancelled: () -> Bool, progress: ((Progress) -> Void)?
    ) throws -> (texture: PVRTCTexture, references: [RGBAImage]) {
        if isCancelled() { throw CancellationError() }
        try options.validate()
        let references = try references(image, options: options)
        let metadata = options.metadata
        let hasAlpha = references[0].hasTransparency
        var sources = references
        if hasAlpha && options.alphaBleed && !metadata.isPremultiplied && !options.normalMap {
            sources = sources.map { AlphaBleed.apply(to: $0) }
        }

        let totalPixels = sources.reduce(0) { $0 + $1.width * $1.height }
        let levelOptions = LevelEncoder.Options(
            quality: options.quality, threads: max(options.threads, 1),
            metric: options.normalMap ? .normalMap : nil)
        var levels: [PVRTCImage] = []
        var completedPixels = 0
        for source in sources {
            progress?(
                Progress(
                    completedLevels: levels.count, levelCount: sources.count,
                    completedPixels: completedPixels, totalPixels: totalPixels))
            let levelPixels = source.width * source.height
            let done = completedPixels
            let finished = levels.count
            let report: (Double) -> Void = { share in
                progress?(
                    Progress(
                        completedLevels: finished, levelCount: sources.count,
                        completedPixels: done + Int(share * Double(levelPixels)), totalPixels: totalPixels))
            }
            switch options.format {
            case .pvrtc1_4bpp, .pvrtc1_2bpp:
                levels.append(
                    try LevelEncoder.encode(
                        source, format: options.format, options: levelOptions, isCancelled: isCancelled,
                        progress: report))
            case .pvrtc2_4bpp, .pvrtc2_2bpp:
                throw EncodingError.formatNotEncodable(options.format)
            }
            completedPixels += levelPixels
        }
        progress?(
            Progress(
                completedLevels: levels.count, levelCount: sources.count,
                completedPixels: completedPixels, totalPixels: totalPixels))
        return (try PVRTCTexture(levels: levels, hasAlpha: hasAlpha, metadata: metadata), references)
    }

    /// Resizing, flip, mip chain and premultiplication of `image` (options already validated).
    private static func references(_ image: RGBAImage, options: Options) throws -> [RGBAImage] {
        var source = image
        if let maxSize = options.maxSize {
            source = try ImageSizeLimit.fit(source, maximumSide: maxSize)
        }
        let metadata = options.metadata
        let prepared = metadata.orientation.upright(
            try ImagePreparation.prepare(
                source, square: options.square, pot: options.pot, allowRectangular: options.allowRectangular,
                pixelLimit: options.pixelLimit))
        var levels = [prepared]
        if options.mipmaps {
            levels =
                options.normalMap
                ? try NormalMapMipChain.build(from: prepared)
                : try MipChain.build(from: prepared, colorSpace: options.colorSpace ?? .srgb)
        }
        if prepared.hasTransparency && metadata.isPremultiplied {
            levels = levels.map { Premultiplication.premultiplied($0, colorSpace: metadata.colorSpace) }
        }
        return levels
    }
}
