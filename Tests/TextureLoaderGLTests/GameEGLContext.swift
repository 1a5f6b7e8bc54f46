import CEGL
import CGLES2
import PVRTCGL

/// A game's own context, made with EGL directly as a platform layer would make it: Mesa's
/// surfaceless display, an OpenGL ES 2.0 context and an RGBA8 pbuffer standing in for the window.
/// It is current on the thread that made it; ``destroy()`` releases it.
final class GameEGLContext {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let display: EGLDisplay
    let context: EGLContext
    let surface: EGLSurface
    let width: Int
    let height: Int

    /// Makes the context and a `width` x `height` pbuffer and makes them current.
    init(width: Int, height: Int) throws {
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil)
        else { throw Failure(description: "no surfaceless display: 0x\(String(eglGetError(), radix: 16))") }
        var major: EGLint = 0
        var minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE, eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE
        else { throw Failure(description: "eglInitialize: 0x\(String(eglGetError(), radix: 16))") }
        let attributes: [EGLint] = [
            EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE,
        ]
        var config: EGLConfig?
        var count: EGLint = 0
        guard eglChooseConfig(display, attributes, &config, 1, &count) == EGL_TRUE, count > 0, let config else {
            throw Failure(description: "no RGBA8 pbuffer config")
        }
        let contextAttributes: [EGLint] = [EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE]
        guard let context = eglCreateContext(display, config, nil, contextAttributes) else {
            throw Failure(description: "eglCreateContext: 0x\(String(eglGetError(), radix: 16))")
        }
        let surfaceAttributes: [EGLint] = [EGL_WIDTH, EGLint(width), EGL_HEIGHT, EGLint(height), EGL_NONE]
        guard let surface = eglCreatePbufferSurface(display, config, surfaceAttributes) else {
            eglDestroyContext(display, context)
            throw Failure(description: "eglCreatePbufferSurface: 0x\(String(eglGetError(), radix: 16))")
        }
        guard eglMakeCurrent(display, surface, surface, context) == EGL_TRUE else {
            eglDestroySurface(display, surface)
            eglDestroyContext(display, context)
            throw Failure(description: "eglMakeCurrent: 0x\(String(eglGetError(), radix: 16))")
        }
        (self.display, self.context, self.surface, self.width, self.height) = (display, context, surface, width, height)
    }

    /// The handles a game hands to `GLContext(adopting: .egl(_:))`.
    var handles: EGLHandles {
        EGLHandles(display: display, context: context, drawSurface: surface)
    }

    /// The pbuffer as pvrc's draw destination.
    var defaultFramebuffer: GLFramebuffer {
        .defaultFramebuffer(width: width, height: height)
    }

    /// Makes the game's context current again (with the pbuffer).
    func makeCurrent() {
        eglMakeCurrent(display, surface, surface, context)
    }

    /// A framebuffer object of the game's with an RGBA8 colour texture of `width` x `height`.
    func makeFramebufferObject(width: Int, height: Int) throws -> GLFramebuffer {
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
            GLenum(GL_UNSIGNED_BYTE), nil)
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        guard glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw Failure(description: "game framebuffer incomplete")
        }
        return GLFramebuffer(name: framebuffer, width: width, height: height)
    }

    /// Clears `framebuffer` to the RGBA bytes `color` with plain GL calls.
    func clear(_ framebuffer: GLFramebuffer, to color: [UInt8]) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer.name)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(Float(color[0]) / 255, Float(color[1]) / 255, Float(color[2]) / 255, Float(color[3]) / 255)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// Reads all of `framebuffer` with a plain `glReadPixels`, top row first.
    func read(_ framebuffer: GLFramebuffer) -> [UInt8] {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer.name)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var bottomUp = [UInt8](repeating: 0, count: framebuffer.width * framebuffer.height * 4)
        glReadPixels(
            0, 0, GLsizei(framebuffer.width), GLsizei(framebuffer.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
            &bottomUp)
        let row = framebuffer.width * 4
        var topDown = [UInt8](repeating: 0, count: bottomUp.count)
        for y in 0..<framebuffer.height {
            let from = (framebuffer.height - 1 - y) * row
            topDown[(y * row)..<(y * row + row)] = bottomUp[from..<(from + row)]
        }
        return topDown
    }

    /// Releases the context from the thread and destroys it and the pbuffer.
    func destroy() {
        if eglGetCurrentContext() == context { eglMakeCurrent(display, nil, nil, nil) }
        eglDestroySurface(display, surface)
        eglDestroyContext(display, context)
    }
}
