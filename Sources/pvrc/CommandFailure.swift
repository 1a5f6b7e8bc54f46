import ArgumentParser
import FileIO
import Foundation

/// How every `pvrc` command reports failure: exactly one line on stderr naming the file and the
/// problem (`pvrc: FILE: PROBLEM`), then exit status 1.
///
/// Commands wrap their work in ``reporting(_:)``. Library errors (`PNGError`,
/// `TextureFormatError`, ...) already name their file; a problem the command finds itself is thrown
/// as a `CommandFailure` with the file it concerns.
struct CommandFailure: Error, CustomStringConvertible {
    /// The whole message, naming the file.
    let description: String

    /// `FILE: REASON`.
    init(file: String, reason: String) {
        description = "\(file): \(reason)"
    }

    /// A message that names its file in its own words (`in.png is 300x200: ...`).
    init(message: String) {
        description = message
    }

    /// Runs a command's work. Any error it throws is printed as one line on stderr and turned into
    /// exit status 1 (`ExitCode.failure`), so no stack of messages or usage text follows. Control
    /// characters in the message (a file name's newline or escape sequence) are printed escaped
    /// (`PrintableText`), so a name can neither add a line nor reach the terminal.
    static func reporting(_ work: () async throws -> Void) async throws {
        do {
            try await work()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            let message = PrintableText.escaped(
                commandLineDescription(of: error).trimmingCharacters(in: .whitespacesAndNewlines))
            FileHandle.standardError.write(Data("pvrc: \(message)\n".utf8))
            throw ExitCode.failure
        }
    }
}
