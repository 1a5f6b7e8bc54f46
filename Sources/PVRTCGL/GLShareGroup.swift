/// What a context on another thread needs to share textures with a ``GLContext``: its EGL display
/// and context. Get it from the game's context with ``GLContext/shareGroup()`` on the game's thread,
/// pass it to the loader's thread, and create the loader's context there with
/// ``GLContext/init(sharingWith:)``.
public struct GLShareGroup: Sendable, Hashable {
    /// The display and context textures are shared with (their surfaces are not used).
    public let handles: EGLHandles
}
