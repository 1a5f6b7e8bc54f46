import CGLES2
import PVRTC
import TextureFormats

extension GLContext {
    /// Uploads face `face` of an uncompressed texture file (PVR v2, PVR v3, KTX 1.1; see
    /// `TextureFileDescription`), the file's `levels` (all by default; the first becomes level 0),
    /// with one `glTexImage2D` per level in the format and type that take
    /// its pixels as stored (`TextureFileDescription.glTransfer`: RGBA8888, RGB888, RGB565,
    /// RGBA4444, RGBA5551, L8, A8, LA88), or as RGBA8 converted on the CPU for the rest (BGRA8888,
    /// intensity, RGB555, ...). A full chain is sampled with `LINEAR_MIPMAP_LINEAR`, anything else
    /// with `LINEAR` from level 0; edges are clamped. The result is drawn like any plain texture; its
    /// `gpuBytes` are the bytes given to `glTexImage2D` (`TextureFileDescription.glLevelByteCount`).
    /// - Throws: `TextureFormatError` for compressed or unreadable formats (PVRTC goes through
    ///   ``upload(_:mode:)-(PVRTCTexture,_)``); ``GLError/unsupported(_:)`` above `GL_MAX_TEXTURE_SIZE`;
    ///   ``GLError`` when GL fails (nothing is left allocated).
    public func upload(
        _ description: TextureFileDescription, face: Int = 0, levels range: Range<Int>? = nil
    ) throws -> GPUTexture {
        try uploadUncompressed(description, faces: [face], levels: range ?? 0..<description.levelCount)
    }

    /// Uploads an uncompressed cube map file (six square faces, +X, −X, +Y, −Y, +Z, −Z) as one
    /// `GL_TEXTURE_CUBE_MAP`: `levels` of every face (all by default; the first becomes level 0), face f
    /// with `glTexImage2D` on `GL_TEXTURE_CUBE_MAP_POSITIVE_X + f` in the format and type of
    /// ``upload(_:face:levels:)``, rows as stored. Its `gpuBytes` count all six faces; a decode-once
    /// style ``readBack(_:face:level:)`` reads its faces when the format is colour-renderable.
    /// - Throws: ``GLError/unsupported(_:)`` for a file without six square faces or faces above
    ///   `GL_MAX_CUBE_MAP_TEXTURE_SIZE`; otherwise as ``upload(_:face:levels:)``.
    public func uploadCubeMap(_ description: TextureFileDescription, levels range: Range<Int>? = nil) throws
        -> GPUTexture
    {
        guard description.faceCount == 6, description.width == description.height else {
            throw GLError.unsupported(
                "a cube map has 6 square faces, not \(description.faceCount) of \(description.width)x\(description.height)"
            )
        }
        return try uploadUncompressed(
            description, faces: Array(0..<6), levels: range ?? 0..<description.levelCount)
    }

    /// `levels` of `faces` of `description`: one face as a 2D texture, six as a cube map.
    private func uploadUncompressed(
        _ description: TextureFileDescription, faces: [Int], levels range: Range<Int>
    ) throws -> GPUTexture {
        activate()
        let isCube = faces.count == 6
        let width = max(description.width >> range.lowerBound, 1)
        let height = max(description.height >> range.lowerBound, 1)
        let limit = isCube ? maxCubeMapTextureSize : maxTextureSize
        guard width <= limit, height <= limit else {
            throw GLError.unsupported(
                "\(width)x\(height) exceeds GL_MAX\(isCube ? "_CUBE_MAP" : "")_TEXTURE_SIZE \(limit) of \(renderer)")
        }
        let levels = try faces.map { face in try range.map { try description.glLevel(level: $0, face: face) } }
        let fullChain = range.count > 1 && range.count == PVRTCTexture.fullChainLength(width: width, height: height)
        let minFilter = GLenum(fullChain ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR)
        let name =
            isCube
            ? makeCubeTexture(minFilter: minFilter) : makeTexture(filter: GLenum(GL_LINEAR), minFilter: minFilter)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        defer { glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4) }
        for (faceIndex, faceLevels) in levels.enumerated() {
            let target = isCube ? Self.cubeFaceTarget(faceIndex) : GLenum(GL_TEXTURE_2D)
            for (index, level) in faceLevels.enumerated() {
                level.pixels.withUnsafeBytes { bytes in
                    glTexImage2D(
                        target, GLint(index), GLint(level.format), GLsizei(level.width), GLsizei(level.height), 0,
                        GLenum(level.format), GLenum(level.type), bytes.baseAddress)
                }
            }
        }
        do {
            try check("glTexImage2D (uncompressed)")
        } catch {
            var doomed = name
            glDeleteTextures(1, &doomed)
            throw error
        }
        return GPUTexture(
            width: width, height: height, levelCount: range.count, mode: nil, storage: .texture(name),
            gpuBytes: levels.joined().reduce(0) { $0 + $1.pixels.count }, faceCount: faces.count)
    }
}
