import CGLES2

/// The OpenGL ES 3.0 enums pvrc uses, which the ES 2.0 headers of `CGLES2` lack (values from the Khronos
/// `GLES3/gl3.h`). Only ES 2.0 entry points are called with them, on ES 3 contexts.
enum GLES3 {
    /// `GL_PIXEL_PACK_BUFFER`: where `glReadPixels` writes when a buffer is bound to it.
    static let pixelPackBuffer = GLenum(0x88EB)
    /// `GL_PIXEL_UNPACK_BUFFER`: where texture uploads read when a buffer is bound to it.
    static let pixelUnpackBuffer = GLenum(0x88EC)
    /// `GL_STREAM_COPY`: a buffer the GPU writes once and reads once.
    static let streamCopy = GLenum(0x88E2)
    /// `GL_TEXTURE_BASE_LEVEL`: the first mip level a texture samples.
    static let textureBaseLevel = GLenum(0x813C)
    /// `GL_TEXTURE_MAX_LEVEL`: the last mip level a texture samples.
    static let textureMaxLevel = GLenum(0x813D)
    /// `GL_TEXTURE_SRGB_DECODE_EXT` (`GL_EXT_texture_sRGB_decode`): whether sampling an sRGB texture converts.
    static let textureSRGBDecode = GLenum(0x8A48)
    /// `GL_DECODE_EXT`: sampling converts sRGB to linear (the default).
    static let decode = GLint(0x8A49)
    /// `GL_SKIP_DECODE_EXT`: sampling returns the stored sRGB values.
    static let skipDecode = GLint(0x8A4A)
}
