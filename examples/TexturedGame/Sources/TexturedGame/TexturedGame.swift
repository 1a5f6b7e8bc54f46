import Foundation
import PVRTC
import TextureFormats

/// Loads every `.pvr` texture the PVRTCTextures plugin bundled and decodes its first level on the
/// CPU (every face's, for a cube map): `decoded NAME WIDTHxHEIGHT RGB|RGBA, N levels` per texture,
/// `..., 6 faces` for a cube map; exit status 1 if there is none or one does not parse.
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
            let name = url.path.dropFirst((Bundle.module.resourceURL?.path.count ?? 0) + 1)
            let description = try TextureFileDescription.read(from: url)
            let faces: [PVRTCTexture]
            let hasAlpha: Bool
            if description.faceCount == 6 {
                faces = try PVRTCCubeMap.parse(Array(Data(contentsOf: url)), file: String(name)).faces
                hasAlpha = description.hasAlpha
            } else {
                faces = [try TextureFile.read(from: url).texture]
                hasAlpha = faces[0].hasAlpha
            }
            let images = try faces.map { PVRTCDecoder.decode(try $0.level(0)) }
            let kind = hasAlpha ? "RGBA" : "RGB"
            let cube = faces.count == 6 ? ", 6 faces" : ""
            print(
                "decoded \(name) \(images[0].width)x\(images[0].height) \(kind), \(faces[0].levels.count) levels\(cube)"
            )
        }
    }
}
