import FileIO
import Foundation

/// The checks every command that writes a file makes before it starts working: the output is not
/// one of its inputs (after resolving symbolic links; hard links count too), it is or will be a
/// regular file, its directory exists and is writable, and it has the extension the command writes.
///
/// Writing to a symbolic link writes the link's target (see `OutputDestination`).
/// - Parameters:
///   - output: the output path as the user gave it.
///   - inputs: the input paths as the user gave them.
///   - requiredExtension: the extension the output must have (compared case-insensitively), if any.
/// - Throws: ``CommandFailure`` naming the output and the problem.
func checkOutput(_ output: String, inputs: [String], requiredExtension: String? = nil) throws {
    if let requiredExtension {
        let actual = URL(fileURLWithPath: output).pathExtension.lowercased()
        guard actual == requiredExtension.lowercased() else {
            throw CommandFailure(
                file: output,
                reason: "the output is written as \(requiredExtension.uppercased()); name it .\(requiredExtension)")
        }
    }
    do {
        try OutputDestination.check(
            URL(fileURLWithPath: output), notOverwriting: inputs.map { URL(fileURLWithPath: $0) })
    } catch {
        throw CommandFailure(file: error.file, reason: error.reason)
    }
}
