import CGLES2
import Imaging
import PVRTC
import TextureFormats

extension GLContext {
    /// Uploads a PVRTC cube map as one `GL_TEXTURE_CUBE_MAP`: face f of level l goes to
    /// `GL_TEXTURE_CUBE_MAP_POSITIVE_X + f` (+X, −X, +Y, −Y, +Z, −Z, the order of `PVRTCCubeMap`),
    /// rows as stored (row 0 at t = 0, as for 2D uploads).
    ///
    /// - ``PVRTCUploadMode/native``: one `glCompressedTexImage2D` per face and level with the
    ///   `PixelFormatTable` enum, given the format's extension (``nativeExtension(for:)``). Untested here: Mesa
    ///   exposes neither `GL_IMG_texture_compression_pvrtc` nor `GL_IMG_texture_compression_pvrtc2`.
    /// - ``PVRTCUploadMode/decodeOnce``: every face of every level is decoded on the GPU by
    ///   `pvrtc.frag` into the matching face and mip level of an RGBA8 cube map (a chain that stops
    ///   early is completed by `glGenerateMipmap` from level 0 first, as for 2D textures).
    /// - ``PVRTCUploadMode/transcode``: every face of every level is transcoded on the GPU into the
    ///   matching face and mip level of a block-compressed cube map (decode-once without a target).
    /// - ``PVRTCUploadMode/direct`` samples 2D data textures per fragment and has no cube form.
    /// - Throws: ``GLError/unsupported(_:)`` for direct
    ///   mode, native without the format's extension, decode-once mips without `GL_OES_fbo_render_mipmap` or a face
    ///   above `GL_MAX_CUBE_MAP_TEXTURE_SIZE`; ``GLError`` when GL fails (nothing is left allocated).
    public func upload(_ cubeMap: PVRTCCubeMap, mode: PVRTCUploadMode) throws -> GPUTexture {
        let shape = cubeMap.shape
        activate()
        guard shape.width <= maxCubeMapTextureSize else {
            throw GLError.unsupported(
                "cube faces of \(shape.width)x\(shape.height) exceed GL_MAX_CUBE_MAP_TEXTURE_SIZE \(maxCubeMapTextureSize) of \(renderer)"
            )
        }
        switch mode {
        case .native: return try uploadNativeCube(cubeMap)
        case .decodeOnce: return try uploadDecodeOnceCube(cubeMap)
        case .transcode: return try uploadTranscodeCube(cubeMap)
        case .direct:
            throw GLError.unsupported("direct mode draws 2D data textures; upload cube maps native or decode-once")
        }
    }

