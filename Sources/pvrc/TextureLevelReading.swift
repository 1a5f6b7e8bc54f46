import Foundation
import Imaging
import PVRTC
import TextureFormats

/// Reads the PVRTC (PVRTC1 or PVRTC2) texture file at `path` and picks mip level `level`, the way `render` and
/// `compare` take a level from a file.
/// - Parameter pixelLimit: Refuses a texture whose level 0 is larger, from its header, before its
///   levels are read.
/// - Throws: the reader's `TextureFormatError`, or a ``CommandFailure`` naming `path` when the file
///   has no such level.
func readTextureLevel(path: String, level: Int, pixelLimit: PixelLimit) throws -> (
    texture: PVRTCTexture, image: PVRTCImage
) {
    let texture = try TextureFile.read(from: URL(fileURLWithPath: path), pixelLimit: pixelLimit).texture
    do {
        return (texture, try texture.level(level))
    } catch let problem as PVRTCError {
        throw CommandFailure(file: path, reason: problem.description)
    }
}
