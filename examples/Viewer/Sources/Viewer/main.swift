// The pvrc texture viewer: SDL2 window and OpenGL ES 3.0 (or 2.0) context, pvrc's loader and GL layer.
import Foundation

/// Prints `error` on one line (the usage for a bad command line) and exits non-zero.
func fail(_ error: Error) -> Never {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(error is ViewerError ? 2 : 1)
}

let options: ViewerOptions
do {
    options = try ViewerOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    fail(error)
}
do {
    try run(options)
} catch {
    fail(error)
}
