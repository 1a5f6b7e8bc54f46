/// An offscreen RGBA8 framebuffer to draw into and read back, owned by a ``GLContext``.
public struct RenderTarget: Sendable, Hashable {
    /// The framebuffer object name.
    public let framebuffer: UInt32
    /// The RGBA8 colour texture attached to it.
    public let colorTexture: UInt32
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
}
