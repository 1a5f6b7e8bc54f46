import ArgumentParser
import FileIO
import Foundation
import PVRTC
import TextureFormats

/// `pvrc info FILE`: the container, size, format, metadata and mip levels of a texture file, from its
/// header alone (the levels are not read).
struct InfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract:
            "Describe a texture file (.pvr v2/v3, .ktx, .ktx2, .pvr.ccz, .pvr.gz): container, size, format, metadata, levels."
    )

    @Argument(help: "The texture file.")
    var file: String

    func run() async throws {
        try await CommandFailure.reporting {
            let url = URL(fileURLWithPath: file)
            let description = try TextureFileDescription.readHeader(from: url)
            let isPVRTC2D =
                description.pvrtcFormat != nil && description.faceCount == 1 && description.arrayCount == 1
                && description.depth == 1
            if isPVRTC2D {
                // Checked as strictly as `decode` reads it: the levels' bytes, size fields and end.
                let full = try TextureFileDescription.read(from: url, pixelLimit: .unlimited)
                _ = try full.pvrtcFile()
                printPVRTC(full)
            } else {
                printDescription(description)
            }
        }
    }

    /// The file line and the container line (with its wrapper and sizes when wrapped).
    private func printContainer(_ description: TextureFileDescription, pvrtc: Bool) {
        print("file: \(PrintableText.escaped(file))")
        let container = description.container.displayName
        guard let wrapper = description.wrapper else {
            print("container: \(container)")
            return
        }
        let layer = wrapper == .pvrCCZ ? "CCZ (cocos2d, zlib)" : "gzip"
        print("container: \(container) in \(layer)")
        if pvrtc {
            print("compressed: \(description.storedByteCount) bytes, inflated: \(description.containerByteCount) bytes")
        }
    }

    /// A PVRTC 2D texture: size, format (for PVRTC2, the GPUs that sample it), orientation, colour
    /// space, alpha, levels.
    private func printPVRTC(_ description: TextureFileDescription) {
        printContainer(description, pvrtc: true)
        let format = description.pvrtcFormat?.displayName ?? description.pixelFormat.name
        print("size: \(description.width)x\(description.height)")
        print("format: \(format) \(description.hasAlpha ? "RGBA" : "RGB")")
        if let sampling = description.nativeSampling {
            print("native sampling: \(sampling)")
        } else if description.width != description.height {
            print("note: non-square; valid PVRTC1, but iOS refuses non-square PVRTC textures")
        }
        for line in metadataLines(description) {
            print(line)
        }
        print("levels: \(description.levelCount)")
        let counts = description.levelByteCounts ?? []
        for (index, count) in counts.enumerated() {
            print(
                "  level \(index): \(max(description.width >> index, 1))x\(max(description.height >> index, 1)), \(count) bytes"
            )
        }
        print("data: \(counts.reduce(0, +)) bytes")
    }

    /// Prints any texture file's description: format, sizes, faces, levels, header details, metadata.
    private func printDescription(_ description: TextureFileDescription) {
        printContainer(description, pvrtc: false)
        let depth = description.depth > 1 ? "x\(description.depth)" : ""
        print("size: \(description.width)x\(description.height)\(depth)")
        let format = description.pixelFormat
        var formatLine = "format: \(format.name) (\(description.formatCode))"
        if let channels = format.channelSummary { formatLine += ", channels \(channels)" }
        if format.bitsPerPixel > 0 { formatLine += ", \(format.bitsPerPixel) bits per pixel" }
        formatLine += format.isCompressed ? ", block-compressed" : ", uncompressed"
        print(formatLine)
        print(
            "faces: \(description.faceCount)"
                + (description.faceCount == 6 ? " (cube map: +X, -X, +Y, -Y, +Z, -Z)" : ""))
        if description.arrayCount > 1 { print("array surfaces: \(description.arrayCount)") }
        print("orientation: \(description.orientation)")
        for line in description.details { print(line) }
        for line in description.metadata { print("metadata: \(line)") }
        print("levels: \(description.levelCount)")
        for index in 0..<description.levelCount {
            let size = "\(max(description.width >> index, 1))x\(max(description.height >> index, 1))"
            if let counts = description.levelByteCounts {
                let perFace = description.faceCount > 1 ? " per face" : ""
                print("  level \(index): \(size), \(counts[index]) bytes\(perFace)")
            } else {
                print("  level \(index): \(size)")
            }
        }
        let decodable = format.packing != nil || description.pvrtcFormat != nil
        print(
            "decode: "
                + (decodable
                    ? "yes" : "no (pvrc decodes PVRTC1 and PVRTC2 at 4 and 2 bpp and the common uncompressed formats)"))
    }

    /// The orientation, colour space and alpha lines, saying where a container has no field.
    private func metadataLines(_ description: TextureFileDescription) -> [String] {
        let orientation = "orientation: \(description.orientation)"
        let colorSpace = description.colorSpace
        let premultiplied = description.isPremultiplied
        switch description.container {
        case .pvr2:
            return [
                orientation + " (v2 vertical-flip flag)",
                "colour space: not recorded (PVR v2 has no colour-space field; read as linear)",
                "alpha: not recorded (PVR v2 has no premultiplied flag; read as straight)",
            ]
        case .pvr3:
            return [
                orientation + " (metadata key 3)",
                "colour space: \(colorSpace) (colour space field \(colorSpace == .srgb ? 1 : 0))",
                "alpha: " + (premultiplied ? "premultiplied (flag 0x02)" : "straight"),
            ]
        case .ktx, .pvrCCZ, .pvrGzip:
            let format = colorSpace == .srgb ? "sRGB internal format" : "non-sRGB internal format"
            return [
                orientation + " (KTXorientation)",
                "colour space: \(colorSpace) (\(format))",
                "alpha: " + (premultiplied ? "premultiplied (pvrc.premultipliedAlpha)" : "straight"),
            ]
        case .ktx2, .ktx2Zstd:
            let format = description.formatCode + (colorSpace == .srgb ? ", sRGB" : ", UNORM")
            return [
                orientation + " (KTXorientation)",
                "colour space: \(colorSpace) (\(format))",
                "alpha: " + (premultiplied ? "premultiplied (DFD flag)" : "straight"),
                "supercompression: " + (description.container == .ktx2Zstd ? "Zstandard" : "none"),
            ]
        }
    }
}
