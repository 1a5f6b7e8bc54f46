import ArgumentParser
import FileIO
import Foundation
import PVRTC
import TextureFormats

/// `pvrc info FILE`: the container, size, format and mip levels of a PVRTC texture file.
struct InfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe a PVRTC texture file (.pvr v2/v3, .ktx): container, size, format, metadata, levels."
    )

    @Argument(help: "The texture file.")
    var file: String

    func run() async throws {
        try await CommandFailure.reporting {
            let url = URL(fileURLWithPath: file)
            let bytes = try FileBytes.read(url)
            let (wrapper, contents) = try CompressedTextureWrapper.unwrap(bytes, file: file)
            let textureFile: TextureFile
            do {
                textureFile = try TextureFile.parse(contents, file: file)
            } catch TextureFormatError.unsupportedPixelFormat, TextureFormatError.unsupportedFeature {
                // Not a PVRTC1 4bpp 2D texture: describe whatever the header says.
                printDescription(try TextureFileDescription.parse(bytes, file: file), compressedSize: bytes.count)
                return
            }
            let texture = textureFile.texture
            print("file: \(file)")
            if let wrapper {
                let layer = wrapper == .pvrCCZ ? "CCZ (cocos2d, zlib)" : "gzip"
                print("container: \(textureFile.container.displayName) in \(layer)")
                print("compressed: \(bytes.count) bytes, inflated: \(contents.count) bytes")
            } else {
                print("container: \(textureFile.container.displayName)")
            }
            print("size: \(texture.width)x\(texture.height)")
            print("format: \(texture.format.displayName) \(texture.hasAlpha ? "RGBA" : "RGB")")
            if texture.width != texture.height {
                print("note: non-square; valid PVRTC1, but iOS refuses non-square PVRTC textures")
            }
            for line in metadataLines(textureFile) {
                print(line)
            }
            print("levels: \(texture.levels.count)")
            for (index, level) in texture.levels.enumerated() {
                print("  level \(index): \(level.width)x\(level.height), \(level.data.count) bytes")
            }
            print("data: \(texture.levels.reduce(0) { $0 + $1.data.count }) bytes")
        }
    }

    /// Prints any texture file's description: format, sizes, faces, levels, header details, metadata.
    private func printDescription(_ description: TextureFileDescription, compressedSize: Int) {
        print("file: \(file)")
        var container = description.container.displayName
        if let wrapper = description.wrapper {
            container += wrapper == .pvrCCZ ? " in CCZ (cocos2d, zlib)" : " in gzip"
        }
        print("container: \(container)")
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
        let decodable = format.packing != nil || format.name.hasPrefix("PVRTC1 4bpp")
        print("decode: " + (decodable ? "yes" : "no (pvrc decodes PVRTC1 4bpp and the common uncompressed formats)"))
    }

    /// The orientation, colour space and alpha lines, saying where a container has no field.
    private func metadataLines(_ file: TextureFile) -> [String] {
        let metadata = file.texture.metadata
        let orientation = "orientation: \(metadata.orientation)"
        switch file.container {
        case .pvr2:
            return [
                orientation + " (v2 vertical-flip flag)",
                "colour space: not recorded (PVR v2 has no colour-space field; read as linear)",
                "alpha: not recorded (PVR v2 has no premultiplied flag; read as straight)",
            ]
        case .pvr3:
            let field = metadata.colorSpace == .srgb ? 1 : 0
            return [
                orientation + " (metadata key 3)",
                "colour space: \(metadata.colorSpace) (colour space field \(field))",
                "alpha: " + (metadata.isPremultiplied ? "premultiplied (flag 0x02)" : "straight"),
            ]
        case .ktx, .pvrCCZ, .pvrGzip:
            let format = metadata.colorSpace == .srgb ? "sRGB internal format" : "non-sRGB internal format"
            return [
                orientation + " (KTXorientation)",
                "colour space: \(metadata.colorSpace) (\(format))",
                "alpha: " + (metadata.isPremultiplied ? "premultiplied (pvrc.premultipliedAlpha)" : "straight"),
            ]
        case .ktx2, .ktx2Zstd:
            let format = metadata.colorSpace == .srgb ? "vkFormat 1000054005, sRGB" : "vkFormat 1000054001, UNORM"
            return [
                orientation + " (KTXorientation)",
                "colour space: \(metadata.colorSpace) (\(format))",
                "alpha: " + (metadata.isPremultiplied ? "premultiplied (DFD flag)" : "straight"),
                "supercompression: " + (file.container == .ktx2Zstd ? "Zstandard" : "none"),
            ]
        }
    }
}
