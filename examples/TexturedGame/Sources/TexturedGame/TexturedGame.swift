import Foundation
import PVRTC
import TextureFormats

/// Loads every `.pvr` texture the PVRTCTextures plugin bundled and decodes its first level on the
/// CPU: `decoded NAME WIDTHxHEIGHT RGB|RGBA, N levels` per texture; exit status 1 if there is none
/// or one does not parse.
@main
enum TexturedGame {
    static func main() throws {
        var textures: [URL] = []
        if let resources = Bundle.module.resourceURL,
            let enumerator = FileManager.default.enumerator(at: resources, includingPropertiesForKeys: nil)
        {
            for case let url as URL in enumerator where url.pathExtension == "pvr" {
                textures.append(url)
            }
        }
        textures.sort { $0.path < $1.path }
        guard !textures.isEmpty else {
            FileHandle.standardError.write(Data("TexturedGame: no .pvr resources in the bundle\n".utf8))
            exit(1)
        }
        for url in textures {
            let file = try TextureFile.read(from: url)
            let level = try file.texture.level(0)
            let image = PVRTCDecoder.decode(level)
            let kind = file.texture.hasAlpha ? "RGBA" : "RGB"
            let name = url.path.dropFirst((Bundle.module.resourceURL?.path.count ?? 0) + 1)
            print("decoded \(name) \(image.width)x\(image.height) \(kind), \(file.texture.levels.count) levels")
        }
    }
}
