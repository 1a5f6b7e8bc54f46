import ArgumentParser
import Foundation
import PVRTC
import TextureFormats

/// `pvrc info FILE`: the container, size, format and mip levels of a PVRTC texture file.
struct InfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe a PVRTC texture file (.pvr v2/v3, .ktx): container, size, format, levels."
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
            print("format: PVRTC1 4bpp \(texture.hasAlpha ? "RGBA" : "RGB")")
            print("levels: \(texture.levels.count)")
            for (index, level) in texture.levels.enumerated() {
                print("  level \(index): \(level.width)x\(level.height), \(level.data.count) bytes")
            }
            print("data: \(texture.levels.reduce(0) { $0 + $1.data.count }) bytes")
        }
    }
}
