import ArgumentParser
import Imaging
import PVRTCEncoding

/// `--quality fastest|fast|normal|high|best|max` on the command line.
extension PVRTCEncoder.Quality: ExpressibleByArgument {}

/// `--square pad|stretch` and `--pot pad|stretch` on the command line.
extension PVRTCEncoder.ResizePolicy: ExpressibleByArgument {}

/// `--colorspace srgb|linear` on the command line.
extension ColorSpace: ExpressibleByArgument {}

extension EncodingError {
    /// The one-line failure for the image file `file`, naming the options that would help:
    /// `in.png is 300x200: PVRTC1 needs square power-of-two sizes; use --square pad|stretch / --pot pad|stretch`.
    func commandFailure(file: String) -> CommandFailure {
        switch self {
        case .unsupportedSize(let width, let height, let needsSquare, let needsPowerOfTwo):
            var hints: [String] = []
            if needsSquare { hints.append("--square pad|stretch") }
            if needsSquare && !needsPowerOfTwo { hints.append("--allow-rectangular (iOS refuses non-square PVRTC)") }
            if needsPowerOfTwo { hints.append("--pot pad|stretch") }
            let requirement = EncodingError.requirement(width: width, height: height)
            return CommandFailure(
                message: "\(file) is \(width)x\(height): \(requirement); use \(hints.joined(separator: " / "))")
        case .tooLarge, .invalidMaximumSize:
            return CommandFailure(file: file, reason: description)
        case .exceedsPixelLimit:
            return CommandFailure(file: file, reason: "\(description); --max-pixels raises the limit")
        }
    }
}
