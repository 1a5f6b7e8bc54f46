import FileIO
import Foundation
import ImageFiles
import TextureManifest

/// Why a texture is (re)built.
package enum BuildReason: String, Sendable, Equatable, Codable {
    /// No previous build of this output is recorded.
    case new
    /// The input's bytes changed.
    case inputChanged = "input changed"
    /// The effective options, the container or the encoder version changed.
    case settingsChanged = "options changed"
    /// The output file is missing or was changed since it was written.
    case outputChanged = "output missing or changed"
    /// `--force`.
    case forced
}

/// One texture of a plan and what is to be done with it.
package struct PlannedTexture: Sendable {
    /// What the planner decided.
    package enum Action: Sendable {
        /// The output is up to date; its record (with the input's current time stamp).
        case upToDate(BuildState.Entry)
        /// The texture is to be built (or taken from the cache).
        case build(BuildReason)
        /// The input cannot be used.
        case fail(any Error)
    }

    /// The source image; for a cube map, its name (``faces`` holds its six images).
    package var source: TextureSource
    /// A cube map's six face images (+X, −X, +Y, −Y, +Z, −Z); empty for a 2D texture.
    package var faces: [TextureSource] = []
    /// The output path relative to the output folder.
    package var outputPath: String
    /// The output file.
    package var output: URL
    /// The effective settings.
    package var settings: TextureSettings
    /// What is to be done.
    package var action: Action
    /// Estimated encoder memory in bytes.
    package var estimatedMemory: Int
}

