import CEGL
import CGLES2
import PVRTC

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An OpenGL ES context (2.0 or later; pvrc asks EGL for 3.x first) and the programs and buffers pvrc draws
/// with: either a headless one pvrc makes (EGL with no window system and a 1x1 pbuffer, ``init()``), the game's own
/// (``init(adopting:)``), or one sharing textures with the game's context for a loader's thread
/// (``init(sharingWith:)``).
///
/// Rendering goes into ``RenderTarget`` framebuffers of any size, or into the game's framebuffer
/// (``draw(_:to:at:blend:face:level:orientation:)``); a headless context's pbuffer only exists so the context has a
/// surface to be current on.
///
/// An adopted context is the game's: pvrc changes GL state in it as its draws and uploads need
/// (listed at ``draw(_:to:at:blend:face:level:orientation:)``) and sets `GL_UNPACK_ALIGNMENT`/`GL_PACK_ALIGNMENT` to 1
/// when adopting, but never destroys it. Release the `GLContext` on the context's thread, while the
/// context still exists.
///
/// Threading: a GL context is current on one thread only, so a `GLContext` must be created and used
/// on one thread. It is deliberately not `Sendable`; every GL entry point calls
/// ``assertOnContextThread(file:line:)``, which traps in debug builds when called from another thread, and
/// then makes this context current if another `GLContext` on the same thread was used since.
/// Loaders that read files on other threads hand the bytes to this thread, never GL objects.
///
/// Teardown: Mesa hands every caller in a process the same `EGLDisplay` for a platform and
/// `eglTerminate` is not reference-counted, so terminating it would break every other context in
/// the process (parallel tests, a loader's context). `deinit` therefore destroys only the context
/// and the pbuffer, and never calls `eglTerminate`.
public final class GLContext {
    /// `GL_RENDERER`, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public let renderer: String
    /// `GL_VERSION`, e.g. "OpenGL ES 3.2 Mesa 22.3.6".
    public let version: String
    /// The `GL_EXTENSIONS` names.
    public let extensions: Set<String>
    /// Which EGL display was used, e.g. "device 0 (/dev/dri/renderD128)" or "surfaceless (Mesa)".
    public let displayDescription: String
    /// `GL_MAX_TEXTURE_SIZE`.
    public let maxTextureSize: Int
    /// True for an OpenGL ES 3.0 or later context (`GL_VERSION` "OpenGL ES 3.x …"), whose GLSL ES 3.00,
    /// integer render targets and pixel buffer objects ``PVRTCUploadMode/transcode`` needs.
    public let isES3OrLater: Bool
    /// `GL_MAX_CUBE_MAP_TEXTURE_SIZE`, the largest cube face.
    let maxCubeMapTextureSize: Int
    /// True when the GPU samples PVRTC1 natively (`GL_IMG_texture_compression_pvrtc`), so
    /// ``PVRTCUploadMode/native`` uploads of PVRTC1 work. False on Mesa, NVIDIA, AMD and Intel.
    public var supportsNativePVRTC: Bool { extensions.contains(Self.nativeExtension(for: .pvrtc1_4bpp)) }
    /// True when the GPU samples PVRTC2 natively (`GL_IMG_texture_compression_pvrtc2`, PowerVR Series5XT and
    /// later), so ``PVRTCUploadMode/native`` uploads of PVRTC2 work. False on Mesa, NVIDIA, AMD, Intel and
    /// Apple GPUs.
    public var supportsNativePVRTC2: Bool { extensions.contains(Self.nativeExtension(for: .pvrtc2_4bpp)) }

    /// True when the GPU samples `format` natively (its ``nativeExtension(for:)`` is present), so
    /// ``PVRTCUploadMode/native`` uploads of it work.
    public func supportsNative(_ format: PVRTCFormat) -> Bool {
        extensions.contains(Self.nativeExtension(for: format))
    }

