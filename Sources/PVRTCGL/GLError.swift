/// Errors raised by the headless GL layer.
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

    /// A one-line description of the failure.
    public var description: String {
        switch self {
        case .noDisplay(let tried): return "no EGL display could be opened (tried: \(tried.joined(separator: "; ")))"
        case .shaderCompilation(let name, let log): return "shader \(name) failed to compile: \(log)"
        case .glError(let call, let code): return "\(call) failed with GL error 0x\(String(code, radix: 16))"
        case .framebufferIncomplete(let status): return "framebuffer incomplete (0x\(String(status, radix: 16)))"
        case .unsupported(let reason): return reason
        }
    }
}
