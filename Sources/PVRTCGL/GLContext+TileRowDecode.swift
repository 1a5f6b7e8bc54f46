import CGLES2
import PVRTC

extension GLContext {
    /// Decodes `data` (a PVRTC1 or PVRTC2 level, 4bpp or 2bpp, at least 8 pixels tall) into mip level `mipLevel` of
    /// `target`'s image `image` (`GL_TEXTURE_2D` or a cube face) with a quarter of the fragments of the
    /// one-pixel-per-fragment pass.
    ///
    /// 1. `pvrtc.frag` in its tile-rows form draws a width x blocks-high pass into four scratch
    ///    textures: texel (x, Y) of scratch j is pixel (x, 4Y+2+j) of the level (rows wrapped), because
    ///    those four pixels share their four block words (both rates have 4-pixel-tall blocks; at 2bpp
    ///    the neighbours that averaged pixels read lie in the same four blocks). Texture fetches per
    ///    pixel drop from 5 to 1.5 at 4bpp and from 8 to 2 at 2bpp; fetches are what limits software
    ///    rasterisers such as llvmpipe.
    /// 2. Each scratch row is copied to its place with `glCopyTexSubImage2D` (4 x blocks-high
    ///    one-row copies: moves of finished bytes, no arithmetic).
    func decodeTileRows(_ data: GPUTexture.DataLevel, into target: GLuint, image: GLenum, mipLevel: Int) throws {
        guard let drawBuffers else {
            throw GLError.unsupported("tile-row decoding needs GL_EXT_draw_buffers with 4 attachments")
        }
        let width = data.width
        let height = data.height
        let blocksHigh = data.blocksHigh
        var scratch = [GLuint](repeating: 0, count: 4)
        for j in 0..<4 {
            scratch[j] = makeTexture(filter: GLenum(GL_NEAREST), minFilter: GLenum(GL_NEAREST))
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(blocksHigh), 0,
                GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        }
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        defer {
            glDeleteFramebuffers(1, &framebuffer)
            glDeleteTextures(4, &scratch)
        }
        try check("tile-row scratch textures")

        // Pass 1: four rows per fragment.
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        let attachments = (0..<4).map { GLenum(GL_COLOR_ATTACHMENT0_EXT) + GLenum($0) }
        for j in 0..<4 {
            glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), attachments[j], GLenum(GL_TEXTURE_2D), scratch[j], 0)
        }
        drawBuffers(4, attachments)
        try checkFramebuffer()
        glViewport(0, 0, GLsizei(width), GLsizei(blocksHigh))
        try drawDecoding(data, position: (-1, -1, 1, 1), program: programs.tileRowsProgram(for: data.format))
        drawBuffers(1, attachments)
        for j in 1..<4 {
            glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), attachments[j], GLenum(GL_TEXTURE_2D), 0, 0)
        }

        // Pass 2: scratch j row Y is row (4Y + 2 + j) mod 4 * blocksHigh of the padded level, copied when it
        // is a row of the level (a PVRTC2 level whose height is not a multiple of 4 has padded rows).
        let isCubeFace = image != GLenum(GL_TEXTURE_2D)
        glBindTexture(GLenum(isCubeFace ? GL_TEXTURE_CUBE_MAP : GL_TEXTURE_2D), target)
        for j in 0..<4 {
            glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), attachments[0], GLenum(GL_TEXTURE_2D), scratch[j], 0)
            try checkFramebuffer()
            for row in 0..<blocksHigh {
                let levelRow = (4 * row + 2 + j) % (4 * blocksHigh)
                guard levelRow < height else { continue }
                glCopyTexSubImage2D(
                    image, GLint(mipLevel), 0, GLint(levelRow), 0, GLint(row), GLsizei(width), 1)
            }
        }
        try check("glCopyTexSubImage2D")
    }
}
