import ArgumentParser
import PVRTC

/// `--quality fast|normal|high|best` on the command line.
extension PVRTCEncoder.Quality: ExpressibleByArgument {}

/// `--square pad|stretch` and `--pot pad|stretch` on the command line.
extension ImagePreparation.Policy: ExpressibleByArgument {}
