import CGLES2
import Imaging
import PVRTC

extension GLContext {
    /// Draws `texture` into the game's framebuffer on a quad covering `rect`, blended by `blend`.
    ///
    /// The picture appears upright in `rect`: with the default `TextureOrientation.topDown` texture
    /// row 0 (the first row of the file) is at the top; pass the file's orientation (a loaded
    /// texture's `metadata.orientation`) and a texture stored bottom row first (`yUp`) or right
    /// column first (`xLeft`) is flipped back. The rectangle may extend past the framebuffer's edges
    /// (zoomed or panned views); what lies outside is clipped.
    ///
    /// GL state this changes in the context (a game drawing its own things afterwards sets what it
    /// needs): the bound framebuffer (left bound to `framebuffer`), the viewport (the whole
    /// framebuffer), the program, the active texture unit (left at 0) and the 2D textures bound on
    /// units 0 and 1, `GL_ARRAY_BUFFER`, vertex attribute array 0, and the blend enable, equation and
    /// functions. Drawing a cube face or a chosen level of a mipmapped texture also binds pvrc's copy
    /// texture on unit 0 while copying. The scissor and stencil tests and colour mask are the game's
    /// and apply to the draw.
    /// - Parameters:
    ///   - texture: a texture of this context or of a context sharing with it (uploaded and finished).
    ///   - framebuffer: the destination, e.g. ``GLFramebuffer/defaultFramebuffer(width:height:)``.
    ///   - rect: the destination rectangle in framebuffer pixels, top-left origin; the whole
    ///     framebuffer when nil.
    ///   - blend: how the texture combines with the framebuffer; ``BlendMode/replace`` writes it as it is.
    ///   - face: the cube face drawn (0–5: +X, −X, +Y, −Y, +Z, −Z, rows as stored, as
    ///     ``readBack(_:face:level:)`` reads them); 0 for a 2D texture.
    ///   - level: the mip level drawn, exactly that one whatever the rectangle's size (magnified and
    ///     minified with `LINEAR` filtering; point-sampled for ``PVRTCUploadMode/direct``). When nil, a
    ///     2D texture chooses its level by the usual mipmap rules (direct mode draws level 0) and a cube
    ///     face shows level 0. A chosen level of a mipmapped texture, and any face of a cube map, is
    ///     first copied into a one-level 2D texture of this context (decode-once and colour-renderable
    ///     uncompressed textures; see the errors).
    ///   - orientation: how the texture's rows and columns are stored; the picture is drawn upright.
    /// - Throws: ``GLError/noSuchImage(face:level:faceCount:levelCount:)`` for a face or level the
    ///   texture lacks; ``GLError/unsupported(_:)`` for an empty framebuffer or for a face or chosen
    ///   level of a native PVRTC texture (compressed levels cannot be copied in OpenGL ES 2.0);
    ///   ``GLError/framebufferIncomplete(status:)`` for a face or chosen level in a format GL cannot
    ///   render to (luminance, alpha); ``GLError`` when GL reports an error.
    public func draw(
        _ texture: GPUTexture, to framebuffer: GLFramebuffer, at rect: PixelRect? = nil,
        blend: BlendMode = .replace, face: Int = 0, level: Int? = nil, orientation: TextureOrientation = .topDown
    ) throws {
        activate()
        guard framebuffer.width > 0, framebuffer.height > 0 else {
            throw GLError.unsupported("framebuffer \(framebuffer.width)x\(framebuffer.height) is empty")
        }
        bindFramebuffer(framebuffer.name, width: framebuffer.width, height: framebuffer.height)
        try drawTexture(
            texture, framebuffer: framebuffer.name, width: framebuffer.width, height: framebuffer.height, at: rect,
            face: face, level: level, blend: blend, orientation: orientation)
    }

    /// Clears all of `framebuffer` to `color` (binds it and sets the viewport to all of it; the
    /// game's scissor test and colour mask apply).
    public func clear(_ framebuffer: GLFramebuffer, to color: ClearColor) {
        activate()
        bindFramebuffer(framebuffer.name, width: framebuffer.width, height: framebuffer.height)
        glClearColor(color.red, color.green, color.blue, color.alpha)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// Reads `rect` of the game's framebuffer (the whole framebuffer when nil) as an image whose row 0
    /// is the top row, e.g. for a screenshot before the buffers are swapped. Binds `framebuffer`.
    /// - Throws: ``GLError/unsupported(_:)`` for a rectangle outside the framebuffer; ``GLError``
    ///   when `glReadPixels` fails.
    public func readPixels(_ framebuffer: GLFramebuffer, rect: PixelRect? = nil) throws -> RGBAImage {
        activate()
        let area = rect ?? PixelRect(x: 0, y: 0, width: framebuffer.width, height: framebuffer.height)
        guard area.width > 0, area.height > 0, area.x >= 0, area.y >= 0,
            area.x + area.width <= framebuffer.width, area.y + area.height <= framebuffer.height
        else {
            throw GLError.unsupported(
                "read-back rectangle \(area.width)x\(area.height) at (\(area.x), \(area.y)) outside the "
                    + "\(framebuffer.width)x\(framebuffer.height) framebuffer")
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer.name)
        return try readRows(area, framebufferHeight: framebuffer.height)
    }
}
