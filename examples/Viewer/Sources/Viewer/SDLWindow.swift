import CSDL2

/// SDL's window with an OpenGL ES 3.0 context made by SDL (2.0 where the driver has no ES 3), current on the
/// thread that made it — the situation of a game: pvrc adopts this context, it does not make it.
final class SDLWindow {
    private let window: OpaquePointer
    private let glContext: SDL_GLContext

    /// Opens a `width` x `height` window and makes its context current: OpenGL ES 3.0, which
    /// `PVRTCUploadMode.transcode` needs, where SDL can make one, else ES 2.0 (where transcode uploads fall back
    /// to decode-once).
    ///
    /// On X11, SDL is asked to make the context through EGL (`SDL_VIDEO_X11_FORCE_EGL`), so pvrc can
    /// create a context shared with it for the loader's thread.
    /// - Throws: ``ViewerError/sdl(call:message:)`` with SDL's message.
    /// With `alpha` the default framebuffer has an alpha channel (8 bits), so what is drawn keeps its alpha.
    init(title: String, width: Int, height: Int, resizable: Bool, alpha: Bool) throws {
        SDL_SetHint(SDL_HINT_VIDEO_X11_FORCE_EGL, "1")
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw Self.failure("SDL_Init") }
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_ES.rawValue))
        SDL_GL_SetAttribute(SDL_GL_RED_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_GREEN_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_BLUE_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_ALPHA_SIZE, alpha ? 8 : 0)
        SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
        var flags = SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        let centred = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
        guard let window = SDL_CreateWindow(title, centred, centred, Int32(width), Int32(height), flags) else {
            let error = Self.failure("SDL_CreateWindow")
            SDL_Quit()
            throw error
        }
        guard let glContext = Self.versions.lazy.compactMap({ Self.createContext(window, major: $0) }).first else {
            let error = Self.failure("SDL_GL_CreateContext (OpenGL ES 3.0 and 2.0)")
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw error
        }
        guard SDL_GL_MakeCurrent(window, glContext) == 0 else {
            let error = Self.failure("SDL_GL_MakeCurrent")
            SDL_GL_DeleteContext(glContext)
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw error
        }
        self.window = window
        self.glContext = glContext
    }

    /// The drawable size in pixels (the default framebuffer's size).
    var drawableSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GL_GetDrawableSize(window, &width, &height)
        return (Int(width), Int(height))
    }

    /// Resizes the window (the drawable follows once the window system has done it).
    func resize(width: Int, height: Int) {
        SDL_SetWindowSize(window, Int32(width), Int32(height))
    }

    /// Queues a key press of each character of `keys` (SDL key codes of printable keys are their
    /// ASCII codes), to be read by `SDL_PollEvent` like typed keys.
    func press(_ keys: String) {
        for key in keys.unicodeScalars {
            var event = SDL_Event()
            event.type = SDL_KEYDOWN.rawValue
            event.key.keysym.sym = SDL_Keycode(key.value)
            SDL_PushEvent(&event)
        }
    }

    /// Shows the frame drawn since the last swap.
    func swap() {
        SDL_GL_SwapWindow(window)
    }

    /// Destroys the context and the window and shuts SDL down; release pvrc's adopted context first.
    func close() {
        SDL_GL_DeleteContext(glContext)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// The OpenGL ES major versions asked of SDL, in order (each with minor version 0).
    private static let versions: [Int32] = [3, 2]

    /// An OpenGL ES `major`.0 context for `window`, or nil where SDL cannot make one.
    private static func createContext(_ window: OpaquePointer, major: Int32) -> SDL_GLContext? {
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, major)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0)
        return SDL_GL_CreateContext(window)
    }

    private static func failure(_ call: String) -> ViewerError {
        .sdl(call: call, message: SDL_GetError().map { String(cString: $0) } ?? "unknown error")
    }
}