    /// Reads face `face` (0–5), mip level `level` of a cube map made by ``upload(_:mode:)-(PVRTCCubeMap,_)``
    /// in decode-once or transcode mode or by ``uploadCubeMap(_:levels:)`` (uncompressed), as RGBA8, row 0 =
    /// texture row t = 0 (the face's first stored row). A transcoded face is what the GPU's block decoder
    /// makes of its blocks (drawn 1:1 from a copy, sRGB values unconverted).
    /// - Throws: ``GLError/unsupported(_:)`` for a texture that is not such a cube map or a face or
    ///   level out of range; ``GLError/framebufferIncomplete(status:)`` for a format GL cannot render
    ///   to (luminance, alpha); ``GLError`` when GL fails.
    public func readBack(_ texture: GPUTexture, face: Int, level: Int) throws -> RGBAImage {
        activate()
        if texture.faceCount == 6, texture.mode == .transcode {
            return try readBackTranscoded(texture, face: face, level: level)
        }
        guard texture.faceCount == 6, texture.mode == .decodeOnce || texture.mode == nil,
            case .texture(let name) = texture.storage
        else {
            throw GLError.unsupported(
                "read-back of cube faces needs a decode-once, transcoded or uncompressed cube map")
        }
        guard (0..<6).contains(face), (0..<texture.levelCount).contains(level) else {
            throw GLError.unsupported(
                "face \(face), level \(level) is outside the cube map's 6 faces and \(texture.levelCount) levels")
        }
        let width = max(texture.width >> level, 1)
        let height = max(texture.height >> level, 1)
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        defer {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            glDeleteFramebuffers(1, &framebuffer)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), Self.cubeFaceTarget(face), name, GLint(level))
        try checkFramebuffer()
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { bytes in
            glReadPixels(
                0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        try check("glReadPixels (cube face)")
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// `GL_TEXTURE_CUBE_MAP_POSITIVE_X + face`.
    static func cubeFaceTarget(_ face: Int) -> GLenum {
        GLenum(GL_TEXTURE_CUBE_MAP_POSITIVE_X) + GLenum(face)
    }

    /// Creates and binds a cube map texture with the given filters and clamped edges.
    func makeCubeTexture(minFilter: GLenum) -> GLuint {
        var name: GLuint = 0
        glGenTextures(1, &name)
        let target = GLenum(GL_TEXTURE_CUBE_MAP)
        glBindTexture(target, name)
        glTexParameteri(target, GLenum(GL_TEXTURE_MIN_FILTER), GLint(minFilter))
        glTexParameteri(target, GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(target, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(target, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        return name
    }

    private func deleteTexture(_ name: GLuint) {
        var doomed = name
        glDeleteTextures(1, &doomed)
    }

    private func uploadNativeCube(_ cubeMap: PVRTCCubeMap) throws -> GPUTexture {
        let shape = cubeMap.shape
        try checkNativeSupport(shape.format)
        let mipmapped = shape.levels.count == PVRTCTexture.fullChainLength(width: shape.width, height: shape.height)
        let name = makeCubeTexture(minFilter: GLenum(mipmapped ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR))
        let format = GLenum(PixelFormatTable.codes(for: shape).glUploadInternalFormat)
        for (faceIndex, face) in cubeMap.faces.enumerated() {
            for (index, level) in face.levels.enumerated() {
                level.data.withUnsafeBytes { data in
                    glCompressedTexImage2D(
                        Self.cubeFaceTarget(faceIndex), GLint(index), format, GLsizei(level.width),
                        GLsizei(level.height), 0, GLsizei(data.count), data.baseAddress)
                }
            }
        }
        do {
            try check("glCompressedTexImage2D (cube map)")
        } catch {
            deleteTexture(name)
            throw error
        }
        return GPUTexture(
            width: shape.width, height: shape.height, levelCount: shape.levels.count, mode: .native,
            storage: .texture(name), gpuBytes: 6 * PVRTCUploadMode.native.gpuBytes(for: shape, transcodingInto: nil),
            faceCount: 6)
    }

    private func uploadDecodeOnceCube(_ cubeMap: PVRTCCubeMap) throws -> GPUTexture {
        let shape = cubeMap.shape
        let levelCount = shape.levels.count
        if levelCount > 1, !supportsRenderToMipLevel {
            throw GLError.unsupported(
                "decode-once with mip levels needs GL_OES_fbo_render_mipmap, which \(renderer) lacks")
        }
        let fullChain = PVRTCTexture.fullChainLength(width: shape.width, height: shape.height)
        let name = makeCubeTexture(minFilter: GLenum(levelCount > 1 ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR))
        let allocated = levelCount > 1 ? fullChain : 1
        do {
            for face in 0..<6 {
                var size = shape.width
                for index in 0..<allocated {
                    glTexImage2D(
                        Self.cubeFaceTarget(face), GLint(index), GL_RGBA, GLsizei(size), GLsizei(size), 0,
                        GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
                    size = max(size / 2, 1)
                }
            }
            try check("glTexImage2D (cube map)")
            var framebuffer: GLuint = 0
            glGenFramebuffers(1, &framebuffer)
            defer {
                glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
                glDeleteFramebuffers(1, &framebuffer)
            }
            for index in 0..<levelCount {
                for (faceIndex, face) in cubeMap.faces.enumerated() {
                    try decode(
                        face.levels[index], into: name, image: Self.cubeFaceTarget(faceIndex), mipLevel: index,
                        framebuffer: framebuffer)
                }
                if index == 0, levelCount > 1, levelCount < fullChain {
                    glBindTexture(GLenum(GL_TEXTURE_CUBE_MAP), name)
                    glGenerateMipmap(GLenum(GL_TEXTURE_CUBE_MAP))
                    try check("glGenerateMipmap (cube map)")
                }
            }
        } catch {
            deleteTexture(name)
            throw error
        }
        return GPUTexture(
            width: shape.width, height: shape.height, levelCount: levelCount, mode: .decodeOnce,
            storage: .texture(name),
            gpuBytes: 6 * PVRTCUploadMode.decodeOnce.gpuBytes(for: shape, transcodingInto: nil), faceCount: 6)
    }
}
