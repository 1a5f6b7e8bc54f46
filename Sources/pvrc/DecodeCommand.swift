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

    @Argument(help: "The PNG to write (must end in .png); replaced atomically.")
    var output: String

    @Option(parsing: .unconditional, help: "The mip level to decode; 0 is the largest.")
    var level = 0

    @OptionGroup var limits: PixelLimitOptions

    func run() async throws {
        try await CommandFailure.reporting {
            try checkOutput(output, inputs: [input], requiredExtension: "png")
            let levelImage = try readTextureLevel(path: input, level: level).image
            try limits.check(width: levelImage.width, height: levelImage.height, what: "level \(level)", file: input)
            let image = PVRTCDecoder.decode(levelImage, threads: Parallel.processorCount)
            try PNGCodec.write(image, to: URL(fileURLWithPath: output))
        }
    }
}
