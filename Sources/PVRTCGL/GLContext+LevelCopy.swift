import CGLES2

extension GLContext {
    /// Copies face `face`, mip level `level` of `texture` (GL texture `name`: a cube map or a 2D
    /// texture) into the context's one-level 2D texture (`levelCopy`, LINEAR, clamped) and returns
    /// that texture's name, so that a flat quad can draw exactly that image.
    ///
    /// OpenGL ES 2.0 can neither sample a chosen mip level in a fragment shader nor draw a cube face
    /// flat, but a face or level of a colour-renderable texture can be attached to a framebuffer and
    /// copied with `glCopyTexImage2D`: a byte copy for RGBA8 (decode-once textures, RGBA8888 files),
    /// with alpha 1 kept for formats without alpha (RGB copies). Framebuffer `framebuffer` (the one the
    /// caller draws into) is bound again afterwards.
    /// - Throws: ``GLError/unsupported(_:)`` for a native PVRTC texture (compressed textures cannot be
    ///   framebuffer attachments); ``GLError/framebufferIncomplete(status:)`` for a format GL cannot
    ///   render to (luminance, alpha); ``GLError`` when GL fails.
    func copyForDrawing(
        _ texture: GPUTexture, name: GLuint, face: Int, level: Int, restoring framebuffer: GLuint
    ) throws -> GLuint {
        guard texture.mode != .native else {
            throw GLError.unsupported(
                "face \(face), level \(level) of a native PVRTC texture cannot be drawn flat: OpenGL ES 2.0 "
                    + "cannot copy compressed levels; draw its level 0 of a 2D texture, or upload decode-once")
        }
        defer { glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer) }
        if levelCopy.framebuffer == 0 { glGenFramebuffers(1, &levelCopy.framebuffer) }
        if levelCopy.texture == 0 {
            levelCopy.texture = makeTexture(filter: GLenum(GL_LINEAR), minFilter: GLenum(GL_LINEAR))
        }
        let attachment = texture.faceCount == 6 ? Self.cubeFaceTarget(face) : GLenum(GL_TEXTURE_2D)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), levelCopy.framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), attachment, name, GLint(level))
        // Detached again so that the framebuffer never keeps the caller's texture alive.
        defer {
            glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), attachment, 0, 0)
        }
        try checkFramebuffer()
        var alphaBits: GLint = 0
        glGetIntegerv(GLenum(GL_ALPHA_BITS), &alphaBits)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), levelCopy.texture)
        glCopyTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GLenum(alphaBits > 0 ? GL_RGBA : GL_RGB), 0, 0,
            GLsizei(max(texture.width >> level, 1)), GLsizei(max(texture.height >> level, 1)), 0)
        try check("glCopyTexImage2D (face \(face), level \(level))")
        return levelCopy.texture
    }
}