    /// The GL extension that lets a GPU sample `format` natively: `GL_IMG_texture_compression_pvrtc` for
    /// PVRTC1, `GL_IMG_texture_compression_pvrtc2` for PVRTC2.
    public static func nativeExtension(for format: PVRTCFormat) -> String {
        format.isPVRTC2 ? "GL_IMG_texture_compression_pvrtc2" : "GL_IMG_texture_compression_pvrtc"
    }
    /// True when mip levels other than 0 can be framebuffer attachments (`GL_OES_fbo_render_mipmap`),
    /// which lets ``PVRTCUploadMode/decodeOnce`` decode each file level straight into its mip level.
    public var supportsRenderToMipLevel: Bool { extensions.contains("GL_OES_fbo_render_mipmap") }

    /// True when a fragment can write four colour attachments (`GL_EXT_draw_buffers`), which lets
    /// ``PVRTCUploadMode/decodeOnce`` decode four pixel rows per fragment.
    public var supportsTileRowDecoding: Bool { drawBuffers != nil }
    /// `glDrawBuffersEXT`, loaded through `eglGetProcAddress` when the context can write four attachments.
    let drawBuffers: PFNGLDRAWBUFFERSEXTPROC?
    /// `glCopyImageSubDataOES` or `glCopyImageSubDataEXT`, loaded through `eglGetProcAddress` when the context
    /// has `GL_OES_copy_image` or `GL_EXT_copy_image`: it copies a face of a transcoded cube map into a 2D
    /// texture so that the face can be drawn flat.
    let copyImageSubData: PFNGLCOPYIMAGESUBDATAOESPROC?

    /// The context itself and whether pvrc owns it.
    let binding: ContextBinding
    let owner: pthread_t
    /// Compiled programs, created on first use.
    var programs = ProgramCache()
    /// The format ``PVRTCUploadMode/transcode`` uploads into, instead of the one ``TranscodeTarget/preferenceTable``
    /// picks (nil, the default): set it to ask for a format explicitly, e.g. ``TranscodeTarget/astc8x8`` to put
    /// memory first. A context that lacks the requested format's extension uploads decode-once
    /// (``transcodeTarget(for:)`` is nil). A requested format without alpha (BC1) drops a texture's alpha.
    public var requestedTranscodeTarget: TranscodeTarget?
    /// The vertex buffer holding the unit quad's four corners.
    var quadBuffer: GLuint = 0
    /// The one-level 2D texture a face or mip level is copied into to be drawn flat, and the
    /// framebuffer the copy reads through (see `copyForDrawing`); 0 until first needed.
    var levelCopy: (texture: GLuint, framebuffer: GLuint) = (0, 0)

    /// Creates a context, trying in turn: the EGL device platform (hardware devices before
    /// `EGL_MESA_device_software`), Mesa's surfaceless platform, then `EGL_DEFAULT_DISPLAY`.
    /// - Throws: ``GLError/noDisplay(tried:)`` listing every attempt and its EGL error when none works.
    public convenience init() throws {
        let opened = try EGLDisplayOpener.open()
        self.init(binding: .owned(opened.handles), description: opened.description)
    }

