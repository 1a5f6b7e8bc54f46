import ArgumentParser
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
            let textureFile = try TextureFile.read(from: URL(fileURLWithPath: file))
            let texture = textureFile.texture
            print("file: \(file)")
            print("container: \(textureFile.container.displayName)")
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
        case .ktx:
            let format = metadata.colorSpace == .srgb ? "sRGB internal format" : "non-sRGB internal format"
            return [
                orientation + " (KTXorientation)",
                "colour space: \(metadata.colorSpace) (\(format))",
                "alpha: " + (metadata.isPremultiplied ? "premultiplied (pvrc.premultipliedAlpha)" : "straight"),
            ]
        }
    }
}
