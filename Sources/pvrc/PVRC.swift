import ArgumentParser
import Foundation

/// The `pvrc` command: argument parsing and printing only; the work lives in the libraries.
@main
struct PVRC: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pvrc",
        abstract: """
            Encode PNG, JPEG and TGA images as PVRTC1 or PVRTC2 textures, 4 or 2bpp (PVR v2/v3, KTX, KTX 2, \
            .pvr.ccz, .pvr.gz; cube maps too), and inspect, decode, compare, render, transcode and build them.
            """,
        version: "0.1.0",
        subcommands: commands
    )

    /// The subcommands; `render` and `transcode` exist only where pvrc is built with GL.
    private static var commands: [ParsableCommand.Type] {
        var commands: [ParsableCommand.Type] = [
            EncodeCommand.self, DecodeCommand.self, InfoCommand.self, CompareCommand.self,
        ]
        #if PVRC_GL
            commands.append(RenderCommand.self)
            commands.append(TranscodeCommand.self)
        #endif
        return commands + [BuildCommand.self, BenchCommand.self]
    }

    /// Parses and runs the command. `--help` and `--version` print as usual (exit 0); every usage
    /// error (unknown option, missing or invalid value) is one line naming the help page that lists
    /// the command's options, `pvrc: PROBLEM (see pvrc encode --help)`, and exit status 1, like every
    /// other failure (see ``CommandFailure``).
    static func main() async {
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            guard exitCode(for: error) != .success else { Self.exit(withError: error) }
            fail("\(oneLine(message(for: error))) (see \(helpCommand(for: Array(CommandLine.arguments.dropFirst()))))")
        }
        do {
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let exit as ExitCode {
            Self.exit(withError: exit)
        } catch {
            guard exitCode(for: error) != .success else { Self.exit(withError: error) }
            fail(oneLine(message(for: error)))
        }
    }

    /// The help command of the deepest subcommand the leading `arguments` name (`pvrc bench decode
    /// --help`), `pvrc --help` when they name none: the page that lists the options a usage error is about.
    private static func helpCommand(for arguments: [String]) -> String {
        var words = ["pvrc"]
        var subcommands = configuration.subcommands
        for argument in arguments {
            guard let command = subcommands.first(where: { $0._commandName == argument }) else { break }
            words.append(argument)
            subcommands = command.configuration.subcommands
        }
        return (words + ["--help"]).joined(separator: " ")
    }

    /// `text` on one line, without ArgumentParser's `Error: ` prefix.
    private static func oneLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
        return line.hasPrefix("Error: ") ? String(line.dropFirst("Error: ".count)) : line
    }

    /// Prints `pvrc: MESSAGE` on stderr and exits with status 1.
    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("pvrc: \(message)\n".utf8))
        Self.exit(withError: ExitCode.failure)
    }
}
