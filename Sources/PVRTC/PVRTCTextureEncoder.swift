/// The library-level encoding pipeline: image in, finished ``PVRTCTexture`` out.
///
/// Stages, in order: ``ImagePreparation`` (validation, optional pad/stretch to a square power of
/// two), ``MipChain`` (optional, linear-light and alpha-weighted), ``AlphaBleed`` on every level
/// (images with transparency, unless switched off), then ``PVRTCEncoder`` on each level with all
/// the requested threads, largest level first. Every stage is deterministic and the block encoder's
/// output does not depend on the thread count, so neither does the texture.
///
/// The texture is RGBA (`hasAlpha`) exactly when the prepared image has a pixel with alpha below
/// 255; opaque images become RGB textures. Alpha is never premultiplied.
public enum PVRTCTextureEncoder {
    /// Where an encode has got to, reported before each level, after each search round and once at the end.
    public struct Progress: Sendable, Equatable {
        /// Levels finished so far.
        public var completedLevels: Int
        /// Levels in the texture.
        public var levelCount: Int
        /// Pixels encoded so far: the finished levels plus the finished share of the level in progress.
        public var completedPixels: Int
        /// Pixels in all levels.
        public var totalPixels: Int

        /// Finished share of the work, by pixel count (0...1).
        public var fraction: Double {
            totalPixels == 0 ? 1 : Double(completedPixels) / Double(totalPixels)
        }
    }

    /// Encodes `image` into a PVRTC1 4bpp texture.
    ///
    /// - Parameters:
    ///   - image: The source image, any size the `square`/`pot` policies in `options` can handle.
    ///   - options: Quality, threads, mipmaps, alpha bleed and resizing policies.
    ///   - name: What error messages call the image (for example its file name).
    ///   - progress: Called on the calling thread before each level starts, after each search round of
    ///     the block encoder and once when all are done.
    /// - Throws: ``PVRTCError/unsupportedImage(_:)`` for sizes the policies do not cover, and any
    ///   error of the block encoder.
    public static func encode(
        _ image: RGBAImage,
        options: TextureEncodingOptions,
        name: String = "image",
        progress: ((Progress) -> Void)? = nil
    ) throws -> PVRTCTexture {
        let prepared = try ImagePreparation.prepare(image, square: options.square, pot: options.pot, name: name)
        let hasAlpha = prepared.hasTransparency
        var sources = options.mipmaps ? try MipChain.build(from: prepared) : [prepared]
        if hasAlpha && options.alphaBleed {
            sources = sources.map { AlphaBleed.apply(to: $0) }
        }

        let totalPixels = sources.reduce(0) { $0 + $1.width * $1.height }
        let encoderOptions = PVRTCEncoder.Options(quality: options.quality, threads: max(options.threads, 1))
        var levels: [PVRTCImage] = []
        var completedPixels = 0
        for source in sources {
            progress?(Progress(
                completedLevels: levels.count, levelCount: sources.count,
                completedPixels: completedPixels, totalPixels: totalPixels))
            let levelPixels = source.width * source.height
            let done = completedPixels, finished = levels.count
            levels.append(try PVRTCEncoder.encode(source, options: encoderOptions) { share in
                progress?(Progress(
                    completedLevels: finished, levelCount: sources.count,
                    completedPixels: done + Int(share * Double(levelPixels)), totalPixels: totalPixels))
            })
            completedPixels += levelPixels
        }
        progress?(Progress(
            completedLevels: levels.count, levelCount: sources.count,
            completedPixels: completedPixels, totalPixels: totalPixels))
        return try PVRTCTexture(levels: levels, hasAlpha: hasAlpha)
    }
}
