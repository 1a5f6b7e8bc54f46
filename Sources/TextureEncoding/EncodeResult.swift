import Foundation
import Imaging
import PVRTC
import TextureFormats

/// What an ``EncodeJob`` produced: the texture in its container, the warnings and the reference
/// image the encoder saw.
public struct EncodeResult: Sendable {
    /// The texture and its container.
    public let file: TextureFile
    /// What the container cannot record of the texture (empty when it records everything).
    public let warnings: [EncodeWarning]
    /// Level 0 as the encoder was asked to reproduce it: resized, flipped and premultiplied as the
    /// options say, in the orientation the texture stores (`PVRTCEncoder.referenceLevels(_:options:)`).
    public let reference: RGBAImage

    /// The texture.
    public var texture: PVRTCTexture { file.texture }

    /// The complete file's bytes.
    public var bytes: [UInt8] { file.serialized() }

    /// A result.
    ///
    /// - Parameters:
    ///   - file: The texture and its container.
    ///   - warnings: What the container cannot record.
    ///   - reference: Level 0 as the encoder saw it.
    public init(file: TextureFile, warnings: [EncodeWarning], reference: RGBAImage) {
        self.file = file
        self.warnings = warnings
        self.reference = reference
    }

    /// Writes the file atomically (temporary file, then rename): `url` holds either its old content
    /// or the whole new file.
    ///
    /// - Parameter url: The texture file to write.
    /// - Throws: `TextureFormatError.io(file:reason:)` naming `url`.
    public func write(to url: URL) throws {
        try file.write(to: url)
    }
}
