import FileIO
import Foundation

/// What a batch build encodes and how: the source folder, options for every texture, per-glob
/// overrides and cube maps. Read from a JSON manifest, or made for a plain folder with no overrides.
///
/// ```json
/// {
///   "source": "textures",
///   "options": { "quality": "high" },
///   "overrides": [
///     { "match": "ui/**", "options": { "quality": "best", "alpha-bleed": false } },
///     { "match": "terrain/**", "options": { "mipmaps": true } }
///   ],
///   "cube-maps": [
///     { "name": "sky", "faces": ["sky/px.png", "sky/nx.png", "sky/py.png", "sky/ny.png", "sky/pz.png", "sky/nz.png"] }
///   ]
/// }
/// ```
///
/// The settings of one texture are the command line's, then the manifest's `options`, then every
/// override whose `match` matches the texture's path in order (later ones win). A cube map's are the
/// command line's, the manifest's `options`, then its own `options` (``CubeMapEntry``); its face
/// images are not built as textures of their own.
public struct BuildManifest: Sendable {
    /// One per-glob override.
    public struct Override: Sendable, Equatable {
        /// Which source paths (relative to the source folder) it applies to.
        public var match: GlobPattern
        /// The options it sets.
        public var options: OptionOverrides

        /// An override.
        ///
        /// - Parameters:
        ///   - match: Which source paths it applies to.
        ///   - options: The options it sets.
        public init(match: GlobPattern, options: OptionOverrides) {
            self.match = match
            self.options = options
        }
    }

    /// The folder searched (recursively) for source images.
    public var sourceFolder: URL
    /// Options for every texture (over the command line's).
    public var options: OptionOverrides
    /// Per-glob overrides, applied in order.
    public var overrides: [Override] {
        didSet { index = OverrideIndex(overrides.map(\.match)) }
    }
    /// Cube maps: six face images, one output each.
    public var cubeMaps: [CubeMapEntry] = []
    /// ``overrides`` indexed by pattern, so that a texture's settings do not test every override.
    private var index: OverrideIndex
    /// The manifest file for error messages, or the folder when there is no manifest.
    public var name: String

    /// A build of a plain folder: no overrides.
    ///
    /// - Parameter folder: The source folder.
    public init(folder: URL) {
        sourceFolder = folder
        options = OptionOverrides()
        overrides = []
        index = OverrideIndex([])
        name = FileIOError.name(of: folder)
    }

    /// A manifest.
    ///
    /// - Parameters:
    ///   - sourceFolder: The folder searched for source images.
    ///   - options: Options for every texture.
    ///   - overrides: Per-glob overrides, applied in order.
    ///   - cubeMaps: Cube maps, each six face images and one output.
    ///   - name: The manifest's name for error messages.
    public init(
        sourceFolder: URL, options: OptionOverrides, overrides: [Override], cubeMaps: [CubeMapEntry] = [],
        name: String
    ) {
        self.sourceFolder = sourceFolder
        self.options = options
        self.overrides = overrides
        self.cubeMaps = cubeMaps
        index = OverrideIndex(overrides.map(\.match))
        self.name = name
    }

    /// Reads a JSON manifest. `source` is relative to the manifest's folder and defaults to that
    /// folder.
    ///
    /// - Parameter url: The manifest file.
    /// - Returns: The manifest.
    /// - Throws: ``PipelineError`` naming the file for unreadable or malformed manifests.
    public static func read(from url: URL) throws -> BuildManifest {
        let name = FileIOError.name(of: url)
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(url)
        } catch {
            throw PipelineError(file: error.file, reason: error.reason)
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw PipelineError(file: name, reason: "not a valid manifest: \(Self.describe(error))")
        }
        let base = url.deletingLastPathComponent()
        let folder = document.source.map { base.appendingPathComponent($0, isDirectory: true) } ?? base
        return BuildManifest(
            sourceFolder: folder,
            options: try OptionOverrides(document.options ?? [:], file: name),
            overrides: try (document.overrides ?? []).map {
                Override(match: GlobPattern($0.match), options: try OptionOverrides($0.options, file: name))
            },
            cubeMaps: try (document.cubeMaps ?? []).map {
                try CubeMapEntry(
                    name: $0.name, faces: $0.faces, options: try OptionOverrides($0.options ?? [:], file: name),
                    file: name)
            },
            name: name
        )
    }

    /// Warnings about the manifest: old option spellings it uses.
    public var warnings: [String] {
        options.warnings + overrides.flatMap(\.options.warnings) + cubeMaps.flatMap(\.options.warnings)
    }

    /// The settings of the texture at `path`.
    ///
    /// - Parameters:
    ///   - path: The source path relative to ``sourceFolder``.
    ///   - base: The command line's settings.
    /// - Returns: `base` with the manifest's options and every matching override applied.
    /// - Throws: ``PipelineError`` when an override's value does not fit its option.
    ///
    /// Overrides are looked up in an index (`overrideCandidates(for:)`), so 10,000 textures with
    /// 10,000 exact-path overrides cost about what they cost with none.
    public func settings(for path: String, base: TextureSettings) throws -> TextureSettings {
        var settings = try options.applied(to: base, file: name)
        let segments = GlobPattern.segments(of: path)
        for candidate in index.candidates(for: segments) where overrides[candidate].match.matches(segments: segments) {
            settings = try overrides[candidate].options.applied(to: settings, file: name)
        }
        return settings
    }

    /// The settings of a cube map.
    ///
    /// - Parameters:
    ///   - cubeMap: One of ``cubeMaps``.
    ///   - base: The command line's settings.
    /// - Returns: `base` with the manifest's options and the cube map's own applied.
    /// - Throws: ``PipelineError`` when a value does not fit its option.
    public func cubeMapSettings(for cubeMap: CubeMapEntry, base: TextureSettings) throws -> TextureSettings {
        try cubeMap.options.applied(to: options.applied(to: base, file: name), file: name)
    }

    /// The overrides ``settings(for:base:)`` tests for `path`, in order: every one that matches,
    /// and wildcard ones that might.
    ///
    /// - Parameter path: The source path relative to ``sourceFolder``.
    /// - Returns: Indices into ``overrides``, ascending.
    package func overrideCandidates(for path: String) -> [Int] {
        index.candidates(for: GlobPattern.segments(of: path))
    }

    private struct Document: Decodable {
        struct Rule: Decodable {
            let match: String
            let options: [String: JSONValue]
        }

        let source: String?
        let options: [String: JSONValue]?
        let overrides: [Rule]?
        let cubeMaps: [CubeMap]?

        struct CubeMap: Decodable {
            let name: String
            let faces: [String]
            let options: [String: JSONValue]?
        }

        private enum CodingKeys: String, CodingKey {
            case source, options, overrides
            case cubeMaps = "cube-maps"
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }
}
