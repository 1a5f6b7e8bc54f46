/// Errors raised by the GL layer.
public enum GLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No EGL display/config/context could be created; `tried` lists what was attempted.
    case noDisplay(tried: [String])
    /// A shader failed to compile or a program failed to link; carries the driver's log.
    case shaderCompilation(name: String, log: String)
    /// A GL call reported an error code.
    case glError(call: String, code: UInt32)
    /// The framebuffer is incomplete.
    case framebufferIncomplete(status: UInt32)
    /// The request cannot be served by this context (size limits, missing extension).
    case unsupported(String)
    /// ``GLContext/init(adopting:)`` with ``AdoptedContext/current`` found no context current on the thread.
    case noCurrentContext
    /// An EGL call failed; `error` names EGL's error code (e.g. "EGL_BAD_MATCH").
    case eglFailed(call: String, error: String)
    /// A shared context was requested from a context adopted without EGL handles (e.g. a GLX context).
    case notAnEGLContext
    /// A draw asked for a face or mip level the texture does not have (`faceCount` faces, `levelCount`
    /// levels).
    case noSuchImage(face: Int, level: Int, faceCount: Int, levelCount: Int)

    /// A one-line description of the failure.
    public var description: String {
        switch self {
        case .noDisplay(let tried): return "no EGL display could be opened (tried: \(tried.joined(separator: "; ")))"
        case .shaderCompilation(let name, let log): return "shader \(name) failed to compile: \(log)"
        case .glError(let call, let code): return "\(call) failed with GL error 0x\(String(code, radix: 16))"
        case .framebufferIncomplete(let status): return "framebuffer incomplete (0x\(String(status, radix: 16)))"
        case .unsupported(let reason): return reason
        case .noCurrentContext: return "no GL context is current on this thread to adopt"
        case .eglFailed(let call, let error): return "\(call) failed (\(error))"
        case .notAnEGLContext:
            return "the adopted context was not made through EGL, so no context can share its textures"
        case .noSuchImage(let face, let level, let faceCount, let levelCount):
            return "face \(face), level \(level) requested but the texture has \(faceCount) face(s) and "
                + "\(levelCount) level(s)"
        }
    }
}
