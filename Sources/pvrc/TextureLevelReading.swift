import Foundation
import PVRTC
import TextureFormats

/// Reads the texture file at `path` and picks mip level `level`, the way `decode`, `render` and
/// `compare` take a level from a file.
/// - Throws: the reader's `TextureFormatError`, or a ``CommandFailure`` naming `path` when the file
///   has no such level.
func readTextureLevel(path: String, level: Int) throws -> (texture: PVRTCTexture, image: PVRTCImage) {
    let texture = try TextureFile.read(from: URL(fileURLWithPath: path)).texture
    do {
        return (texture, try texture.level(level))
    } catch let problem as PVRTCError {
        throw CommandFailure(file: path, reason: problem.description)
    }
}
