import FileIO
import Foundation
import Imaging
import PVRTC
import TextureFormats

/// What an ``EncodeJob`` produced: the texture (one face, or a cube map's six) in its container, the
/// warnings and the reference image the encoder saw.
public struct EncodeResult: Sendable {
    /// The container written.
    public let container: TextureContainer
    /// The faces: one for a 2D texture, six (+X, −X, +Y, −Y, +Z, −Z) for a cube map, all of one size,
    /// level count, alpha and metadata.
    public let faces: [PVRTCTexture]
    /// What the container cannot record of the texture (empty when it records everything).
    public let warnings: [EncodeWarning]
    /// Level 0 of the first face as the encoder was asked to reproduce it: resized, flipped and
    /// premultiplied as the options say, in the orientation the texture stores
    /// (``EncodeOptions/referenceLevels(_:)``).
    public let reference: RGBAImage

    /// The texture, or a cube map's first face (its size, levels, alpha and metadata are every face's).
    public var texture: PVRTCTexture { faces[0] }

    /// Whether the result is a cube map (six faces).
    public var isCubeMap: Bool { faces.count == 6 }

    /// The complete file's bytes, in ``container``'s layout for one texture or a cube map.
    public var bytes: [UInt8] { TextureFile.serialize(faces: faces, as: container) }

    /// A result of one 2D texture.
    ///
    /// - Parameters:
    ///   - file: The texture and its container.
    ///   - warnings: What the container cannot record.
    ///   - reference: Level 0 as the encoder saw it.
    public init(file: TextureFile, warnings: [EncodeWarning], reference: RGBAImage) {
        self.init(container: file.container, faces: [file.texture], warnings: warnings, reference: reference)
    }

    /// A result of one texture or a cube map.
    ///
    /// - Parameters:
    ///   - container: The container written.
    ///   - faces: One texture, or a cube map's six faces.
    ///   - warnings: What the container cannot record.
    ///   - reference: Level 0 of the first face as the encoder saw it.
    package init(container: TextureContainer, faces: [PVRTCTexture], warnings: [EncodeWarning], reference: RGBAImage) {
        self.container = container
        self.faces = faces
        self.warnings = warnings
        self.reference = reference
    }

    /// Writes the file atomically (temporary file, then rename): `url` holds either its old content
    /// or the whole new file.
    ///
    /// - Parameter url: The texture file to write.
    /// - Throws: `TextureFormatError.io(file:reason:)` naming `url`.
    public func write(to url: URL) throws {
        do {
            try AtomicFileWriter.write(bytes, to: url)
        } catch {
            throw TextureFormatError.io(file: error.file, reason: error.reason)
        }
    }
}
