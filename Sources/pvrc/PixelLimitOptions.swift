import ArgumentParser
import EncodeJobs
import ImageFiles
import Imaging
import PVRTCSearch
import TextureFormats

/// `--max-pixels N`: the pixel limit of every command that decodes, resizes, encodes or renders
/// images. Inputs (and padded, resized or rendered results) with more pixels are refused from their
/// header, before any memory is allocated for them.
struct PixelLimitOptions: ParsableArguments {
    @Option(help: Self.help)
    var maxPixels = PixelLimit.standard.maximumPixels

    /// The help of the `max-pixels` option (`EncodingOption.all`).
    private static var help: ArgumentHelp {
        ArgumentHelp(EncodingOption.named("max-pixels")?.help ?? "", valueName: "n")
    }

    func validate() throws {
        guard maxPixels >= 1 else { throw ValidationError("--max-pixels must be at least 1") }
    }

    /// The limit these arguments ask for.
    var pixelLimit: PixelLimit { PixelLimit(maximumPixels: maxPixels) }

    /// Throws a one-line failure naming `file` when a `width` x `height` `what` is over the limit.
    func check(width: Int, height: Int, what: String, file: String) throws {
        do {
            try pixelLimit.check(width: width, height: height, what: what)
        } catch {
            throw CommandFailure(file: file, reason: "\(error); --max-pixels raises the limit")
        }
    }
}

/// How a failure reads on the command line: its description, plus the option that raises the limit
/// when the failure is a pixel limit (from any library).
func commandLineDescription(of error: Error) -> String {
    let isPixelLimit: Bool
    switch error {
    case is PixelLimitError: isPixelLimit = true
    case let error as PNGError:
        if case .exceedsPixelLimit = error { isPixelLimit = true } else { isPixelLimit = false }
    case let error as EncodingError:
        if case .exceedsPixelLimit = error { isPixelLimit = true } else { isPixelLimit = false }
    case let error as TextureFormatError:
        if case .exceedsPixelLimit = error { isPixelLimit = true } else { isPixelLimit = false }
    default: isPixelLimit = false
    }
    let description = String(describing: error)
    return isPixelLimit ? "\(description); --max-pixels raises the limit" : description
}
