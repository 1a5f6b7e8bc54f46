import ArgumentParser
import PNGIO
import PVRTC
import TextureFormats

/// `pvrc decode IN OUT.png [--level N]`: decodes one mip level on the CPU and writes it as a PNG.
struct DecodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode one level of a PVRTC texture file to a PNG (RGBA when it has transparency)."
    )

    @Argument(help: "The texture file (.pvr v2/v3, .ktx).")
    var input: String

    @Argument(help: "The PNG to write; replaced atomically.")
    var output: String

    @Option(help: "The mip level to decode; 0 is the largest.")
    var level = 0

    func run() async throws {
        try await CommandFailure.reporting {
            let texture = try TextureFile.read(path: input).texture
            guard texture.levels.indices.contains(level) else {
                let problem = PVRTCError.levelOutOfRange(level: level, count: texture.levels.count)
                throw CommandFailure(file: input, reason: problem.description)
            }
            let image = PVRTCDecoder.decode(texture.levels[level], threads: Parallel.processorCount)
            try PNGCodec.write(image, to: output)
        }
    }
}
