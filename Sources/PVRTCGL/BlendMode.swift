import CGLES2

/// How a drawn texture combines with what the framebuffer already holds.
public enum BlendMode: Sendable, Hashable, CaseIterable {
    /// No blending: the framebuffer receives the texture's RGBA as it is.
    case replace
    /// Straight (non-premultiplied) alpha, "over": colour `src * a + dst * (1 - a)`, alpha
    /// `a + dst_a * (1 - a)` (`glBlendFuncSeparate(SRC_ALPHA, ONE_MINUS_SRC_ALPHA, ONE, ONE_MINUS_SRC_ALPHA)`).
    case straightAlpha
    /// Premultiplied alpha, "over": every channel `src + dst * (1 - a)`
    /// (`glBlendFunc(ONE, ONE_MINUS_SRC_ALPHA)`); for textures whose file says they are premultiplied.
    case premultipliedAlpha

    /// Sets the blend state of the current context for this mode.
    func apply() {
        switch self {
        case .replace:
            glDisable(GLenum(GL_BLEND))
        case .straightAlpha:
            glEnable(GLenum(GL_BLEND))
            glBlendEquation(GLenum(GL_FUNC_ADD))
            glBlendFuncSeparate(
                GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        case .premultipliedAlpha:
            glEnable(GLenum(GL_BLEND))
            glBlendEquation(GLenum(GL_FUNC_ADD))
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        }
    }
}
