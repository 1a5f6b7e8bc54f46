import CGLES2
import Imaging

extension GLContext {
    /// Binds one mip level of one face of transcoded texture `texture` (GL name `name`) to `GL_TEXTURE_2D` of
    /// the active unit as a 2D texture and runs `body`, which samples only that level:
    /// - a 2D texture is bound itself, with `GL_TEXTURE_BASE_LEVEL` and `GL_TEXTURE_MAX_LEVEL` at `level` (a nil
    ///   level keeps the whole chain), restored afterwards;
    /// - a face of a cube map is copied into a one-level 2D texture of the same compressed format with
    ///   `glCopyImageSubData` (compressed levels cannot be framebuffer attachments, so `copyForDrawing` cannot
    ///   take them), which is deleted afterwards; a nil level copies level 0.
    /// - Throws: ``GLError/unsupported(_:)`` for a cube face on a context without `glCopyImageSubData`;
    ///   ``GLError`` when GL fails; whatever `body` throws.
    func withTranscodedLevel(
        _ texture: GPUTexture, name: GLuint, face: Int, level: Int?, _ body: () throws -> Void
    ) throws {
        let target = GLenum(GL_TEXTURE_2D)
        guard texture.faceCount == 1 else {
            let flat = try copyTranscodedFace(texture, name: name, face: face, level: level ?? 0)
            defer {
                var doomed = flat
                glDeleteTextures(1, &doomed)
            }
            glBindTexture(target, flat)
            try body()
            return
        }
        glBindTexture(target, name)
        guard let level, texture.levelCount > 1 else {
            try body()
            return
        }
        glTexParameteri(target, GLES3.textureBaseLevel, GLint(level))
        glTexParameteri(target, GLES3.textureMaxLevel, GLint(level))
        defer {
            glBindTexture(target, name)
            glTexParameteri(target, GLES3.textureBaseLevel, 0)
            glTexParameteri(target, GLES3.textureMaxLevel, GLint(texture.levelCount - 1))
        }
        try body()
    }

    /// A new one-level 2D texture (LINEAR, clamped) holding face `face`, mip level `level` of transcoded cube
    /// map `texture` (GL name `name`), copied block for block with `glCopyImageSubData`.
    private func copyTranscodedFace(_ texture: GPUTexture, name: GLuint, face: Int, level: Int) throws -> GLuint {
        guard let copyImageSubData, let format = texture.transcodedFormat, let target = texture.transcodeTarget else {
            throw GLError.unsupported(
                "face \(face) of a transcoded cube map cannot be drawn flat: copying compressed faces needs "
                    + "glCopyImageSubData (GL_OES_copy_image or GL_EXT_copy_image), which \(renderer) lacks")
        }
        let width = max(texture.width >> level, 1)
        let height = max(texture.height >> level, 1)
        let flat = makeTexture(filter: GLenum(GL_LINEAR), minFilter: GLenum(GL_LINEAR))
        let zeros = [UInt8](repeating: 0, count: target.byteCount(width: width, height: height))
        zeros.withUnsafeBytes { bytes in
            glCompressedTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, GLenum(format), GLsizei(width), GLsizei(height), 0, GLsizei(bytes.count),
                bytes.baseAddress)
        }
        copyImageSubData(
            name, GLenum(GL_TEXTURE_CUBE_MAP), GLint(level), 0, 0, GLint(face), flat, GLenum(GL_TEXTURE_2D), 0, 0, 0, 0,
            GLsizei(width), GLsizei(height), 1)
        do {
            try check("glCopyImageSubData (face \(face), level \(level) of a transcoded cube map)")
        } catch {
            var doomed = flat
            glDeleteTextures(1, &doomed)
            throw error
        }
        return flat
    }

    /// Reads face `face`, mip level `level` of transcoded texture `texture` (a 2D texture, face 0, or a cube
    /// map) back as RGBA8, row 0 = texture row t = 0: the level drawn 1:1 with `NEAREST` sampling into a
    /// render target of its size, with sRGB decoding skipped (`GL_EXT_texture_sRGB_decode`) where the texture
    /// is sRGB, so the result is what the GPU's block decoder made of the stored blocks.
    /// - Throws: ``GLError/unsupported(_:)`` for a texture that is not transcoded or a face or level it lacks;
    ///   ``GLError`` when GL fails.
    package func readBackTranscoded(_ texture: GPUTexture, face: Int = 0, level: Int) throws -> RGBAImage {
        activate()
        guard texture.mode == .transcode, case .texture(let name) = texture.storage,
            (0..<texture.faceCount).contains(face), (0..<texture.levelCount).contains(level)
        else {
            throw GLError.unsupported(
                "read-back of face \(face), level \(level) needs a transcoded texture with that face and level")
        }
        let target = try makeRenderTarget(
            width: max(texture.width >> level, 1), height: max(texture.height >> level, 1))
        defer { delete(target) }
        bindFramebuffer(target.framebuffer, width: target.width, height: target.height)
        let program = try programs.textureProgram()
        glUseProgram(program.shader.program)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glUniform1i(program.texture, 0)
        let texture2D = GLenum(GL_TEXTURE_2D)
        let skipsDecode = extensions.contains("GL_EXT_texture_sRGB_decode")
        try withTranscodedLevel(texture, name: name, face: face, level: level) {
            glTexParameteri(texture2D, GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            glTexParameteri(texture2D, GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            if skipsDecode { glTexParameteri(texture2D, GLES3.textureSRGBDecode, GLES3.skipDecode) }
            defer {
                glTexParameteri(
                    texture2D, GLenum(GL_TEXTURE_MIN_FILTER),
                    texture.levelCount > 1 && texture.faceCount == 1 ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR)
                glTexParameteri(texture2D, GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
                if skipsDecode { glTexParameteri(texture2D, GLES3.textureSRGBDecode, GLES3.decode) }
            }
            // Texture corner (0, 0) at the top left, where readPixels starts its rows.
            try drawQuad(program.quad, position: (-1, 1, 1, -1))
        }
        try check("draw (transcoded level)")
        return try readPixels(target)
    }
}
