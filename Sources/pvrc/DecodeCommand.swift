import ArgumentParser
import Foundation
import ImageFiles
import PVRTC

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
            let image = PVRTCDecoder.decode(try readTextureLevel(path: input, level: level).image,
                                            threads: Parallel.processorCount)
            try PNGCodec.write(image, to: URL(fileURLWithPath: output))
        }
    }
}
