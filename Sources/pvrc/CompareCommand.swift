import ArgumentParser
import EncodeJobs
import FileIO
import Foundation
import ImageFiles
import Imaging
import PVRTC
import PVRTCSearch
import QualityMetrics

/// `pvrc compare REF.png CANDIDATE`: quality metrics of a candidate image or texture against a reference.
struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Measure CANDIDATE (a PNG or a texture) against REF: PSNR and SSIM, the telling figure first.",
        discussion: """
            The first line is the figure that matters for the texture: for a REF with transparency, RGB \
            PSNR weighted by REF's alpha (colour where it shows) and alpha PSNR; for an opaque REF, luma (Y, \
            Rec.709) PSNR, where the eye sees detail. Plain RGB and Y PSNR and SSIM of an image with \
            transparency also count the colour under alpha 0, which nobody sees and which alpha bleed \
            replaces on purpose. PSNR is in dB, higher is better; SSIM is 1 for identical images. \
            CANDIDATE is a PNG, or a PVRTC1 or PVRTC2 texture (4 or 2bpp) in any container pvrc writes (PVR v2, \
            PVR v3, KTX 1.1, KTX 2, .pvr.ccz, .pvr.gz) that is decoded with the CPU decoder first and \
            turned upright by the orientation the file records. A texture marked premultiplied is judged \
            against the reference premultiplied the way `pvrc encode --premultiply` does it (in linear \
            light for sRGB-labelled files, on stored values otherwise). For a texture, REF is the source \
            image and takes the encode options the texture was made with (--max-size, --square, --pot, \
            --allow-rectangular, --premultiply, --colorspace, --normal-map; the codec and rate come from the \
            file; the others are accepted and change nothing), so the reference is exactly the image the encoder saw, as in `pvrc build \
            --report`. With --level N, level N of the texture is compared; REF is reduced with the same \
            mip filter `pvrc encode --mipmaps` uses (linear light, or stored values with --colorspace \
            linear; renormalised vectors with --normal-map) unless it already has level N's size. \
            --normal-map adds the mean, 99th-percentile and largest angle between reference and \
            candidate normals, in degrees. \
            --diff writes an error heat map, --side-by-side reference | candidate | heat map; each \
            picture written is confirmed on a line of its own (a field with --json).
            """
    )

    @Argument(help: "The reference PNG image.")
    var reference: String

    @Argument(help: "The image to judge: a PNG, or a texture file (.pvr, .ktx, .ktx2, .pvr.ccz, .pvr.gz).")
    var candidate: String

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    @Option(parsing: .unconditional, help: "Mip level of a texture candidate to compare.")
    var level = 0

    @Option(help: ArgumentHelp("Write an error heat map (with its scale) to this PNG.", valueName: "OUT.png"))
    var diff: String?

    @Option(
        name: .customLong("side-by-side"),
        help: ArgumentHelp("Write reference | candidate | heat map to this PNG.", valueName: "OUT.png"))
    var sideBySide: String?

    @Option(help: "Enlargement of --diff and --side-by-side pictures (nearest neighbour, 1...64).")
    var zoom = 1

    @Option(
        help: ArgumentHelp(
            "Part shown by --diff and --side-by-side: X,Y,W,H, or `worst` (the 128x128 square with the most error).",
            valueName: "X,Y,W,H|worst"))
    var crop: String?

    @Option(name: .customLong("error-scale"), help: "Error in 8-bit levels shown white in heat maps (1...255).")
    var errorScale = ErrorHeatMap.defaultFullScale

    @OptionGroup var limits: PixelLimitOptions

    @OptionGroup(title: "Encode options (how REF was prepared for a texture candidate)")
    var encoding: EncodingOptionGroup

    /// `--normal-map`: both images are tangent-space normal maps; adds angular errors.
    private var normalMap: Bool { encoding.normalMap }

    func validate() throws {
        guard level >= 0 else { throw ValidationError("--level must not be negative (got \(level))") }
        if crop != nil, diff == nil, sideBySide == nil {
            throw ValidationError("--crop needs --diff or --side-by-side")
        }
        if let crop, crop != "worst", cropRegion(crop) == nil {
            throw ValidationError("--crop must be X,Y,W,H or worst")
        }
    }

    /// `X,Y,W,H` as a region.
    private func cropRegion(_ text: String) -> PixelRect? {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        guard fields.count == 4, let x = fields[0], let y = fields[1], let w = fields[2], let h = fields[3] else {
            return nil
        }
        return PixelRect(x: x, y: y, width: w, height: h)
    }

    func run() async throws {
        try await CommandFailure.reporting { try compare() }
    }

    private func compare() throws {
        for picture in [diff, sideBySide].compactMap({ $0 }) {
            try checkOutput(picture, inputs: [reference, candidate], requiredExtension: "png")
        }
        var referenceImage = try ImageFile.read(from: URL(fileURLWithPath: reference), pixelLimit: limits.pixelLimit)
        let candidateImage: RGBAImage
        if candidate.lowercased().hasSuffix(".png") {
            guard level == 0 else {
                throw CommandFailure(file: candidate, reason: "--level needs a texture, not a PNG")
            }
            candidateImage = try PNGCodec.read(from: URL(fileURLWithPath: candidate), pixelLimit: limits.pixelLimit)
        } else {
            let (texture, levelImage) = try readTextureLevel(
                path: candidate, level: level, pixelLimit: limits.pixelLimit)
            try limits.check(
                width: levelImage.width, height: levelImage.height, what: "level \(level)", file: candidate)
            candidateImage = texture.metadata.orientation.upright(
                PVRTCDecoder.decode(levelImage, threads: Parallel.processorCount))
            let job = try referenceJob(for: texture, referenceWidth: referenceImage.width, level: levelImage)
            do {
                referenceImage = try job.reference(for: referenceImage, level: job.options.mipmaps ? level : 0)
            } catch let error as EncodingError {
                throw error.commandFailure(file: reference)
            }
        }
        guard referenceImage.width == candidateImage.width, referenceImage.height == candidateImage.height else {
            throw CommandFailure(
                file: candidate,
                reason: "is \(candidateImage.width)x\(candidateImage.height) but \(reference) is "
                    + "\(referenceImage.width)x\(referenceImage.height)")
        }
        let result = try ImageComparison.compare(reference: referenceImage, candidate: candidateImage)
        let transparent = referenceImage.hasTransparency
        var region: PixelRect?
        if let crop {
            region =
                crop == "worst"
                ? try ErrorHeatMap.worstRegion(reference: referenceImage, candidate: candidateImage, size: 128)
                : cropRegion(crop)
        }
        if let diff {
            try writePicture(diff) {
                try ErrorHeatMap.render(
                    reference: referenceImage, candidate: candidateImage, region: region,
                    zoom: zoom, fullScale: errorScale)
            }
        }
        if let sideBySide {
            try writePicture(sideBySide) {
                try SideBySide.render(
                    reference: referenceImage, candidate: candidateImage, region: region,
                    zoom: zoom, fullScale: errorScale,
                    caption: caption(result, transparent: transparent))
            }
        }
        var metrics = Self.metrics(result, transparent: transparent)
        if normalMap {
            let angles = try NormalMapComparison.compare(reference: referenceImage, candidate: candidateImage)
            metrics += [
                Metric(
                    "normal_mean_deg", "normal mean error", angles.meanDegrees, " deg", "mean angle between normals"),
                Metric("normal_p99_deg", "normal p99 error", angles.p99Degrees, " deg", "99th percentile of the angle"),
                Metric("normal_max_deg", "normal max error", angles.maxDegrees, " deg", "largest angle"),
            ]
        }
        let pictures = [
            ("diff", diff, "error heat map"), ("side_by_side", sideBySide, "reference | candidate | heat map"),
        ]
        .compactMap { key, file, what in file.map { (key: key, file: $0, what: what) } }
        if json {
            var fields = [
                "\"reference\": \(jsonString(reference))",
                "\"candidate\": \(jsonString(candidate))",
                "\"width\": \(candidateImage.width)",
                "\"height\": \(candidateImage.height)",
                "\"level\": \(level)",
            ]
            if let region {
                fields.append("\"crop\": [\(region.x), \(region.y), \(region.width), \(region.height)]")
            }
            // JSON keeps one key order whatever the headline, so scripts and diffs see stable lines: the
            // five figures of every comparison, then any others (normal-map angles) as they come.
            let order = ["rgb_psnr", "y_psnr", "alpha_psnr", "aw_rgb_psnr", "ssim"]
            let ranked = metrics.enumerated().map { ((order.firstIndex(of: $1.key) ?? order.count, $0), $1) }
            fields += ranked.sorted { $0.0 < $1.0 }.map { "\"\($0.1.key)\": \(jsonNumber($0.1.value))" }
            fields += pictures.map { "\"\($0.key)\": \(jsonString($0.file))" }
            print("{" + fields.joined(separator: ", ") + "}")
        } else {
            let judged =
                transparent ? "with alpha: judged by alpha-weighted RGB and alpha PSNR" : "opaque: judged by Y PSNR"
            print(
                "\(PrintableText.escaped(candidate)) vs \(PrintableText.escaped(reference)) (\(candidateImage.width)x\(candidateImage.height), \(judged)):"
            )
            for metric in metrics {
                guard let value = metric.value else { continue }
                let text = format(value, decimals: metric.unit.isEmpty ? 4 : 2) + metric.unit
                print(
                    "  " + metric.label.padding(toLength: 24, withPad: " ", startingAt: 0) + " "
                        + text.padding(toLength: 16, withPad: " ", startingAt: 0) + metric.meaning)
            }
            print("  (PSNR in dB, higher is better; SSIM 1 means identical)")
            for picture in pictures { print("wrote \(PrintableText.escaped(picture.file)): \(picture.what)") }
        }
    }

    /// One figure of the comparison: its JSON key, its label, value and unit, and what it means.
    private struct Metric {
        let key: String
        let label: String
        let value: Double?
        let unit: String
        let meaning: String

        init(_ key: String, _ label: String, _ value: Double?, _ unit: String, _ meaning: String) {
            (self.key, self.label, self.value, self.unit, self.meaning) = (key, label, value, unit, meaning)
        }
    }

    /// The figures of `result`, the one that matters for the reference first: alpha-weighted RGB and
    /// alpha for a reference with transparency (plain RGB, Y and SSIM also count the colour under
    /// alpha 0), Y for an opaque one (whose alpha figures are `nil`).
    private static func metrics(_ result: ImageComparison, transparent: Bool) -> [Metric] {
        let rgb = Metric("rgb_psnr", "RGB PSNR", result.rgbPSNR, " dB", "R, G and B of every pixel")
        let y = Metric("y_psnr", "Y PSNR (Rec.709)", result.lumaPSNR, " dB", "luma, where the eye sees detail")
        let ssim = Metric("ssim", "SSIM", result.ssim, "", "structure of the luma")
        guard transparent else {
            return [
                y, rgb, ssim,
                Metric("alpha_psnr", "alpha PSNR", nil, " dB", ""),
                Metric("aw_rgb_psnr", "alpha-weighted RGB PSNR", nil, " dB", ""),
            ]
        }
        let hidden = " (also under alpha 0, unseen)"
        return [
            Metric(
                "aw_rgb_psnr", "alpha-weighted RGB PSNR", result.alphaWeightedRGBPSNR, " dB",
                "colour where it shows (weighted by REF's alpha)"),
            Metric("alpha_psnr", "alpha PSNR", result.alphaPSNR, " dB", "the alpha channel"),
            Metric(y.key, y.label, y.value, y.unit, "luma of every pixel" + hidden),
            Metric(rgb.key, rgb.label, rgb.value, rgb.unit, rgb.meaning + hidden),
            Metric(ssim.key, ssim.label, ssim.value, ssim.unit, ssim.meaning + hidden),
        ]
    }

    /// The side-by-side caption: the candidate's file name, the quality level when `--quality` was
    /// given (a texture does not record it), and the headline PSNR (alpha-weighted RGB for a
    /// reference with alpha, else Y).
    private func caption(_ result: ImageComparison, transparent: Bool) -> SideBySide.Caption {
        let named = CommandLine.arguments.contains { $0 == "--quality" || $0.hasPrefix("--quality=") }
        func decibels(_ value: Double) -> String { value.isFinite ? String(format: "%.2f dB", value) : "inf" }
        let psnr =
            transparent
            ? result.alphaWeightedRGBPSNR.map { "alpha-weighted RGB \(decibels($0))" }
            : "Y \(decibels(result.lumaPSNR))"
        return SideBySide.Caption(
            fileName: URL(fileURLWithPath: candidate).lastPathComponent, quality: named ? encoding.quality : nil,
            psnr: psnr)
    }

    /// The encode job whose reference is compared with an upright `texture`: the encode options, with
    /// the flips left out (the candidate is turned upright), the texture's format (its size rules) and
    /// the premultiplication and colour space the file records added. A REF that already has level 0's size is not resized; one that
    /// has `level`'s size (level > 0) is not reduced either.
    private func referenceJob(
        for texture: PVRTCTexture, referenceWidth: Int, level levelImage: PVRTCImage
    ) throws -> EncodeJob {
        var job = try encoding.job(limits: limits)
        job.container = .ktx
        var options = job.options
        options.flipX = false
        options.flipY = false
        options.mipmaps = level > 0 && referenceWidth != levelImage.width
        // The texture's own format decides the size rules (PVRTC2 keeps any size) and the rate.
        options.format = texture.format
        if referenceWidth == texture.width || referenceWidth == levelImage.width {
            options.allowRectangular = true
        }
        if texture.metadata.isPremultiplied {
            options.premultiply = true
            if options.colorSpace == nil, texture.metadata.colorSpace == .srgb { options.colorSpace = .srgb }
        }
        job.options = options
        return job
    }

    /// Makes a picture and writes it to `file` as a PNG; an image error names `file`.
    private func writePicture(_ file: String, _ make: () throws -> RGBAImage) throws {
        let picture: RGBAImage
        do {
            picture = try make()
        } catch let error as ImagingError {
            throw CommandFailure(file: file, reason: error.description)
        }
        try PNGCodec.write(picture, to: URL(fileURLWithPath: file))
    }

    /// A finite value with four decimals, `"inf"` for identical images, `null` when not applicable.
    private func jsonNumber(_ value: Double?) -> String {
        guard let value else { return "null" }
        return value.isFinite ? String(format: "%.4f", value) : "\"inf\""
    }

    private func format(_ value: Double, decimals: Int) -> String {
        value.isFinite ? String(format: "%.\(decimals)f", value) : "inf (identical)"
    }

    private func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
