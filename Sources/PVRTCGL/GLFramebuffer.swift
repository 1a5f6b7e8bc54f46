/// A framebuffer of the game's context to draw into: the default framebuffer (the window or pbuffer
/// surface, name 0) or a framebuffer object the game made.
public struct GLFramebuffer: Sendable, Hashable {
    /// The framebuffer object name; 0 for the default framebuffer.
    public var name: UInt32
    /// Width in pixels (for a window: its drawable size, e.g. `SDL_GL_GetDrawableSize`).
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Describes framebuffer `name` of `width` x `height` pixels.
    /// - Parameters:
    ///   - name: a framebuffer object name of the context, or 0 for the default framebuffer.
    ///   - width: width in pixels.
    ///   - height: height in pixels.
    public init(name: UInt32, width: Int, height: Int) {
        self.name = name
        self.width = width
        self.height = height
    }

    /// The default framebuffer (the surface the context is current on) of `width` x `height` pixels.
    public static func defaultFramebuffer(width: Int, height: Int) -> GLFramebuffer {
        GLFramebuffer(name: 0, width: width, height: height)
    }
}
