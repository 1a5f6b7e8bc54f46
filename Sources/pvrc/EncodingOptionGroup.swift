import ArgumentParser
import Imaging
import PVRTC
import PVRTCEncoding
import TextureFormats

/// The options every command that encodes shares (`pvrc encode` and batch commands): they map to
/// `PVRTCEncoder.Options` plus the output container.
struct EncodingOptionGroup: ParsableArguments {
    @Option(help: "Search effort.")
    var quality: PVRTCEncoder.Quality = .best

    @Option(help: "Container: pvr2 (legacy PVR), pvr3, ktx, pvr-ccz or pvr-gz (default: from OUT's extension).")
    var format: String?

    @Flag(help: "Build and encode the full mip chain down to 1x1.")
    var mipmaps = false

    @Option(help: "Worker threads (default: all processors); the output does not depend on it.")
    var threads = Parallel.processorCount

    @Flag(inversion: .prefixedNo, help: "Fill the colour under fully transparent pixels from nearby visible colour.")
    var alphaBleed = true

    @Option(help: "Make a non-square image square.")
    var square: PVRTCEncoder.ResizePolicy?

    @Option(help: "Take non-power-of-two sides to the next power of two.")
    var pot: PVRTCEncoder.ResizePolicy?

    @Option(
        help: ArgumentHelp(
            "Mirror before encoding and record it in the file: y stores the bottom row first (OpenGL t=0 at the bottom).",
            valueName: "x|y|xy"))
    var flip: FlipAxes?

    @Flag(
        help:
            "Multiply colour by alpha (in linear light with --colorspace srgb, else on stored values) and mark the file premultiplied."
    )
    var premultiply = false

    @Option(
        name: .customLong("colorspace"),
        help: ArgumentHelp(
            "srgb: average mips in linear light and label the file sRGB; linear: average stored values, label linear (default: mips as sRGB, file labelled linear, as before).",
            valueName: "srgb|linear"))
    var colorSpace: ColorSpace?

    @Flag(
        help:
            "Tangent-space normal map: linear, mips renormalised to unit vectors, X/Y error weighted double, no alpha bleed."
    )
    var normalMap = false

    @Option(
        help: ArgumentHelp(
            "Halve the image (Lanczos-3, alpha-weighted) until both sides are at most N.", valueName: "N"))
    var maxSize: Int?

    @Flag(help: "Write non-square power-of-two textures (valid PVRTC1, but iOS refuses them).")
    var allowRectangular = false

    func validate() throws {
        guard threads >= 1 else { throw ValidationError("--threads must be at least 1") }
        if let maxSize, maxSize < 1 { throw ValidationError("--max-size must be at least 1") }
        if normalMap && colorSpace == .srgb {
            throw ValidationError("--normal-map is linear data; it cannot be combined with --colorspace srgb")
        }
        if normalMap && premultiply {
            throw ValidationError("--normal-map cannot be combined with --premultiply")
        }
        if let format, TextureContainer(rawValue: format) == nil {
            throw ValidationError(
                "--format must be one of \(TextureContainer.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    /// The library options these arguments ask for.
    var encoderOptions: PVRTCEncoder.Options {
        PVRTCEncoder.Options(
            quality: quality, threads: threads, mipmaps: mipmaps, alphaBleed: alphaBleed, square: square, pot: pot,
            flipX: flip?.flipsX ?? false, flipY: flip?.flipsY ?? false, premultiply: premultiply,
            colorSpace: normalMap ? .linear : colorSpace, normalMap: normalMap, maxSize: maxSize,
            allowRectangular: allowRectangular)
    }
}
