import FileIO
import Foundation
import PVRTC
import PVRTCEncoding
import TextureEncoding
import TextureFormats
import TextureManifest

/// The tool the `PVRTCTextures` SwiftPM build-tool plugin runs for each image:
/// `PVRTCTextureTool INPUT OUTPUT --path RELATIVE [--manifest pvrc.json]`.
///
/// It encodes one image with the default options of `pvrc encode`, refined by the manifest's options
/// and overrides for `RELATIVE` (the image's path under the `Textures/` folder), and writes OUTPUT
/// atomically. It links only the codec, the containers and the image files: no EGL, no OpenGL ES, no
/// networking, so it runs wherever the package builds.
@main
enum PVRTCTextureTool {
    /// A problem with the command line.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    static func main() {
        do {
            try run(Array(CommandLine.arguments.dropFirst()))
        } catch {
            let message = String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
            FileHandle.standardError.write(Data("PVRTCTextureTool: \(message)\n".utf8))
            exit(1)
        }
    }

    private static func run(_ arguments: [String]) throws {
        var positional: [String] = []
        var path: String?
        var manifestPath: String?
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--path", "--manifest":
                guard index + 1 < arguments.count else {
                    throw UsageError(description: "\(arguments[index]) needs a value")
                }
                if arguments[index] == "--path" {
                    path = arguments[index + 1]
                } else {
                    manifestPath = arguments[index + 1]
                }
                index += 2
            default:
                positional.append(arguments[index])
                index += 1
            }
        }
        guard positional.count == 2 else {
            throw UsageError(description: "usage: PVRTCTextureTool INPUT OUTPUT --path RELATIVE [--manifest pvrc.json]")
        }
        let input = URL(fileURLWithPath: positional[0])
        let output = URL(fileURLWithPath: positional[1])
        let manifest =
            try manifestPath.map { try BuildManifest.read(from: URL(fileURLWithPath: $0)) }
            ?? BuildManifest(folder: input.deletingLastPathComponent())
        for warning in manifest.warnings {
            FileHandle.standardError.write(Data("PVRTCTextureTool: warning: \(warning)\n".utf8))
        }
        let relative = path ?? input.lastPathComponent
        let settings = try manifest.settings(
            for: relative, base: TextureSettings(options: PVRTCEncoder.Options(), container: .pvr2))
        // Compared on the whole name: a two-part extension such as `pvr.ccz` is more than URL's
        // `pathExtension` (`ccz`).
        guard output.lastPathComponent.lowercased().hasSuffix("." + settings.container.fileExtension) else {
            throw UsageError(
                description: "\(manifest.name): \(relative) asks for format \(settings.container.rawValue), "
                    + "but the plugin writes \(output.lastPathComponent)")
        }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(input)
        } catch {
            throw PipelineError(file: error.file, reason: error.reason)
        }
        let job = settings.job
        let result: EncodeResult
        do {
            for warning in try job.check() {
                FileHandle.standardError.write(
                    Data("PVRTCTextureTool: warning: \(output.relativePath): \(warning)\n".utf8))
            }
            result = try job.encode(fileBytes: bytes, file: input.relativePath)
        } catch let error as EncodingError {
            throw PipelineError(file: input.relativePath, reason: error.description)
        } catch let error as EncodeJobError {
            throw PipelineError(file: output.relativePath, reason: error.description)
        }
        try FileManager.default.createDirectory(
            at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        try result.write(to: output)
    }
}
