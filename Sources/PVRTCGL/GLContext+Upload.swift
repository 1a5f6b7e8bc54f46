import CGLES2
import Imaging
import PVRTC
import TextureFormats

extension GLContext {
    /// Uploads an RGBA8 image with `glTexImage2D` (one level, LINEAR filtering, clamped edges).
    /// Row 0 of the image is texture row t = 0, which ``draw(_:into:at:level:clearColor:)`` shows at the top.
    public func upload(_ image: RGBAImage) throws -> GPUTexture {
        activate()
        try checkSize(image.width, image.height)
        let name = makeTexture(filter: GLenum(GL_LINEAR), minFilter: GLenum(GL_LINEAR))
        image.pixels.withUnsafeBytes { bytes in
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(image.width), GLsizei(image.height), 0,
                GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        try checkUpload("glTexImage2D", deleting: [name])
        return GPUTexture(
            width: image.width, height: image.height, levelCount: 1, mode: nil,
            storage: .texture(name), gpuBytes: image.width * image.height * 4)
    }

    /// Uploads a PVRTC texture without decoding it on the CPU. ``PVRTCUploadMode/transcode`` on a context
    /// that cannot transcode it uploads decode-once (``effectiveMode(_:for:)``; the result's ``GPUTexture/mode``
    /// says which).
    /// - Throws: ``GLError/unsupported(_:)`` for ``PVRTCUploadMode/native`` without the format's extension
    ///   (``supportsNativePVRTC`` for PVRTC1, ``supportsNativePVRTC2`` for PVRTC2) or for sizes above
    ///   `GL_MAX_TEXTURE_SIZE`; ``GLError`` when GL fails.
    public func upload(_ texture: PVRTCTexture, mode: PVRTCUploadMode) throws -> GPUTexture {
        activate()
        try checkSize(texture.width, texture.height)
        switch mode {
        case .native: return try uploadNative(texture)
        case .direct: return try uploadDirect(texture)
        case .decodeOnce: return try uploadDecodeOnce(texture)
        case .transcode: return try uploadTranscode(texture)
        }
    }

    /// Deletes the GL objects of `texture`.
    public func delete(_ texture: GPUTexture) {
        activate()
        switch texture.storage {
        case .texture(var name):
            glDeleteTextures(1, &name)
        case .dataTextures(let levels):
            var names = levels.flatMap { [$0.colorWords, $0.modulationWords] }
            glDeleteTextures(GLsizei(names.count), &names)
        }
    }

    // MARK: - Native

    /// One `glCompressedTexImage2D` per level with the internal format of ``PixelFormatTable``
    /// (`GL_COMPRESSED_RGB[A]_PVRTC_{4,2}BPPV1_IMG` for PVRTC1, `GL_COMPRESSED_RGBA_PVRTC_{4,2}BPPV2_IMG` for
    /// PVRTC2); the blocks go up as they are stored (Morton order for PVRTC1, row order for PVRTC2).
    /// Untested: Mesa exposes neither `GL_IMG_texture_compression_pvrtc` nor
    /// `GL_IMG_texture_compression_pvrtc2`, so no test here has run a native upload of either generation.
    private func uploadNative(_ texture: PVRTCTexture) throws -> GPUTexture {
        try checkNativeSupport(texture.format)
        let mipmapped =
            texture.levels.count == PVRTCTexture.fullChainLength(width: texture.width, height: texture.height)
        let name = makeTexture(
            filter: GLenum(GL_LINEAR),
            minFilter: GLenum(mipmapped ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR))
        let format = GLenum(PixelFormatTable.codes(for: texture).glUploadInternalFormat)
        for (index, level) in texture.levels.enumerated() {
            level.data.withUnsafeBytes { data in
                glCompressedTexImage2D(
                    GLenum(GL_TEXTURE_2D), GLint(index), format, GLsizei(level.width),
                    GLsizei(level.height), 0, GLsizei(data.count), data.baseAddress)
            }
        }
        try checkUpload("glCompressedTexImage2D", deleting: [name])
        return GPUTexture(
            width: texture.width, height: texture.height, levelCount: texture.levels.count,
            mode: .native, storage: .texture(name),
            gpuBytes: PVRTCUploadMode.native.gpuBytes(for: texture, transcodingInto: nil))
    }

    // MARK: - Shader path

    /// Data textures for every level, kept for per-fragment decoding.
    private func uploadDirect(_ texture: PVRTCTexture) throws -> GPUTexture {
        var levels: [GPUTexture.DataLevel] = []
        do {
            for level in texture.levels {
                levels.append(try uploadDataTextures(level))
            }
        } catch {
            var names = levels.flatMap { [$0.colorWords, $0.modulationWords] }
            glDeleteTextures(GLsizei(names.count), &names)
            throw error
        }
        return GPUTexture(
            width: texture.width, height: texture.height, levelCount: texture.levels.count,
            mode: .direct, storage: .dataTextures(levels),
            gpuBytes: PVRTCUploadMode.direct.gpuBytes(for: texture, transcodingInto: nil))
    }

    /// Decodes every level on the GPU into the matching mip level of one RGBA8 texture.
    ///
    /// A full chain is sampled with `LINEAR_MIPMAP_LINEAR`. A single level gets `LINEAR` and no
    /// mip levels. A chain that stops early is completed by `glGenerateMipmap` from level 0 before
    /// the file's own smaller levels are decoded over it, so the file's levels are always used.
    private func uploadDecodeOnce(_ texture: PVRTCTexture) throws -> GPUTexture {
        let levelCount = texture.levels.count
        if levelCount > 1, !supportsRenderToMipLevel {
            throw GLError.unsupported(
                "decode-once with mip levels needs GL_OES_fbo_render_mipmap, which \(renderer) lacks")
        }
        let fullChain = PVRTCTexture.fullChainLength(width: texture.width, height: texture.height)
        let name = makeTexture(
            filter: GLenum(GL_LINEAR),
            minFilter: GLenum(levelCount > 1 ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR))
        let allocated = levelCount > 1 ? fullChain : 1
        var w = texture.width
        var h = texture.height
        for index in 0..<allocated {
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), GLint(index), GL_RGBA, GLsizei(w), GLsizei(h), 0,
                GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
            w = max(w / 2, 1)
            h = max(h / 2, 1)
        }
        do {
            try checkUpload("glTexImage2D", deleting: [])
            var framebuffer: GLuint = 0
            glGenFramebuffers(1, &framebuffer)
            defer { glDeleteFramebuffers(1, &framebuffer) }
            for (index, level) in texture.levels.enumerated() {
                try decode(level, into: name, mipLevel: index, framebuffer: framebuffer)
                if index == 0, levelCount > 1, levelCount < fullChain {
                    glBindTexture(GLenum(GL_TEXTURE_2D), name)
                    glGenerateMipmap(GLenum(GL_TEXTURE_2D))
                    try check("glGenerateMipmap")
                }
            }
        } catch {
            var doomed = name
            glDeleteTextures(1, &doomed)
            throw error
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        return GPUTexture(
            width: texture.width, height: texture.height, levelCount: levelCount,
            mode: .decodeOnce, storage: .texture(name),
            gpuBytes: PVRTCUploadMode.decodeOnce.gpuBytes(for: texture, transcodingInto: nil))
    }

    /// Renders `level` 1:1 through `pvrtc.frag` into mip level `mipLevel` of `target`'s image `image`
    /// (`GL_TEXTURE_2D`, or a cube face of a cube map): four rows per fragment when the context supports
    /// it and the level is at least 8 pixels tall (rows of the padded grid below the level are dropped),
    /// otherwise one pixel per fragment.
    func decode(
        _ level: PVRTCImage, into target: GLuint, image: GLenum = GLenum(GL_TEXTURE_2D), mipLevel: Int,
        framebuffer: GLuint
    ) throws {
        let data = try uploadDataTextures(level)
        defer {
            var names = [data.colorWords, data.modulationWords]
            glDeleteTextures(2, &names)
        }
        if supportsTileRowDecoding, level.height >= 8 {
            try decodeTileRows(data, into: target, image: image, mipLevel: mipLevel)
            return
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), image, target, GLint(mipLevel))
        try checkFramebuffer()
        glViewport(0, 0, GLsizei(level.width), GLsizei(level.height))
        // Corner (0,0) at the bottom of the framebuffer: window row j is texture row j = image row j.
        try drawDecoding(data, position: (-1, -1, 1, 1))
    }

