import ArgumentParser
import EncodeJobs
import FileIO
import Foundation
import ImageFiles
import PVRTC
import PVRTCSearch
import TextureFormats

/// `pvrc encode IN OUT`: a PNG, JPEG or TGA image to a PVRTC1 or PVRTC2 texture file at 4 or 2bpp (six
/// images to a cube map with `--cube`).
struct EncodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract:
            "Encode a PNG, JPEG or TGA image (or six, --cube) as a PVRTC1 or PVRTC2 texture (4 or 2bpp) in PVR, KTX or KTX 2.",
        discussion: """
            The container comes from --format, else from OUT's extension: .pvr writes legacy PVR v2 \
            (as PVRTexToolCL -legacypvr; PVR v3 for PVRTC2, which PVR v2 cannot hold), .ktx writes KTX 1.1, .ktx2 KTX 2 (--format ktx2-zstd with \
            Zstandard supercompression), .pvr.ccz and .pvr.gz write PVR v3 compressed with zlib in \
            cocos2d's CCZ wrapper or with gzip; --format pvr3 writes PVR v3. --bpp 2 writes 2bpp \
            (half the size of 4bpp); --quality fastest is one pass, for encoding while an app runs. \
            Opaque images become RGB textures, \
            images with any transparency RGBA. PVRTC1 (--codec pvrtc1, the default) needs square \
            power-of-two sizes (iOS refuses non-square PVRTC), so other sizes are refused unless --square / \
            --pot say how to get there: pad enlarges the canvas (transparent for images with alpha, \
            edge-extended for opaque ones; the image stays at the top-left), stretch resamples (Lanczos-3); \
            --allow-rectangular accepts non-square power-of-two sizes instead. PVRTC2 (--codec pvrtc2) \
            takes any size as it is, mips halving rounding down to 1x1; --square and --pot still resize \
            when given, --allow-rectangular changes nothing. Only PowerVR SGX 5XT and later GPUs sample \
            PVRTC2, not Apple GPUs; --format pvr2 is refused for it. \
            The input type comes from the file's content. \
            --flip, --premultiply and --colorspace srgb are recorded in the file (PVR v3 and KTX record \
            all three; legacy PVR v2 records only the vertical flip, and a warning names what it loses).
            """
    )

    @Argument(help: "The image to encode: PNG, JPEG or TGA (detected from the content).")
    var input: String

    @Argument(help: "The texture file to write (.pvr, .ktx, .ktx2, .pvr.ccz or .pvr.gz, or any name with --format).")
    var output: String

    @Argument(help: "With --cube: the faces -Y, +Z, -Z and then OUT (the whole line is PX NX PY NY PZ NZ OUT).")
    var moreCubeArguments: [String] = []

    @Flag(help: "Encode a cube map: PX NX PY NY PZ NZ OUT, six square images of one size (+X, -X, +Y, -Y, +Z, -Z).")
    var cube = false

    @OptionGroup var encoding: EncodingOptionGroup

    @OptionGroup var limits: PixelLimitOptions

    @Flag(help: "Print nothing on success.")
    var quiet = false

    func run() async throws {
        try await CommandFailure.reporting { try cube ? encodeCube() : encode() }
    }

    private func encode() throws {
        guard moreCubeArguments.isEmpty else {
            throw CommandFailure(
                file: moreCubeArguments[0], reason: "unexpected argument (encode takes IN OUT, or --cube and 7 paths)")
        }
        let job = try encoding.job(output: output, limits: limits)
        try checkOutput(output, inputs: [input])
        let progress = quiet ? nil : ProgressLine.forStandardError()
        let clock = ContinuousClock()
        let start = clock.now
        let result: EncodeResult
        do {
            // Clear the progress line before anything else is printed, error messages included.
            defer { progress?.finish() }
            do {
                result = try job.encode(contentsOf: URL(fileURLWithPath: input)) { step in
                    progress?.show(step)
                }
            } catch {
                throw encodeFailure(error, input: input, output: output)
            }
        }
        let elapsed = clock.now - start
        let texture = result.texture

        for warning in result.warnings {
            FileHandle.standardError.write(Data("pvrc: warning: \(output): \(warning)\n".utf8))
        }
        try result.write(to: URL(fileURLWithPath: output))
        if !quiet {
            let bytes = (try? FileManager.default.attributesOfItem(atPath: output))?[.size] as? Int
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            let kind = texture.hasAlpha ? "RGBA" : "RGB"
            let levels = texture.levels.count == 1 ? "1 level" : "\(texture.levels.count) levels"
            let size = bytes.map { "\($0) bytes, " } ?? ""
            print(
                "\(PrintableText.escaped(output)): \(texture.width)x\(texture.height) \(kind)\(formatName(texture.format)), "
                    + "\(levels), \(size)\(job.container.displayName), quality \(encoding.quality), "
                    + recordedMetadata(texture.metadata) + String(format: "%.3f s", seconds))
            noteSampling(texture.format, output: output)
        }
    }

    /// ` PVRTC1 2bpp`, ` PVRTC2 (PVRTC-II) 4bpp`, ...: the format after the size on the success line, empty
    /// for PVRTC1 4bpp (so the line of a plain encode is unchanged).
    func formatName(_ format: PVRTCFormat) -> String {
        format == .pvrtc1_4bpp ? "" : " \(format.displayName)"
    }

    /// For a PVRTC2 texture, a note on standard error that only PowerVR SGX 5XT and later GPUs sample it.
    func noteSampling(_ format: PVRTCFormat, output: String) {
        guard format.isPVRTC2 else { return }
        FileHandle.standardError.write(
            Data(
                ("pvrc: note: \(PrintableText.escaped(output)): \(format.displayName) is sampled by PowerVR SGX 5XT and later GPUs only; "
                    + "Apple GPUs cannot sample it (--codec pvrtc1 writes a texture they can)\n").utf8))
    }

    /// The metadata that differs from pvrc's defaults, e.g. `y up, premultiplied, sRGB, ` (empty by default,
    /// so the line of a plain encode is unchanged).
    private func recordedMetadata(_ metadata: TextureMetadata) -> String {
        var parts: [String] = []
        if metadata.orientation.xLeft { parts.append("x left") }
        if metadata.orientation.yUp { parts.append("y up") }
        if metadata.isPremultiplied { parts.append("premultiplied") }
        if metadata.colorSpace == .srgb { parts.append("sRGB") }
        if encoding.normalMap { parts.append("normal map") }
        return parts.map { $0 + ", " }.joined()
    }

}
