/// Which context a game hands to ``GLContext/init(adopting:)``.
public enum AdoptedContext: Sendable, Hashable {
    /// Whatever OpenGL ES 2.0 (or later) context is current on the calling thread, however it was made
    /// (SDL, GLFW, a platform layer). When it is an EGL context pvrc records its handles, so it can
    /// make it current again after using another context on the thread and can create contexts
    /// shared with it; otherwise (e.g. GLX) pvrc never changes which context is current.
    case current
    /// A context described by its EGL handles; pvrc makes it current on the calling thread when it
    /// is not.
    case egl(EGLHandles)
}
