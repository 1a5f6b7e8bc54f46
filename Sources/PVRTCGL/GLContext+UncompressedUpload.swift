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
        activate()
        let range = range ?? 0..<description.levelCount
        let width = max(description.width >> range.lowerBound, 1)
        let height = max(description.height >> range.lowerBound, 1)
        guard width <= maxTextureSize, height <= maxTextureSize else {
            throw GLError.unsupported(
                "\(width)x\(height) exceeds GL_MAX_TEXTURE_SIZE \(maxTextureSize) of \(renderer)")
        }
        let levels = try range.map { try description.glLevel(level: $0, face: face) }
        let fullChain =
            levels.count > 1 && levels.count == PVRTCTexture.fullChainLength(width: width, height: height)
        let name = makeTexture(
            filter: GLenum(GL_LINEAR), minFilter: GLenum(fullChain ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR))
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        defer { glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4) }
        for (index, level) in levels.enumerated() {
            level.pixels.withUnsafeBytes { bytes in
                glTexImage2D(
                    GLenum(GL_TEXTURE_2D), GLint(index), GLint(level.format), GLsizei(level.width),
                    GLsizei(level.height), 0, GLenum(level.format), GLenum(level.type), bytes.baseAddress)
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
            width: width, height: height, levelCount: levels.count, mode: nil,
            storage: .texture(name), gpuBytes: levels.reduce(0) { $0 + $1.pixels.count })
    }
}
