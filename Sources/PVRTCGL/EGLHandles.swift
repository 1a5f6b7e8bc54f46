/// The EGL objects of a context: its display, the context itself and the surfaces it draws to and
/// reads from. A game passes its own to ``GLContext/init(adopting:)``; pvrc never destroys adopted
/// handles.
///
/// The values are EGL's opaque handles (`EGLDisplay`, `EGLContext`, `EGLSurface`, all `void *` in
/// C) as raw pointers, so a game can pass what its platform layer returns (e.g. `eglGetCurrentContext()`)
/// without importing pvrc's EGL module.
public struct EGLHandles: @unchecked Sendable, Hashable {
    // @unchecked Sendable: the fields are process-wide EGL handles, not memory this value owns; EGL
    // accepts them on any thread (a context is still current on one thread at a time).

    /// The `EGLDisplay` the context was created on.
    public var display: UnsafeMutableRawPointer
    /// The `EGLContext`.
    public var context: UnsafeMutableRawPointer
    /// The `EGLSurface` drawn to (`eglMakeCurrent`'s `draw`); nil for a surfaceless context.
    public var drawSurface: UnsafeMutableRawPointer?
    /// The `EGLSurface` read from (`eglMakeCurrent`'s `read`); nil for a surfaceless context.
    public var readSurface: UnsafeMutableRawPointer?

    /// Describes a context that draws to and reads from one surface (the usual case).
    /// - Parameters:
    ///   - display: the `EGLDisplay`.
    ///   - context: the `EGLContext`.
    ///   - drawSurface: the surface drawn to and read from (a window or pbuffer surface); nil for none.
    public init(
        display: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer, drawSurface: UnsafeMutableRawPointer?
    ) {
        self.init(display: display, context: context, drawSurface: drawSurface, readSurface: drawSurface)
    }

    /// Describes a context with separate draw and read surfaces.
    /// - Parameters:
    ///   - display: the `EGLDisplay`.
    ///   - context: the `EGLContext`.
    ///   - drawSurface: the surface drawn to; nil for none.
    ///   - readSurface: the surface read from; nil for none.
    public init(
        display: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer, drawSurface: UnsafeMutableRawPointer?,
        readSurface: UnsafeMutableRawPointer?
    ) {
        self.display = display
        self.context = context
        self.drawSurface = drawSurface
        self.readSurface = readSurface
    }
}
