import CEGL
import CGLES2

extension GLContext {
    /// Adopts the game's context: pvrc draws and uploads in it, on the calling thread, and never
    /// destroys it.
    ///
    /// With ``AdoptedContext/current`` nothing needs to be done through EGL by the caller: the context
    /// current on this thread is used as it is (an SDL, GLFW or platform-layer context). With
    /// ``AdoptedContext/egl(_:)`` the given context is made current on this thread first.
    ///
    /// Create and use the `GLContext` on the thread the context is current on, and release it there
    /// before the context is destroyed.
    /// - Throws: ``GLError/noCurrentContext`` when `.current` finds no context current;
    ///   ``GLError/eglFailed(call:error:)`` when the given handles cannot be made current.
    public convenience init(adopting source: AdoptedContext) throws {
        switch source {
        case .current:
            if let context = eglGetCurrentContext(), let display = eglGetCurrentDisplay() {
                let handles = EGLHandles(
                    display: display, context: context, drawSurface: eglGetCurrentSurface(EGL_DRAW),
                    readSurface: eglGetCurrentSurface(EGL_READ))
                self.init(binding: .adopted(handles), description: "adopted current EGL context")
            } else {
                guard glGetString(GLenum(GL_VERSION)) != nil else { throw GLError.noCurrentContext }
                self.init(binding: .currentWithoutEGL, description: "adopted current context (not EGL)")
            }
        case .egl(let handles):
            let binding = ContextBinding.adopted(handles)
            guard binding.makeCurrentIfNeeded() else {
                throw GLError.eglFailed(call: "eglMakeCurrent", error: EGLDisplayOpener.errorName(eglGetError()))
            }
            self.init(binding: binding, description: "adopted EGL context")
        }
    }
}
