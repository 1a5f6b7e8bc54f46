import ArgumentParser
import EncodeJobs
import Imaging
import PVRTCSearch

/// `--quality fastest|fast|normal|high|best|max` (used by `pvrc bench encode`).
extension PVRTCEncoder.Quality: ExpressibleByArgument {}

extension EncodingError {
    /// The one-line failure for the image file `file`, naming the options that would help:
    /// `in.png is 300x200: PVRTC1 needs square power-of-two sizes; use --square pad|stretch / --pot pad|stretch`.
    func commandFailure(file: String) -> CommandFailure {
        switch self {
        case .unsupportedSize(let width, let height, let needsSquare, let needsPowerOfTwo):
            var hints: [String] = []
            if needsSquare { hints.append("--square pad|stretch") }
            if needsSquare && !needsPowerOfTwo { hints.append("--allow-rectangular") }
            if needsPowerOfTwo { hints.append("--pot pad|stretch") }
            let requirement = EncodingError.requirement(width: width, height: height)
            return CommandFailure(
                message: "\(file) is \(width)x\(height): \(requirement); use \(hints.joined(separator: " / "))")
        case .tooLarge, .invalidMaximumSize, .noLevels, .invalidLevel:
            return CommandFailure(file: file, reason: description)
        case .exceedsPixelLimit:
            return CommandFailure(file: file, reason: "\(description); --max-pixels raises the limit")
        case .conflictingOptions(.normalMapPremultiplied):
            return CommandFailure(file: file, reason: "--normal-map cannot be combined with --premultiply")
        case .conflictingOptions(.normalMapSRGB):
            return CommandFailure(
                file: file, reason: "--normal-map is linear data; it cannot be combined with --colorspace srgb")
        }
    }
}

extension EncodeJobError {
    /// The one-line failure for the texture file `output`, naming the options that would help.
    func commandFailure(output: String) -> CommandFailure {
        switch self {
        case .containerCannotRecord(_, .horizontalFlip):
            return CommandFailure(file: output, reason: "\(description); use --format pvr3 or ktx, or --flip y")
        case .containerCannotHold:
            return CommandFailure(
                file: output,
                reason: "\(description); use --format pvr3, ktx, ktx2, pvr-ccz or pvr-gz")
        case .containerCannotRecord, .noSuchLevel, .unknownContainer, .cubeMapFaceCount, .cubeFaceNotSquare,
            .cubeFaceSizeDiffers:
            return CommandFailure(file: output, reason: description)
        }
    }
}

/// How an encode job's failure reads on the command line: encoder errors name the image `input`
/// with the options that would help, container refusals name the texture file `output`, other
/// errors (image files) already name their file; a cube map's face failure names the face.
func encodeFailure(_ error: Error, input: String, output: String) -> Error {
    switch error {
    case let error as EncodingError: return error.commandFailure(file: input)
    case let error as EncodeJobError: return error.commandFailure(output: output)
    case let error as CubeFaceError:
        if let problem = error.underlying as? EncodeJobError {
            return CommandFailure(file: error.file, reason: problem.description)
        }
        return encodeFailure(error.underlying, input: error.file, output: output)
    default: return error
    }
}
