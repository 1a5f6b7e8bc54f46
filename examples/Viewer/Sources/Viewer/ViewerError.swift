/// Why the viewer stops.
enum ViewerError: Error, CustomStringConvertible {
    /// Bad command line; nil prints the usage only.
    case usage(String?)
    /// SDL failed; carries `SDL_GetError()`.
    case sdl(call: String, message: String)

    var description: String {
        switch self {
        case .usage(let problem): return (problem.map { "Viewer: \($0)\n" } ?? "") + ViewerOptions.usage
        case .sdl(let call, let message): return "Viewer: \(call) failed: \(message)"
        }
    }
}
