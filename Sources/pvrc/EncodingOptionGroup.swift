import ArgumentParser
import PVRTC
import PVRTCEncoding
import TextureFormats

/// The options every command that encodes shares (`pvrc encode` and batch commands): they map to
/// `PVRTCEncoder.Options` plus the output container.
struct EncodingOptionGroup: ParsableArguments {
    @Option(help: "Search effort.")
    var quality: PVRTCEncoder.Quality = .best

    @Option(help: "Container: pvr2 (legacy PVR), pvr3 or ktx (default: from OUT's extension).")
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

    func validate() throws {
        guard threads >= 1 else { throw ValidationError("--threads must be at least 1") }
        if let format, TextureContainer(rawValue: format) == nil {
            throw ValidationError("--format must be one of \(TextureContainer.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    /// The library options these arguments ask for.
    var encoderOptions: PVRTCEncoder.Options {
        PVRTCEncoder.Options(
            quality: quality, threads: threads, mipmaps: mipmaps, alphaBleed: alphaBleed, square: square, pot: pot)
    }
}
