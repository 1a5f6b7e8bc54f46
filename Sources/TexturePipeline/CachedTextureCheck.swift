import Imaging
import PVRTCEncoding
import TextureFormats
import TextureManifest

/// Checks a cache entry against its source before it is used: an entry whose pointer and bytes
/// agree may still be poisoned or collide, so its level 0 must have the size the encoder would give
/// the source (after `--max-size`, `--square` and `--pot`; either orientation, since EXIF
/// orientation may turn it) and its level count must fit `--mipmaps`.
enum CachedTextureCheck {
    /// Why `file` cannot be the texture of `input` under `settings`, or `nil` when it can.
    ///
    /// - Parameters:
    ///   - file: The parsed cache entry.
    ///   - input: The source file's bytes.
    ///   - settings: The effective settings.
    /// - Returns: The problem in words.
    static func problem(with file: TextureFile, input: [UInt8], settings: TextureSettings) -> String? {
        guard file.container == settings.container else {
            return "is a \(file.container.rawValue) file, not \(settings.container.rawValue)"
        }
        let texture = file.texture
        let source: (width: Int, height: Int)
        if let header = SourceImages.dimensions(of: input) {
            source = header
        } else if let image = try? SourceImages.decode(input, file: "", pixelLimit: settings.options.pixelLimit) {
            source = (image.width, image.height)
        } else {
            return "its source cannot be decoded"
        }
        let expected = expectedSize(width: source.width, height: source.height, options: settings.options)
        let size = (texture.width, texture.height)
        guard size == expected || size == (expected.1, expected.0) else {
            return "is \(texture.width)x\(texture.height), but the source makes \(expected.0)x\(expected.1)"
        }
        let wantsChain = settings.options.mipmaps && max(texture.width, texture.height) > 1
        guard (texture.levels.count > 1) == wantsChain else {
            return "has \(texture.levels.count) levels, which does not fit the mipmap option"
        }
        return nil
    }

    /// The level 0 size the encoder gives a `width`×`height` source: `ImageSizeLimit.fittedSize` for
    /// `--max-size`, then `ImagePreparation.preparedSize` for `--square`, `--pot` and rectangular sizes.
    static func expectedSize(width: Int, height: Int, options: PVRTCEncoder.Options) -> (Int, Int) {
        var size = (width, height)
        if let maxSize = options.maxSize, maxSize >= 1 {
            size = ImageSizeLimit.fittedSize(width: width, height: height, maximumSide: maxSize)
        }
        return ImagePreparation.preparedSize(
            width: size.0, height: size.1, square: options.square, pot: options.pot,
            allowRectangular: options.allowRectangular)
    }
}
