// Compares two PNG files (RGBA after decoding; an RGB file has alpha 255) and exits non-zero when their sizes
// differ or, by default, any pixel differs, printing the first differences. With `--min-psnr DB` (a lossy
// upload, such as the viewer's transcode mode) it passes when the RGB PSNR, and the alpha PSNR where alpha
// differs, are at least DB.
import Foundation
import ImageFiles
import Imaging
import QualityMetrics

var arguments = Array(CommandLine.arguments.dropFirst())
var minimumPSNR: Double?
if arguments.count == 4, arguments[2] == "--min-psnr", let value = Double(arguments[3]) {
    minimumPSNR = value
    arguments.removeLast(2)
}
guard arguments.count == 2, let expectedPath = arguments.first, let actualPath = arguments.last else {
    FileHandle.standardError.write(Data("usage: ScreenshotCheck EXPECTED.png ACTUAL.png [--min-psnr DB]\n".utf8))
    exit(2)
}
do {
    let expected = try PNGCodec.read(from: URL(fileURLWithPath: expectedPath))
    let actual = try PNGCodec.read(from: URL(fileURLWithPath: actualPath))
    guard expected.width == actual.width, expected.height == actual.height else {
        print("\(actualPath): \(actual.width)x\(actual.height), expected \(expected.width)x\(expected.height)")
        exit(1)
    }
    if let minimumPSNR {
        let comparison = try ImageComparison.compare(reference: expected, candidate: actual)
        let worst = min(comparison.rgbPSNR, comparison.alphaPSNR ?? .infinity)
        print("\(actualPath): \(comparison) against \(expectedPath) (at least \(minimumPSNR) dB asked)")
        exit(worst >= minimumPSNR ? 0 : 1)
    }
    var differing = 0
    for y in 0..<expected.height {
        for x in 0..<expected.width where expected[x, y] != actual[x, y] {
            if differing < 5 { print("(\(x), \(y)): \(actual[x, y]), expected \(expected[x, y])") }
            differing += 1
        }
    }
    print("\(actualPath): \(differing) of \(expected.width * expected.height) pixels differ from \(expectedPath)")
    exit(differing == 0 ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("ScreenshotCheck: \(error)\n".utf8))
    exit(1)
}
