import Foundation
import PackagePlugin

/// A build-tool plugin: every PNG, JPEG and TGA image under the target's `Textures/` folder becomes
/// a `.pvr` resource of the target (`Bundle.module`), same relative path, encoded at build
/// time by `PVRTCTextureTool`. Options come from an optional `Textures/pvrc.json` (the `pvrc build`
/// manifest format: `options`, per-glob `overrides` and `cube-maps`): PVRTC1 in PVR v2 by default,
/// PVRTC2 (`"codec": "pvrtc2"`) in PVR v3, since PVR v2 cannot hold it. Each texture is one build
/// command with its image and the manifest as inputs and the `.pvr` as its declared output, so
/// SwiftPM runs it again only when one of those changed (not after a failed compile of the target's
/// code). A cube map the manifest declares (`"cube-maps": [{ "name": "sky", "faces": [six paths
/// under Textures/] }]`) is one command with its six faces as inputs and `sky.pvr` as its output; its
/// faces are not encoded on their own.
///
/// The target must exclude the folder (`exclude: ["Textures"]`) so that the images themselves are
/// not bundled.
@main
struct PVRTCTextures: BuildToolPlugin {
    /// The extensions (lowercase) of the image files the tool reads: those of `pvrc build`.
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "tga"]
    /// Image formats the tool does not read: reported instead of skipped in silence.
    static let unreadExtensions: Set<String> = [
        "bmp", "dib", "webp", "gif", "psd", "psb", "exr", "hdr", "tif", "tiff", "heic", "heif", "avif",
        "jxl", "jp2", "ico", "dds", "xcf", "kra", "pic", "pnm", "ppm", "pgm", "pbm", "svg",
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let textures = target.directoryURL.appendingPathComponent("Textures", isDirectory: true)
        let manifest = textures.appendingPathComponent("pvrc.json")
        let hasManifest = FileManager.default.fileExists(atPath: manifest.path)
        let tool = try context.tool(named: "PVRTCTextureTool")
        let outputRoot = context.pluginWorkDirectoryURL.appendingPathComponent("Textures", isDirectory: true)
        // Kept between builds: a command SwiftPM runs again only because the tool was relinked copies
        // its texture from here instead of encoding it again.
        let cache = context.pluginWorkDirectoryURL.appendingPathComponent("EncodedTextureCache", isDirectory: true)
        let (found, unread) = files(under: textures)
        for path in unread {
            Diagnostics.warning("Textures/\(path): skipped, not a format pvrc reads (PNG, JPEG, TGA)")
        }
        let cubeMaps = hasManifest ? try Self.cubeMaps(in: manifest) : []
        let faces = Set(cubeMaps.flatMap(\.faces))
        let images = found.filter { !faces.contains($0) }
        // SwiftPM copies resources flat into the bundle: two images with one output name would collide.
        var producedBy: [String: String] = [:]
        for (relative, output) in images.map({ ($0, Self.outputPath($0)) })
            + cubeMaps.map({ ($0.name, $0.name + ".pvr") })
        {
            let name = output.split(separator: "/").last.map(String.init) ?? output
            if let other = producedBy[name] {
                throw PluginError(
                    description:
                        "Textures/\(relative) and Textures/\(other) both become \(name) in the bundle; rename one")
            }
            producedBy[name] = relative
        }
        let cubeCommands: [Command] = cubeMaps.map { cubeMap in
            let inputs = cubeMap.faces.map { textures.appendingPathComponent($0) }
            let output = outputRoot.appendingPathComponent(cubeMap.name + ".pvr")
            return .buildCommand(
                displayName: "Encoding cube map \(cubeMap.name) as PVRTC",
                executable: tool.url,
                arguments: ["--cube"] + inputs.map(\.path)
                    + [output.path, "--path", cubeMap.name, "--cache", cache.path, "--manifest", manifest.path],
                inputFiles: inputs + [manifest],
                outputFiles: [output])
        }
        return cubeCommands
            + images.map { relative in
                let input = textures.appendingPathComponent(relative)
                let output = outputRoot.appendingPathComponent(Self.outputPath(relative))
                var arguments = [input.path, output.path, "--path", relative, "--cache", cache.path]
                if hasManifest { arguments += ["--manifest", manifest.path] }
                return .buildCommand(
                    displayName: "Encoding \(relative) as PVRTC",
                    executable: tool.url,
                    arguments: arguments,
                    inputFiles: hasManifest ? [input, manifest] : [input],
                    outputFiles: [output])
            }
    }

    /// A problem with the target's textures.
    struct PluginError: Error, CustomStringConvertible {
        let description: String
    }

    /// A cube map the manifest declares: its name (the output without `.pvr`) and its six faces.
    struct CubeMap {
        let name: String
        let faces: [String]
    }

    /// The manifest's `cube-maps` (the tool checks them and everything else in it; here only their
    /// names and faces are read, to plan one command each).
    static func cubeMaps(in manifest: URL) throws -> [CubeMap] {
        guard let data = FileManager.default.contents(atPath: manifest.path),
            let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entries = document["cube-maps"]
        else { return [] }
        guard let list = entries as? [[String: Any]] else {
            throw PluginError(description: "Textures/pvrc.json: \"cube-maps\" is not a list of objects")
        }
        return try list.map { entry in
            guard let name = entry["name"] as? String, let faces = entry["faces"] as? [String], faces.count == 6 else {
                throw PluginError(
                    description:
                        "Textures/pvrc.json: each cube map needs a \"name\" and six \"faces\" (+X, -X, +Y, -Y, +Z, -Z)")
            }
            return CubeMap(name: name, faces: faces)
        }
    }

    /// The output path of an image: its path with the extension replaced by `pvr`.
    static func outputPath(_ relative: String) -> String {
        let name = relative.split(separator: "/").last.map(String.init) ?? relative
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return String(relative.dropLast(name.count)) + stem + ".pvr"
    }

    /// The image files under `folder` the tool reads, and those of formats it does not read, as
    /// sorted paths relative to it (hidden files skipped).
    private func files(under folder: URL) -> (images: [String], unread: [String]) {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return ([], []) }
        var images: [String] = []
        var unread: [String] = []
        while let path = enumerator.nextObject() as? String {
            let parts = path.split(separator: "/")
            guard let name = parts.last, !parts.contains(where: { $0.hasPrefix(".") }),
                let dot = name.lastIndex(of: ".")
            else { continue }
            let fileExtension = name[name.index(after: dot)...].lowercased()
            if Self.imageExtensions.contains(fileExtension) {
                images.append(path)
            } else if Self.unreadExtensions.contains(fileExtension) {
                unread.append(path)
            }
        }
        return (images.sorted(), unread.sorted())
    }
}
