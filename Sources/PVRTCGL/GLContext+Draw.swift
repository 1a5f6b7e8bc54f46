import CGLES2
import Imaging
import PVRTC

extension GLContext {
    /// Creates an offscreen RGBA8 framebuffer of `width` x `height` pixels.
    public func makeRenderTarget(width: Int, height: Int) throws -> RenderTarget {
        activate()
        guard width > 0, height > 0, width <= maxTextureSize, height <= maxTextureSize else {
            throw GLError.unsupported("render target \(width)x\(height) outside 1...\(maxTextureSize)")
        }
        let color = makeTexture(filter: GLenum(GL_NEAREST), minFilter: GLenum(GL_NEAREST))
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0,
            GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), color, 0)
        let target = RenderTarget(framebuffer: framebuffer, colorTexture: color, width: width, height: height)
        do {
            try check("render target")
            try checkFramebuffer()
        } catch {
            delete(target)
            throw error
        }
        return target
    }

    /// Deletes a render target's framebuffer and colour texture.
    public func delete(_ target: RenderTarget) {
        activate()
        var framebuffer = target.framebuffer
        var color = target.colorTexture
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteTextures(1, &color)
    }

    /// Draws `texture` on a two-triangle quad covering `rect` of `target` (the whole target when nil).
    ///
    /// Texture row 0 (the first row of the PNG or PVR file) appears at the top of `rect`, so
    /// ``readPixels(_:)`` returns it in the same orientation as the source. Blending is off: the
    /// target receives the texture's RGBA values as they are.
    /// - Parameters:
    ///   - texture: an upload of this context.
    ///   - target: a render target of this context.
    ///   - rect: the destination rectangle in target pixels, top-left origin; the whole target when nil.
    ///   - level: for ``PVRTCUploadMode/direct``, the level decoded (point-sampled); other textures
    ///     choose their level by the usual mipmap rules and ignore it.
    ///   - clearColor: when given, the whole target is cleared to it first.
    public func draw(
        _ texture: GPUTexture, into target: RenderTarget, at rect: PixelRect? = nil,
        level: Int = 0, clearColor: ClearColor? = nil
    ) throws {
        activate()
        bindFramebuffer(target.framebuffer, width: target.width, height: target.height)
        if let clearColor {
            glClearColor(clearColor.red, clearColor.green, clearColor.blue, clearColor.alpha)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        try drawTexture(
            texture, framebuffer: target.framebuffer, width: target.width, height: target.height, at: rect, face: 0,
            level: texture.mode == .direct ? level : nil, blend: .replace)
    }

    /// Binds framebuffer `name` of `width` x `height` pixels and sets the viewport to all of it.
    func bindFramebuffer(_ name: GLuint, width: Int, height: Int) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), name)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// Draws face `face`, mip level `level` of `texture` on a quad covering `rect` (top-left origin;
    /// everything when nil) of framebuffer `framebuffer` of `width` x `height` pixels, bound and with its
    /// viewport set to all of it by the caller (``bindFramebuffer(_:width:height:)``); `orientation` flips
    /// the quad's corners so that a texture stored bottom-up or right-to-left appears upright. A nil `level`
    /// lets a 2D texture choose by the mipmap rules (direct mode: level 0) and shows level 0 of a cube face;
    /// a cube face, or a chosen level of a texture with several, is drawn from a copy (`copyForDrawing`),
    /// except in a transcoded texture, whose level is chosen with `GL_TEXTURE_BASE_LEVEL` and
    /// `GL_TEXTURE_MAX_LEVEL` (`withTranscodedLevel`).
    func drawTexture(
        _ texture: GPUTexture, framebuffer: GLuint, width: Int, height: Int, at rect: PixelRect?, face: Int,
        level: Int?, blend: BlendMode, orientation: TextureOrientation = .topDown
    ) throws {
        guard (0..<texture.faceCount).contains(face), (0..<texture.levelCount).contains(level ?? 0) else {
            throw GLError.noSuchImage(
                face: face, level: level ?? 0, faceCount: texture.faceCount, levelCount: texture.levelCount)
        }
        let place = rect ?? PixelRect(x: 0, y: 0, width: width, height: height)
        let w = Float(width)
        let h = Float(height)
        // Corner (0,0) = texture (0,0) = top-left of the rectangle, or the right or bottom edge for a
        // texture stored right-to-left or bottom-up.
        let left = 2 * Float(place.x) / w - 1
        let right = 2 * Float(place.x + place.width) / w - 1
        let top = 1 - 2 * Float(place.y) / h
        let bottom = 1 - 2 * Float(place.y + place.height) / h
        let position = (
            orientation.xLeft ? right : left, orientation.yUp ? bottom : top,
            orientation.xLeft ? left : right, orientation.yUp ? top : bottom
        )
        switch texture.storage {
        case .texture(let name) where texture.mode == .transcode:
            let program = try programs.textureProgram()
            glUseProgram(program.shader.program)
            glActiveTexture(GLenum(GL_TEXTURE0))
            glUniform1i(program.texture, 0)
            try withTranscodedLevel(texture, name: name, face: face, level: level) {
                try drawQuad(program.quad, position: position, blend: blend)
            }
        case .texture(let name):
            let copied = texture.faceCount != 1 || (level != nil && texture.levelCount > 1)
            let sampled =
                copied
                ? try copyForDrawing(texture, name: name, face: face, level: level ?? 0, restoring: framebuffer) : name
            let program = try programs.textureProgram()
            glUseProgram(program.shader.program)
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), sampled)
            glUniform1i(program.texture, 0)
            try drawQuad(program.quad, position: position, blend: blend)
        case .dataTextures(let levels):
            try drawDecoding(levels[level ?? 0], position: position, blend: blend)
        }
        try check("draw")
    }

    /// Reads the whole target back as an image whose row 0 is the top row (GL's row 0 is the bottom).
    ///
    /// The read-back goes through a band of at most ``readBackBandBytes`` bytes, so the only
    /// allocation of the target's size is the image itself.
    public func readPixels(_ target: RenderTarget) throws -> RGBAImage {
        activate()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        return try readRows(
            PixelRect(x: 0, y: 0, width: target.width, height: target.height), framebufferHeight: target.height)
    }

    /// Reads `area` (top-left origin) of the bound framebuffer, `framebufferHeight` rows high, top row
    /// first, in bands of at most ``readBackBandBytes`` bytes.
    func readRows(_ area: PixelRect, framebufferHeight: Int) throws -> RGBAImage {
        let rowBytes = area.width * 4
        let bandRows = max(1, min(area.height, Self.readBackBandBytes / max(rowBytes, 1)))
        var band = [UInt8](repeating: 0, count: rowBytes * bandRows)
        var pixels = [UInt8](repeating: 0, count: rowBytes * area.height)
        // GL row 0 is the bottom: the area's bottom row is GL row `bottom`.
        let bottom = framebufferHeight - (area.y + area.height)
        var glRow = 0
        while glRow < area.height {
            let rows = min(bandRows, area.height - glRow)
            band.withUnsafeMutableBytes { bytes in
                glReadPixels(
                    GLint(area.x), GLint(bottom + glRow), GLsizei(area.width), GLsizei(rows), GLenum(GL_RGBA),
                    GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
            }
            try check("glReadPixels")
            band.withUnsafeBufferPointer { source in
                pixels.withUnsafeMutableBufferPointer { destination in
                    for row in 0..<rows {
                        let imageRow = area.height - 1 - (glRow + row)
                        let from = row * rowBytes
                        let to = imageRow * rowBytes
                        for i in 0..<rowBytes { destination[to + i] = source[from + i] }
                    }
                }
            }
            glRow += rows
        }
        return try RGBAImage(width: area.width, height: area.height, pixels: pixels)
    }

    /// The most bytes ``readPixels(_:)`` reads back in one `glReadPixels` call (4 MiB).
    public static let readBackBandBytes = 4 << 20

    /// Draws one level through `pvrtc.frag` with the current framebuffer and viewport; `program`
    /// defaults to the one-pixel-per-fragment form for the level's format.
    func drawDecoding(
        _ data: GPUTexture.DataLevel, position: (Float, Float, Float, Float),
        program chosen: PVRTCProgram? = nil, blend: BlendMode = .replace
    ) throws {
        let program = try chosen ?? programs.decodingProgram(for: data.format)
        glUseProgram(program.shader.program)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), data.colorWords)
        glActiveTexture(GLenum(GL_TEXTURE1))
        glBindTexture(GLenum(GL_TEXTURE_2D), data.modulationWords)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glUniform1i(program.colorWords, 0)
        glUniform1i(program.modulationWords, 1)
        glUniform2f(program.size, Float(data.width), Float(data.height))
        glUniform2f(program.blocks, Float(data.blocksWide), Float(data.blocksHigh))
        glUniform2f(program.inverseBlocks, 1 / Float(data.blocksWide), 1 / Float(data.blocksHigh))
        try drawQuad(program.quad, position: position, blend: blend)
    }

    /// Draws the unit quad with corner (0,0) at `position.0/1` and (1,1) at `position.2/3` (clip
    /// space); texture coordinates run from (0,0) to (1,1).
    func drawQuad(
        _ quad: QuadUniforms, position: (Float, Float, Float, Float), blend: BlendMode = .replace
    ) throws {
        if quadBuffer == 0 {
            glGenBuffers(1, &quadBuffer)
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), quadBuffer)
            let corners: [Float] = [0, 0, 1, 0, 0, 1, 1, 1]
            corners.withUnsafeBytes { bytes in
                glBufferData(GLenum(GL_ARRAY_BUFFER), bytes.count, bytes.baseAddress, GLenum(GL_STATIC_DRAW))
            }
        }
        try drawCorners(
            quadBuffer, count: 4, primitive: GLenum(GL_TRIANGLE_STRIP), quad,
            position: position, texCoord: (0, 0, 1, 1), blend: blend)
    }

    /// Draws `count` vertices of `a_corner` values from `buffer`; `quad.vert` maps each corner c to
    /// clip space `mix(position.xy, position.zw, c)` and texture space `mix(texCoord.xy, texCoord.zw, c)`,
    /// blended by `blend`.
    func drawCorners(
        _ buffer: GLuint, count: Int, primitive: GLenum, _ quad: QuadUniforms,
        position: (Float, Float, Float, Float), texCoord: (Float, Float, Float, Float),
        blend: BlendMode = .replace
    ) throws {
        blend.apply()
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glEnableVertexAttribArray(ShaderProgram.cornerAttribute)
        glVertexAttribPointer(ShaderProgram.cornerAttribute, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glUniform4f(quad.position, position.0, position.1, position.2, position.3)
        glUniform4f(quad.texCoord, texCoord.0, texCoord.1, texCoord.2, texCoord.3)
        glDrawArrays(primitive, 0, GLsizei(count))
        try check("glDrawArrays")
    }
}
