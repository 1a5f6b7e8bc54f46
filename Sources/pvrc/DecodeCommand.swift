import ArgumentParser
import FileIO
import Foundation
import ImageFiles
import Imaging
import PVRTC
import TextureFormats

/// `pvrc decode IN OUT.png [--level N]`: decodes one mip level on the CPU and writes it as a PNG,
/// top row first whatever orientation the file records.
struct DecodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract:
            "Decode one level (and cube face) of a PVRTC or uncompressed texture file to a PNG (RGBA when it has transparency).",
        discussion: """
            The PNG is upright (top row first, left column first) whatever orientation the file records \
            (PVR v3 metadata key 3, KTXorientation, PVR v2 vertical-flip flag). Values come out as stored: \
            sRGB files are not converted, premultiplied files are not divided by alpha.
            """
    )

    @Argument(help: "The texture file (.pvr v2/v3, .ktx, .ktx2, .pvr.ccz, .pvr.gz).")
    var input: String

    @Argument(help: "The PNG to write (must end in .png); replaced atomically.")
    var output: String

    @Option(parsing: .unconditional, help: "The mip level to decode; 0 is the largest.")
    var level = 0

    @Option(parsing: .unconditional, help: "The cube face to decode (0-5: +X, -X, +Y, -Y, +Z, -Z); 0 otherwise.")
    var face = 0

    @OptionGroup var limits: PixelLimitOptions

    func run() async throws {
        try await CommandFailure.reporting {
            try checkOutput(output, inputs: [input], requiredExtension: "png")
            let image = try decodedImage()
            try PNGCodec.write(image, to: URL(fileURLWithPath: output))
            let cubeFace = face == 0 ? "" : ", face \(face)"
            print(
                "\(PrintableText.escaped(output)): \(image.width)x\(image.height) PNG, level \(level)\(cubeFace) of "
                    + PrintableText.escaped(input))
        }
    }

    /// Level ``level``, face ``face``, upright, of any texture file pvrc decodes (PVRTC1 and PVRTC2 at 4bpp and 2bpp,
    /// the common uncompressed formats; 2D textures and cube maps), read once through its header.
    private func decodedImage() throws -> RGBAImage {
        let description = try TextureFileDescription.read(
            from: URL(fileURLWithPath: input), pixelLimit: limits.pixelLimit)
        if description.pvrtcFormat != nil, description.faceCount == 1 {
            // Checked as strictly as every PVRTC reader reads it (size fields, the file's end).
            _ = try description.pvrtcFile()
        }
        return description.orientation.upright(
            try description.image(level: level, face: face, threads: Parallel.processorCount))
    }
}
