import ArgumentParser

/// The `pvrc` command: argument parsing and printing only; the work lives in the libraries.
@main
struct PVRC: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pvrc",
        abstract: "Encode PNG textures to PVRTC1 4bpp, decode, inspect and render them.",
        version: "0.1.0",
        subcommands: [
            EncodeCommand.self, DecodeCommand.self, InfoCommand.self, CompareCommand.self, RenderCommand.self,
            BuildCommand.self, BenchCommand.self,
        ]
    )
}
