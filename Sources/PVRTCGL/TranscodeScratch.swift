import CGLES2

/// The GL objects one transcode upload reuses for every level and face: an unsigned-integer render target
/// of the largest level's blocks (``TranscodeTarget``'s render format), its framebuffer, and a buffer that
/// holds the largest level's blocks, filled as the pixel-pack buffer and read as the pixel-unpack buffer.
struct TranscodeScratch {
    /// The format the render target holds blocks of.
    let target: TranscodeTarget
    /// The encoder's effort.
    let effort: TranscodeEffort
    /// The render target's texture (blocks wide x blocks high of level 0).
    let renderTexture: GLuint
    /// The framebuffer with ``renderTexture`` attached.
    let framebuffer: GLuint
    /// The pack/unpack buffer (level 0's block bytes).
    let pixelBuffer: GLuint
    /// The RGBA8 texture each level is decoded into before its blocks are encoded (level 0's size).
    let decodedTexture: GLuint
    /// The framebuffer the one-pixel-per-fragment decode draws into ``decodedTexture`` with.
    let decodeFramebuffer: GLuint

    /// Makes the objects for levels up to `width` x `height` pixels, encoded with `effort`.
    /// - Throws: ``GLError`` when GL refuses them (nothing is left allocated) or the integer framebuffer is
    ///   incomplete.
    init(context: GLContext, target: TranscodeTarget, effort: TranscodeEffort, width: Int, height: Int) throws {
        self.target = target
        self.effort = effort
        renderTexture = context.makeTexture(filter: GLenum(GL_NEAREST), minFilter: GLenum(GL_NEAREST))
        let blocks = target.blockCounts(width: width, height: height)
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GLint(target.renderFormat), GLsizei(blocks.wide), GLsizei(blocks.high), 0,
            GLenum(target.readFormat), GLenum(GL_UNSIGNED_INT), nil)
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        self.framebuffer = framebuffer
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), renderTexture, 0)
        decodedTexture = context.makeTexture(filter: GLenum(GL_NEAREST), minFilter: GLenum(GL_NEAREST))
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
            GLenum(GL_UNSIGNED_BYTE), nil)
        var decodeFramebuffer: GLuint = 0
        glGenFramebuffers(1, &decodeFramebuffer)
        self.decodeFramebuffer = decodeFramebuffer
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        pixelBuffer = buffer
        glBindBuffer(GLES3.pixelPackBuffer, buffer)
        glBufferData(GLES3.pixelPackBuffer, target.byteCount(width: width, height: height), nil, GLES3.streamCopy)
        glBindBuffer(GLES3.pixelPackBuffer, 0)
        do {
            try context.check("transcode scratch objects")
            try context.checkFramebuffer()
        } catch {
            delete()
            throw error
        }
    }

    /// Deletes the objects and unbinds the framebuffer.
    func delete() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        var framebuffer = framebuffer
        glDeleteFramebuffers(1, &framebuffer)
        var texture = renderTexture
        glDeleteTextures(1, &texture)
        var buffer = pixelBuffer
        glDeleteBuffers(1, &buffer)
        var decodeFramebuffer = decodeFramebuffer
        glDeleteFramebuffers(1, &decodeFramebuffer)
        var decoded = decodedTexture
        glDeleteTextures(1, &decoded)
    }
}
