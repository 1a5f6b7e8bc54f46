import ArgumentParser
import Foundation
import ImageFiles
import PVRTC

/// `pvrc decode IN OUT.png [--level N]`: decodes one mip level on the CPU and writes it as a PNG,
/// top row first whatever orientation the file records.
struct DecodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode one level of a PVRTC texture file to a PNG (RGBA when it has transparency).",
        discussion: """
            The PNG is upright (top row first, left column first) whatever orientation the file records \
            (PVR v3 metadata key 3, KTXorientation, PVR v2 vertical-flip flag). Values come out as stored: \
            sRGB files are not converted, premultiplied files are not divided by alpha.
            """
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
            let (texture, levelImage) = try readTextureLevel(path: input, level: level)
            try limits.check(width: levelImage.width, height: levelImage.height, what: "level \(level)", file: input)
            let image = texture.metadata.orientation.upright(
                PVRTCDecoder.decode(levelImage, threads: Parallel.processorCount))
            try PNGCodec.write(image, to: URL(fileURLWithPath: output))
        }
    }
}
