/// A cube map a manifest declares: six face images, the faces +X, −X, +Y, −Y, +Z, −Z, encoded as one
/// texture file with the manifest's options and the entry's own.
///
/// ```json
/// "cube-maps": [
///   { "name": "sky", "faces": ["sky/px.png", "sky/nx.png", "sky/py.png", "sky/ny.png", "sky/pz.png", "sky/nz.png"],
///     "options": { "mipmaps": true } }
/// ]
/// ```
///
/// The output is `name` with the container's extension (`sky.pvr`), under the output folder; the face
/// images are not built as textures of their own.
public struct CubeMapEntry: Sendable, Equatable {
    /// The output path without its extension, relative to the output folder (`env/sky`).
    public var name: String
    /// The six face images' paths relative to the source folder, +X, −X, +Y, −Y, +Z, −Z.
    public var faces: [String]
    /// Options for this cube map, over the manifest's `options`.
    public var options: OptionOverrides

    /// A cube map.
    ///
    /// - Parameters:
    ///   - name: The output path without its extension.
    ///   - faces: The six face images' paths relative to the source folder.
    ///   - options: Options over the manifest's.
    ///   - file: The manifest, for error messages.
    /// - Throws: ``PipelineError`` naming `file` unless there are six faces and `name` is a relative
    ///   path inside the output folder.
    public init(name: String, faces: [String], options: OptionOverrides = OptionOverrides(), file: String) throws {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
        else {
            throw PipelineError(
                file: file, reason: "cube map name \"\(name)\" is not a relative path inside the output folder")
        }
        guard faces.count == 6 else {
            throw PipelineError(
                file: file,
                reason: "cube map \"\(name)\" has \(faces.count) faces; a cube map has 6 (+X, -X, +Y, -Y, +Z, -Z)")
        }
        self.name = name
        self.faces = faces
        self.options = options
    }
}
