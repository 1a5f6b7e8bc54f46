import CEGL

/// How a ``GLContext`` holds its GL context: made by pvrc, or adopted from the game.
enum ContextBinding {
    /// A context pvrc created (headless or shared): made current when needed, destroyed with the
    /// `GLContext`.
    case owned(EGLHandles)
    /// The game's EGL context: made current when needed, never destroyed by pvrc.
    case adopted(EGLHandles)
    /// The game's current context, not made through EGL (or not visible to it): pvrc assumes it is
    /// current whenever pvrc is called and never switches or destroys it.
    case currentWithoutEGL

    /// The EGL handles, when the context has them.
    var handles: EGLHandles? {
        switch self {
        case .owned(let handles), .adopted(let handles): return handles
        case .currentWithoutEGL: return nil
        }
    }

    /// Makes the context current on the calling thread when EGL says another one is; false when
    /// `eglMakeCurrent` fails.
    @discardableResult
    func makeCurrentIfNeeded() -> Bool {
        guard let handles, eglGetCurrentContext() != handles.context else { return true }
        return eglMakeCurrent(handles.display, handles.drawSurface, handles.readSurface, handles.context) == EGL_TRUE
    }
}
