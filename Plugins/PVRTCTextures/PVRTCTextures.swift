import Foundation
import PackagePlugin

/// A build-tool plugin: every PNG under the target's `Textures/` folder becomes a PVRTC1 4bpp `.pvr`
/// resource of the target (`Bundle.module`), same relative path, encoded at build time by
/// `PVRTCTextureTool`. Options come from an optional `Textures/pvrc.json` (the `pvrc build` manifest
/// format: `options` and per-glob `overrides`). Each texture is one build command with its PNG and
/// the manifest as inputs, so only changed textures are encoded again.
///
/// The target must exclude the folder (`exclude: ["Textures"]`) so that the PNGs themselves are not
/// bundled.
@main
struct PVRTCTextures: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let textures = target.directoryURL.appendingPathComponent("Textures", isDirectory: true)
        let manifest = textures.appendingPathComponent("pvrc.json")
        let hasManifest = FileManager.default.fileExists(atPath: manifest.path)
        let tool = try context.tool(named: "PVRTCTextureTool")
        let outputRoot = context.pluginWorkDirectoryURL.appendingPathComponent("Textures", isDirectory: true)
        return images(under: textures).map { relative in
            let input = textures.appendingPathComponent(relative)
            let output = outputRoot.appendingPathComponent(String(relative.dropLast(4)) + ".pvr")
            var arguments = [input.path, output.path, "--path", relative]
            if hasManifest { arguments += ["--manifest", manifest.path] }
            return .buildCommand(
                displayName: "Encoding \(relative) as PVRTC",
                executable: tool.url,
                arguments: arguments,
                inputFiles: hasManifest ? [input, manifest] : [input],
                outputFiles: [output])
        }
    }

    /// The `.png` files under `folder`, as sorted paths relative to it.
    private func images(under folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.lowercased().hasSuffix(".png") { found.append(path) }
        }
        return found.sorted()
    }
}
