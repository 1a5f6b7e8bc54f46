import CEGL

/// Opens a headless EGL display and an OpenGL ES context on it (3.x where the driver has it, else 2.0),
/// trying each way in turn and recording why each one failed.
enum EGLDisplayOpener {
    /// A display with a current OpenGL ES context and a 1x1 pbuffer.
    struct Opened {
        let handles: EGLHandles
        let description: String
    }

    /// One way of getting a display.
    private struct Candidate {
        let description: String
        let display: () -> EGLDisplay?
    }

    /// Tries the device platform (hardware devices first), the Mesa surfaceless platform and the
    /// default display, returning the first that yields a current context.
    static func open() throws -> Opened {
        var tried: [String] = []
        for candidate in candidates(tried: &tried) {
            guard let display = candidate.display() else {
                tried.append("\(candidate.description): no display (\(errorName(eglGetError())))")
                continue
            }
            switch makeContext(on: display) {
            case .success(let pair):
                return Opened(
                    handles: EGLHandles(display: display, context: pair.context, drawSurface: pair.surface),
                    description: candidate.description)
            case .failure(let reason):
                tried.append("\(candidate.description): \(reason.text)")
            }
        }
        throw GLError.noDisplay(tried: tried)
    }

    /// The candidates in order of preference; device enumeration problems are appended to `tried`.
    private static func candidates(tried: inout [String]) -> [Candidate] {
        var list: [Candidate] = []
        let getPlatformDisplay: PFNEGLGETPLATFORMDISPLAYEXTPROC? =
            load("eglGetPlatformDisplayEXT", as: PFNEGLGETPLATFORMDISPLAYEXTPROC.self)
        if let getPlatformDisplay {
            if let queryDevices = load("eglQueryDevicesEXT", as: PFNEGLQUERYDEVICESEXTPROC.self),
                let queryString = load("eglQueryDeviceStringEXT", as: PFNEGLQUERYDEVICESTRINGEXTPROC.self)
            {
                var count: EGLint = 0
                if queryDevices(0, nil, &count) == EGL_TRUE, count > 0 {
                    var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
                    _ = queryDevices(count, &devices, &count)
                    var hardware: [Candidate] = []
                    var software: [Candidate] = []
                    for (index, device) in devices.prefix(Int(count)).enumerated() {
                        guard let device else { continue }
                        let extensions = queryString(device, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
                        let isSoftware = extensions.split(separator: " ").contains("EGL_MESA_device_software")
                        let file = queryString(device, EGL_DRM_DEVICE_FILE_EXT).map { String(cString: $0) }
                        let name = "device \(index) (\(file ?? (isSoftware ? "software" : "no DRM file")))"
                        let candidate = Candidate(description: name) {
                            getPlatformDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), device, nil)
                        }
                        if isSoftware { software.append(candidate) } else { hardware.append(candidate) }
                    }
                    list += hardware + software
                } else {
                    tried.append("device platform: no devices (\(errorName(eglGetError())))")
                }
            } else {
                tried.append("device platform: eglQueryDevicesEXT/eglQueryDeviceStringEXT unavailable")
            }
            list.append(
                Candidate(description: "surfaceless (Mesa)") {
                    getPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil)
                })
        } else {
            tried.append("platform displays: eglGetPlatformDisplayEXT unavailable")
        }
        list.append(Candidate(description: "EGL_DEFAULT_DISPLAY") { eglGetDisplay(nil) })
        return list
    }

    struct Failure: Error { let text: String }

    /// Initialises `display` and makes an OpenGL ES context (3.x where the driver has it, else 2.0) with a
    /// 1x1 pbuffer current; the context shares textures, buffers and programs with `shareContext` when given.
    /// Nothing is terminated on failure: the display may be shared with other contexts.
    static func makeContext(on display: EGLDisplay, sharing shareContext: EGLContext? = nil) -> Result<
        (context: EGLContext, surface: EGLSurface), Failure
    > {
        var major: EGLint = 0
        var minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else {
            return .failure(Failure(text: "eglInitialize failed (\(errorName(eglGetError())))"))
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
            return .failure(Failure(text: "eglBindAPI(EGL_OPENGL_ES_API) failed (\(errorName(eglGetError())))"))
        }
        var refusals: [String] = []
        for version in clientVersions {
            let configAttributes: [EGLint] = [
                EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                EGL_RENDERABLE_TYPE, version.renderableBit,
                EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
                EGL_NONE,
            ]
            var config: EGLConfig?
            var configCount: EGLint = 0
            guard eglChooseConfig(display, configAttributes, &config, 1, &configCount) == EGL_TRUE,
                configCount > 0, let config
            else {
                refusals.append("no RGBA8 pbuffer ES\(version.major) config (\(errorName(eglGetError())))")
                continue
            }
            let contextAttributes: [EGLint] = [EGL_CONTEXT_CLIENT_VERSION, version.major, EGL_NONE]
            guard let context = eglCreateContext(display, config, shareContext, contextAttributes) else {
                refusals.append("eglCreateContext (ES\(version.major)) failed (\(errorName(eglGetError())))")
                continue
            }
            switch makeCurrent(context, config: config, on: display) {
            case .success(let pair): return .success(pair)
            case .failure(let failure): refusals.append("ES\(version.major): \(failure.text)")
            }
        }
        return .failure(Failure(text: refusals.joined(separator: "; ")))
    }

    /// The OpenGL ES versions asked for, in order: 3 (which ``PVRTCUploadMode/transcode`` needs) where the
    /// driver has it, else 2.
    private static let clientVersions: [(major: EGLint, renderableBit: EGLint)] = [
        (3, EGL_OPENGL_ES3_BIT), (2, EGL_OPENGL_ES2_BIT),
    ]

    /// Makes `context` current with a new 1x1 pbuffer of `config`; destroys both on failure.
    private static func makeCurrent(_ context: EGLContext, config: EGLConfig, on display: EGLDisplay) -> Result<
        (context: EGLContext, surface: EGLSurface), Failure
    > {
        let surfaceAttributes: [EGLint] = [EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE]
        guard let surface = eglCreatePbufferSurface(display, config, surfaceAttributes) else {
            let error = eglGetError()
            eglDestroyContext(display, context)
            return .failure(Failure(text: "eglCreatePbufferSurface failed (\(errorName(error)))"))
        }
        guard eglMakeCurrent(display, surface, surface, context) == EGL_TRUE else {
            let error = eglGetError()
            eglDestroySurface(display, surface)
            eglDestroyContext(display, context)
            return .failure(Failure(text: "eglMakeCurrent failed (\(errorName(error)))"))
        }
        return .success((context, surface))
    }

    /// Loads an EGL extension function by name.
    private static func load<F>(_ name: String, as type: F.Type) -> F? {
        guard let address = eglGetProcAddress(name) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    /// The name of an EGL error code, e.g. "EGL_NOT_INITIALIZED".
    static func errorName(_ code: EGLint) -> String {
        let names: [EGLint: String] = [
            EGL_SUCCESS: "EGL_SUCCESS", EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED",
            EGL_BAD_ACCESS: "EGL_BAD_ACCESS", EGL_BAD_ALLOC: "EGL_BAD_ALLOC",
            EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE", EGL_BAD_CONFIG: "EGL_BAD_CONFIG",
            EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT", EGL_BAD_CURRENT_SURFACE: "EGL_BAD_CURRENT_SURFACE",
            EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY", EGL_BAD_MATCH: "EGL_BAD_MATCH",
            EGL_BAD_NATIVE_PIXMAP: "EGL_BAD_NATIVE_PIXMAP", EGL_BAD_NATIVE_WINDOW: "EGL_BAD_NATIVE_WINDOW",
            EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER", EGL_BAD_SURFACE: "EGL_BAD_SURFACE",
            EGL_CONTEXT_LOST: "EGL_CONTEXT_LOST",
        ]
        return names[code] ?? "EGL error 0x\(String(code, radix: 16))"
    }
}