    /// Uploads one level's colour-word and modulation-word textures (NEAREST, clamped).
    func uploadDataTextures(_ level: PVRTCImage) throws -> GPUTexture.DataLevel {
        let layout = PVRTCDataTextures(level)
        let color = makeTexture(filter: GLenum(GL_NEAREST), minFilter: GLenum(GL_NEAREST))
        layout.colorWords.withUnsafeBytes { bytes in
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(layout.blocksWide), GLsizei(layout.blocksHigh),
                0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        let modulation = makeTexture(filter: GLenum(GL_NEAREST), minFilter: GLenum(GL_NEAREST))
        layout.modulationWords.withUnsafeBytes { bytes in
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(layout.blocksWide), GLsizei(layout.blocksHigh),
                0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        try checkUpload("glTexImage2D (data texture)", deleting: [color, modulation])
        return GPUTexture.DataLevel(
            colorWords: color, modulationWords: modulation, width: level.width,
            height: level.height, format: level.format, blocksWide: layout.blocksWide,
            blocksHigh: layout.blocksHigh)
    }

    // MARK: - Helpers

    /// Creates and binds a 2D texture with the given filters and clamped edges.
    func makeTexture(filter: GLenum, minFilter: GLenum) -> GLuint {
        var name: GLuint = 0
        glGenTextures(1, &name)
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GLint(minFilter))
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GLint(filter))
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        return name
    }

    func checkSize(_ width: Int, _ height: Int) throws {
        guard width <= maxTextureSize, height <= maxTextureSize else {
            throw GLError.unsupported("\(width)x\(height) exceeds GL_MAX_TEXTURE_SIZE \(maxTextureSize) of \(renderer)")
        }
    }

    private func checkUpload(_ call: String, deleting names: [GLuint]) throws {
        do {
            try check(call)
        } catch {
            var doomed = names
            glDeleteTextures(GLsizei(doomed.count), &doomed)
            throw error
        }
    }

    func checkFramebuffer() throws {
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GLError.framebufferIncomplete(status: UInt32(status))
        }
    }
}