/// What a build will do: every texture of this shard with its action, and the outputs to prune.
package struct BuildPlan: Sendable {
    /// The textures of this shard, in source path order.
    package var textures: [PlannedTexture]
    /// Textures left to other shards.
    package var otherShards: Int
    /// Output paths (relative to the output folder) recorded in the state that no source produces
    /// any more: candidates for pruning, each deleted only when `StaleOutput` allows it.
    package var stale: [String]
    /// Files under the source folder (relative to it) with an image extension pvrc does not read
    /// (`.bmp`, `.webp`, …): not built, each listed once so the skip is not silent.
    package var skipped: [String]
    /// The state read from the output folder.
    package var state: BuildState

    /// Plans a build: discovers the sources, resolves each one's settings, and compares inputs,
    /// settings and outputs with the recorded state. Reads only inputs whose size or modification
    /// time changed since they were last hashed.
    ///
    /// - Parameter configuration: The build.
    /// - Returns: The plan.
    /// - Throws: `PipelineError` for a source folder that cannot be listed, a manifest value that
    ///   does not fit its option, or two sources that would write the same output.
    package static func make(_ configuration: BuildConfiguration) throws -> BuildPlan {
        var skipped: [String] = []
        let manifest = configuration.manifest
        let discovered = try TextureSource.discover(
            in: manifest.sourceFolder, excluding: configuration.outputFolder, skipped: &skipped)
        let byPath = Dictionary(discovered.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let faces = Set(manifest.cubeMaps.flatMap(\.faces))
        // A cube map's faces are built as the cube map only; cube maps come in name order among the sources.
        var entries: [(source: TextureSource, cubeMap: CubeMapEntry?)] = discovered.filter { !faces.contains($0.path) }
            .map { ($0, nil) }
        for cubeMap in manifest.cubeMaps {
            entries.append((TextureSource(path: cubeMap.name, url: manifest.sourceFolder), cubeMap))
        }
        entries.sort { $0.source.path < $1.source.path }
        let state = BuildState.load(from: configuration.outputFolder)
        var producedBy: [String: String] = [:]
        var textures: [PlannedTexture] = []
        var otherShards = 0
        for (source, cubeMap) in entries {
            let settings =
                try cubeMap.map { try manifest.cubeMapSettings(for: $0, base: configuration.settings) }
                ?? manifest.settings(for: source.path, base: configuration.settings)
            let fileExtension = settings.container.fileExtension
            let outputPath =
                cubeMap.map { "\($0.name).\(fileExtension)" } ?? source.outputPath(fileExtension: fileExtension)
            if let other = producedBy[outputPath] {
                throw PipelineError(
                    file: source.path, reason: "writes the same output \(outputPath) as \(other)")
            }
            producedBy[outputPath] = source.path
            if let shard = configuration.shard, !shard.contains(source.path) {
                otherShards += 1
                continue
            }
            let output = configuration.outputFolder.appendingPathComponent(outputPath)
            if let cubeMap {
                textures.append(
                    planCubeMap(
                        source, faces: cubeMap.faces, available: byPath, outputPath: outputPath, output: output,
                        settings: settings, state: state, force: configuration.force))
            } else {
                textures.append(
                    plan(
                        source, outputPath: outputPath, output: output, settings: settings, state: state,
                        force: configuration.force))
            }
        }
        let stale = state.entries.keys.filter { producedBy[$0] == nil }.sorted()
        return BuildPlan(
            textures: textures, otherShards: otherShards, stale: stale, skipped: skipped.sorted(), state: state)
    }

    private static func plan(
        _ source: TextureSource, outputPath: String, output: URL, settings: TextureSettings, state: BuildState,
        force: Bool
    ) -> PlannedTexture {
        var planned = PlannedTexture(
            source: source, outputPath: outputPath, output: output, settings: settings, action: .build(.new),
            estimatedMemory: 0)
        do {
            let entry = state.entries[outputPath].flatMap { $0.source == source.path ? $0 : nil }
            let stamp = InputStamp(of: source.url)
            var header: [UInt8] = []
            let digest: ContentDigest
            if let entry, let stamp, stamp.matchesInput(of: entry) {
                digest = entry.inputDigest
            } else {
                let bytes = try readInput(source)
                digest = ContentDigest(of: bytes)
                header = Array(bytes.prefix(24))
            }
            let key = try settings.cacheKey(input: digest)
            if let reason = rebuildReason(entry: entry, digest: digest, key: key, output: output, force: force) {
                planned.action = .build(reason)
            } else if var refreshed = entry {
                // Same bytes under a new time stamp (touched): remember the new stamp, so the next
                // build does not read the file again.
                if let stamp {
                    refreshed.inputSize = stamp.size
                    refreshed.inputModified = stamp.modified
                    refreshed.inputChanged = stamp.changed
                    refreshed.inputInode = stamp.inode
                }
                planned.action = .upToDate(refreshed)
                return planned
            }
            if header.isEmpty { header = try readHeader(source) }
            planned.estimatedMemory = estimatedMemory(header: header, settings: settings)
        } catch {
            planned.action = .fail(error)
        }
        return planned
    }

    /// Plans a cube map: its six faces are read (and digested) every time, the digest of the six
    /// digests standing for its input.
    private static func planCubeMap(
        _ source: TextureSource, faces paths: [String], available: [String: TextureSource], outputPath: String,
        output: URL, settings: TextureSettings, state: BuildState, force: Bool
    ) -> PlannedTexture {
        var planned = PlannedTexture(
            source: source, outputPath: outputPath, output: output, settings: settings, action: .build(.new),
            estimatedMemory: 0)
        do {
            let faces = try paths.map { path in
                guard let face = available[path] else {
                    throw PipelineError(file: path, reason: "no such image (a face of cube map \(source.path))")
                }
                return face
            }
            planned.faces = faces
            let inputs = try faces.map(readInput)
            let digest = cubeMapDigest(inputs)
            let key = try settings.cacheKey(input: digest)
            let entry = state.entries[outputPath].flatMap { $0.source == source.path ? $0 : nil }
            if let reason = rebuildReason(entry: entry, digest: digest, key: key, output: output, force: force) {
                planned.action = .build(reason)
            } else if let entry {
                planned.action = .upToDate(entry)
                return planned
            }
            planned.estimatedMemory = estimatedMemory(header: Array(inputs[0].prefix(24)), settings: settings)
        } catch {
            planned.action = .fail(error)
        }
        return planned
    }

    /// The memory an encode of the image whose first bytes are `header` is budgeted: a size the first
    /// bytes do not tell (JPEG) counts as the largest image the default pixel limit admits, so such a
    /// texture never overcommits memory.
    private static func estimatedMemory(header: [UInt8], settings: TextureSettings) -> Int {
        let size = ImageFileFormat.declaredSize(of: header) ?? (4096, 4096)
        return BuildConfiguration.estimatedMemory(
            width: size.width, height: size.height, mipmaps: settings.options.mipmaps)
    }

    /// Why a texture whose last build is `entry` (`nil`: never built) must be built again, or `nil` when
    /// it is up to date: forced, its input or settings changed (`digest`, `key`), or its output was
    /// changed or removed since.
    private static func rebuildReason(
        entry: BuildState.Entry?, digest: ContentDigest, key: ContentDigest, output: URL, force: Bool
    ) -> BuildReason? {
        guard let entry else { return force ? .forced : .new }
        if force { return .forced }
        if entry.inputDigest != digest { return .inputChanged }
        if entry.key != key { return .settingsChanged }
        if !(InputStamp(of: output)?.matchesOutput(of: entry) ?? false) { return .outputChanged }
        return nil
    }

    /// A cube map's input digest: the digest of its six faces' digests, in face order.
    package static func cubeMapDigest(_ faces: [[UInt8]]) -> ContentDigest {
        ContentDigest(ofText: "pvrc-cube-map\n" + faces.map { ContentDigest(of: $0).hex }.joined(separator: "\n"))
    }

    /// A source's bytes; errors name it by its path relative to the source folder, as every build
    /// message does.
    static func readInput(_ source: TextureSource) throws -> [UInt8] {
        do {
            return try FileBytes.read(source.url)
        } catch {
            throw PipelineError(file: source.path, reason: error.reason)
        }
    }

    private static func readHeader(_ source: TextureSource) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: source.url.path) else {
            throw PipelineError(file: source.path, reason: "cannot open")
        }
        defer { try? handle.close() }
        return Array((try? handle.read(upToCount: 24)) ?? Data())
    }
}
