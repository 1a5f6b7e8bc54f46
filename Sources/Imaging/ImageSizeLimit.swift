/// Shrinks an image by halving until both sides fit a limit (`pvrc encode --max-size N`).
///
/// Each step halves both sides (`max(side / 2, 1)`) with ``ImageResampler`` (Lanczos-3, alpha-weighted),
/// so the aspect ratio of power-of-two images is kept exactly and a 2048² image with a limit of 512
/// becomes 512² in two steps. Several halvings are done as successive halvings, not one big resize,
/// so every step is a well-conditioned 2:1 reduction.
public enum ImageSizeLimit {
    /// Returns `image` halved as often as needed for both sides to be at most `maximumSide`.
    /// - Throws: ``ImagingError/invalidDimensions(width:height:reason:)`` when `maximumSide` is below 1.
    public static func fit(_ image: RGBAImage, maximumSide: Int) throws -> RGBAImage {
        guard maximumSide >= 1 else {
            throw ImagingError.invalidDimensions(
                width: maximumSide, height: maximumSide, reason: "the size limit must be at least 1")
        }
        let target = fittedSize(width: image.width, height: image.height, maximumSide: maximumSide)
        var result = image
        while result.width != target.width || result.height != target.height {
            result = try ImageResampler.resize(
                result, width: max(result.width / 2, 1), height: max(result.height / 2, 1))
        }
        return result
    }

    /// The size ``fit(_:maximumSide:)`` gives a `width` x `height` image: both sides halved
    /// (`max(side / 2, 1)`) until both are at most `maximumSide` (at least 1).
    public static func fittedSize(width: Int, height: Int, maximumSide: Int) -> (width: Int, height: Int) {
        var size = (width: width, height: height)
        while size.width > max(maximumSide, 1) || size.height > max(maximumSide, 1) {
            size = (max(size.width / 2, 1), max(size.height / 2, 1))
        }
        return size
    }
}
