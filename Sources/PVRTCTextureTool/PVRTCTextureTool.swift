import EncodeJobs
import FileIO
import Foundation
import PVRTC
import PVRTCSearch
import TextureFormats
import TextureManifest
import TexturePipeline

/// The tool the `PVRTCTextures` SwiftPM build-tool plugin runs for each image:
/// `PVRTCTextureTool INPUT OUTPUT --path RELATIVE [--manifest pvrc.json] [--cache FOLDER]`, and for
/// each cube map the manifest declares:
/// `PVRTCTextureTool --cube PX NX PY NY PZ NZ OUTPUT --path NAME --manifest pvrc.json [--cache FOLDER]`.
///
/// It encodes one image (PNG, JPEG or TGA) with the default options of `pvrc encode`, refined by the
/// manifest's options and overrides for `RELATIVE` (the image's path under the `Textures/` folder),
/// or the six faces of the manifest's cube map `NAME` with its settings (as `pvrc encode --cube`),
/// and writes OUTPUT atomically. With `--cache`, a texture already encoded from the same image bytes
/// with the same options by the same tool is copied from that folder instead: a `pvrc build`
/// directory cache (`DirectoryTextureCache`), keyed as `pvrc build` keys it (the SHA-256 of the
/// image and the settings, `TextureSettings.cacheKey(input:encoder:)`) with the SHA-256 of this
/// executable added, and each entry checked against the image as `pvrc build` checks it. It links
/// no EGL and no OpenGL ES and opens no connection, so it runs wherever the package builds.
@main
enum PVRTCTextureTool {
    /// A problem with the command line.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    static func main() async {
        do {
            try await run(Array(CommandLine.arguments.dropFirst()))
        } catch {
            let message = String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
            FileHandle.standardError.write(Data("PVRTCTextureTool: \(message)\n".utf8))
            exit(1)
        }
    }

    private static func run(_ arguments: [String]) async throws {
        var positional: [String] = []
        var path: String?
        var manifestPath: String?
        var cacheFolder: String?
        var cube = false
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--cube":
                cube = true
                index += 1
            case "--path", "--manifest", "--cache":
                guard index + 1 < arguments.count else {
                    throw UsageError(description: "\(arguments[index]) needs a value")
                }
                switch arguments[index] {
                case "--path": path = arguments[index + 1]
                case "--manifest": manifestPath = arguments[index + 1]
                default: cacheFolder = arguments[index + 1]
                }
                index += 2
            default:
                positional.append(arguments[index])
                index += 1
            }
        }
        guard positional.count == (cube ? 7 : 2), let outputPath = positional.last else {
            throw UsageError(
                description:
                    "usage: PVRTCTextureTool INPUT OUTPUT --path RELATIVE [--manifest pvrc.json] [--cache FOLDER], or "
                    + "PVRTCTextureTool --cube PX NX PY NY PZ NZ OUTPUT --path NAME --manifest pvrc.json [--cache FOLDER]"
            )
        }
        let inputs = positional.dropLast().map { URL(fileURLWithPath: $0) }
        let input = inputs[0]
        let output = URL(fileURLWithPath: outputPath)
        let manifest =
            try manifestPath.map { try BuildManifest.read(from: URL(fileURLWithPath: $0)) }
            ?? BuildManifest(folder: input.deletingLastPathComponent())
        for warning in manifest.warnings {
            FileHandle.standardError.write(Data("PVRTCTextureTool: warning: \(warning)\n".utf8))
        }
        let relative = path ?? input.lastPathComponent
        let base = try EncodeJob(resolving: [:])
        let baseSettings = TextureSettings(options: base.options, container: base.container)
        let settings: TextureSettings
        if cube {
            guard let cubeMap = manifest.cubeMaps.first(where: { $0.name == relative }) else {
                throw PipelineError(file: manifest.name, reason: "declares no cube map \"\(relative)\"")
            }
            settings = try manifest.cubeMapSettings(for: cubeMap, base: baseSettings)
        } else {
            settings = try manifest.settings(for: relative, base: baseSettings)
        }
        // Compared on the whole name: a two-part extension such as `pvr.ccz` is more than URL's
        // `pathExtension` (`ccz`).
        guard output.lastPathComponent.lowercased().hasSuffix("." + settings.container.fileExtension) else {
            throw UsageError(
                description: "\(manifest.name): \(relative) asks for format \(settings.container.rawValue), "
                    + "but the plugin writes \(output.lastPathComponent)")
        }
        let faces: [[UInt8]]
        do {
            faces = try inputs.map { url throws(FileIOError) in try FileBytes.read(url) }
        } catch {
            throw PipelineError(file: error.file, reason: error.reason)
        }
        let job = settings.job
        // Failures of the cache are warnings: the texture is encoded instead, and a refused entry removed.
        let cache = cacheFolder.map { GivingUpCache(DirectoryTextureCache(folder: URL(fileURLWithPath: $0))) }
        let key = try cache.map { _ in
            // A cube map's input is its six faces, digested in face order as `pvrc build` digests them.
            try settings.cacheKey(
                input: cube ? BuildPlan.cubeMapDigest(faces) : ContentDigest(of: faces[0]),
                encoder: ContentDigest(of: executableBytes()))
        }
        if let cache, let key {
            let check = CachedTextureCheck(input: faces[0], settings: settings, faces: faces.count)
            let (entry, warnings) = await cache.load(key, limit: check.maximumFileSize) {
                try check.texture(from: $0, name: "cache entry \(key.hex)")
            }
            warn(warnings)
            if let entry {
                try write(entry.bytes, to: output)
                print("PVRTCTextureTool: \(relative): unchanged since it was encoded, taken from the cache")
                return
            }
        }
        let result: EncodeResult
        do {
            result =
                cube
                ? try job.encodeCubeMap(fileBytes: faces, files: inputs.map(\.relativePath))
                : try job.encode(fileBytes: faces[0], file: input.relativePath)
        } catch let error as EncodingError {
            throw PipelineError(file: input.relativePath, reason: error.description)
        } catch let error as EncodeJobError {
            throw PipelineError(file: output.relativePath, reason: error.description)
        } catch let error as CubeFaceError {
            let reason =
                (error.underlying as? EncodingError)?.description ?? (error.underlying as? EncodeJobError)?.description
            throw reason.map { PipelineError(file: error.file, reason: $0) } ?? error.underlying
        }
        for warning in result.warnings {
            FileHandle.standardError.write(
                Data("PVRTCTextureTool: warning: \(output.relativePath): \(warning)\n".utf8))
        }
        // Serialized once: the output and the cache entry are the same bytes.
        let texture = result.bytes
        try write(texture, to: output)
        if let cache, let key {
            warn(await cache.store(texture, for: key))
        }
    }

    /// Prints each of `warnings` on standard error.
    private static func warn(_ warnings: [String]) {
        for warning in warnings {
            FileHandle.standardError.write(Data("PVRTCTextureTool: warning: \(warning)\n".utf8))
        }
    }

    /// Writes the texture file `bytes` to `output` atomically, creating its folder.
    private static func write(_ bytes: [UInt8], to output: URL) throws {
        try FileManager.default.createDirectory(
            at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            try AtomicFileWriter.write(bytes, to: output)
        } catch {
            throw PipelineError(file: error.file, reason: error.reason)
        }
    }

    /// This executable's bytes: part of the cache key, so a changed encoder never reuses old textures.
    private static func executableBytes() throws -> [UInt8] {
        let url = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        do {
            return try FileBytes.read(url)
        } catch {
            throw PipelineError(
                file: error.file, reason: "cannot read the tool itself for the cache key: \(error.reason)")
        }
    }
}