    /// Sets up pvrc's state on `binding`'s context, which is current on the calling thread.
    init(binding: ContextBinding, description: String) {
        self.binding = binding
        displayDescription = description
        owner = pthread_self()
        renderer = GLContext.string(GLenum(GL_RENDERER))
        version = GLContext.string(GLenum(GL_VERSION))
        extensions = Set(GLContext.string(GLenum(GL_EXTENSIONS)).split(separator: " ").map(String.init))
        isES3OrLater = (GLContext.esMajorVersion(version) ?? 2) >= 3
        var size: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &size)
        maxTextureSize = Int(size)
        glGetIntegerv(GLenum(GL_MAX_CUBE_MAP_TEXTURE_SIZE), &size)
        maxCubeMapTextureSize = Int(size)
        var buffers: GLint = 0
        var attachments: GLint = 0
        if extensions.contains("GL_EXT_draw_buffers") {
            glGetIntegerv(GLenum(GL_MAX_DRAW_BUFFERS_EXT), &buffers)
            glGetIntegerv(GLenum(GL_MAX_COLOR_ATTACHMENTS_EXT), &attachments)
        }
        drawBuffers =
            buffers >= 4 && attachments >= 4
            ? eglGetProcAddress("glDrawBuffersEXT").map { unsafeBitCast($0, to: PFNGLDRAWBUFFERSEXTPROC.self) }
            : nil
        let names = extensions
        let copyImage = [
            ("GL_OES_copy_image", "glCopyImageSubDataOES"), ("GL_EXT_copy_image", "glCopyImageSubDataEXT"),
        ]
        .first { names.contains($0.0) }?.1
        copyImageSubData = copyImage.flatMap { eglGetProcAddress($0) }.map {
            unsafeBitCast($0, to: PFNGLCOPYIMAGESUBDATAOESPROC.self)
        }
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
    }

    deinit {
        if pthread_equal(owner, pthread_self()) != 0 {
            activate()
            programs.deleteAll()
            if quadBuffer != 0 { glDeleteBuffers(1, &quadBuffer) }
            if levelCopy.texture != 0 { glDeleteTextures(1, &levelCopy.texture) }
            if levelCopy.framebuffer != 0 { glDeleteFramebuffers(1, &levelCopy.framebuffer) }
        }
        guard case .owned(let handles) = binding else { return }
        if eglGetCurrentContext() == handles.context {
            eglMakeCurrent(handles.display, nil, nil, nil)
        }
        if let surface = handles.drawSurface { eglDestroySurface(handles.display, surface) }
        eglDestroyContext(handles.display, handles.context)
        // No eglTerminate: the display is shared by the whole process (see the type's documentation).
    }

    /// Traps in debug builds unless called on the thread that created the context (the only thread
    /// on which it is current). Every GL entry point of pvrc calls this first.
    public func assertOnContextThread(file: StaticString = #file, line: UInt = #line) {
        assert(
            pthread_equal(owner, pthread_self()) != 0,
            "GLContext used off the thread that created it", file: file, line: line)
    }

    /// Asserts the thread (see ``assertOnContextThread(file:line:)``) and makes this context current if it is
    /// not (a context adopted without EGL handles is assumed current).
    func activate() {
        assertOnContextThread()
        binding.makeCurrentIfNeeded()
    }

    /// Whether pvrc created this context (``init()``, ``init(sharingWith:)``) rather than adopting the game's.
    public var isAdopted: Bool {
        if case .owned = binding { return false }
        return true
    }

    /// Compiles and links the programs now rather than on first draw, so that later timings see a
    /// warm context.
    public func prepare() throws {
        activate()
        _ = try programs.textureProgram()
        for format in PVRTCFormat.allCases { _ = try programs.decodingProgram(for: format) }
        if supportsTileRowDecoding {
            for format in PVRTCFormat.allCases { _ = try programs.tileRowsProgram(for: format) }
        }
    }

    /// Throws unless this context samples `format` natively (``nativeExtension(for:)``).
    func checkNativeSupport(_ format: PVRTCFormat) throws {
        guard supportsNative(format) else {
            let needed = Self.nativeExtension(for: format)
            throw GLError.unsupported("native \(format.displayName) upload needs \(needed), which \(renderer) lacks")
        }
    }

    /// Waits until the GPU has finished all submitted work (`glFinish`).
    public func finish() {
        activate()
        glFinish()
    }

    /// Throws when `glGetError` reports an error, naming the call that preceded it.
    func check(_ call: String) throws {
        let code = glGetError()
        if code != GLenum(GL_NO_ERROR) {
            throw GLError.glError(call: call, code: UInt32(code))
        }
    }

    /// The major version in an OpenGL ES `GL_VERSION` string ("OpenGL ES 3.2 Mesa 22.3.6" gives 3), or nil
    /// when the string does not start "OpenGL ES <digits>".
    package static func esMajorVersion(_ version: String) -> Int? {
        let prefix = "OpenGL ES "
        guard version.hasPrefix(prefix) else { return nil }
        return Int(String(version.dropFirst(prefix.count).prefix { $0.isNumber }))
    }

    static func string(_ name: GLenum) -> String {
        guard let pointer = glGetString(name) else { return "" }
        return String(cString: pointer)
    }
}
