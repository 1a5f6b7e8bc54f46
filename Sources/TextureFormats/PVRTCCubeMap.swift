import FileIO
import Foundation
import PVRTC

/// A PVRTC1 (4bpp or 2bpp) cube map: six faces in the order +X, −X, +Y, −Y, +Z, −Z (the GL / Vulkan / KTX face
/// order), each a square texture of the same size, levels, alpha and metadata.
///
/// Written by ``serialized(as:)`` in each container's own cube layout:
/// - PVR v2: `CUBEMAP` flag 0x1000 and `numSurfs` 6; surfaces one after another, each face with all its
///   levels (the PowerVR SDK's legacy reader divides `numSurfs` by 6 and reads face-major);
/// - PVR v3 (also inside `.pvr.ccz` / `.pvr.gz`): `numFaces` 6; for each level, the six faces;
/// - KTX 1.1: `numberOfFaces` 6; for each level, `imageSize` of **one** face, then the six faces (a
///   PVRTC face is a multiple of 8 bytes, so no cube padding);
/// - KTX 2.0: `faceCount` 6; each level-index entry covers the six faces of its level.
///
/// Read back by ``parse(_:file:)`` from the same layouts (through ``TextureFileDescription``).
public struct PVRTCCubeMap: Sendable, Equatable {
    /// The faces, +X, −X, +Y, −Y, +Z, −Z.
    public let faces: [PVRTCTexture]

    /// Checks and keeps six faces.
    /// - Throws: ``TextureFormatError/invalidDimensions(file:reason:)`` (file `<cube map>`) unless there
    ///   are six square faces of one size, format and level count with the same alpha and metadata.
    public init(faces: [PVRTCTexture]) throws {
        guard faces.count == 6, let first = faces.first else {
            throw TextureFormatError.invalidDimensions(
                file: "<cube map>", reason: "a cube map has 6 faces, not \(faces.count)")
        }
        guard first.width == first.height else {
            throw TextureFormatError.invalidDimensions(
                file: "<cube map>", reason: "cube faces must be square, not \(first.width)x\(first.height)")
        }
        for (index, face) in faces.enumerated()
        where face.width != first.width || face.height != first.height || face.levels.count != first.levels.count
            || face.hasAlpha != first.hasAlpha || face.metadata != first.metadata || face.format != first.format
        {
            throw TextureFormatError.invalidDimensions(
                file: "<cube map>",
                reason:
                    "face \(index) is \(face.width)x\(face.height) with \(face.levels.count) levels; face 0 is \(first.width)x\(first.height) with \(first.levels.count)"
            )
        }
        self.faces = faces
    }

    /// Face 0's size, levels, alpha and metadata (all faces share them).
    public var shape: PVRTCTexture { faces[0] }

    /// Reads a cube map of PVRTC1 4bpp or 2bpp faces from any container pvrc reads.
    /// - Throws: ``TextureFormatError`` naming `file`: not PVRTC1, not six faces, or a damaged file.
    public static func parse(_ bytes: [UInt8], file: String) throws -> PVRTCCubeMap {
        try PVRTCCubeMap(TextureFileDescription.parse(bytes, file: file))
    }

    /// The cube map a described file holds (see ``parse(_:file:)``), from the bytes already read.
    /// - Throws: ``TextureFormatError`` naming the file: not PVRTC1, not six faces, or a damaged file.
    package init(_ description: TextureFileDescription) throws {
        guard description.faceCount == 6 else {
            throw TextureFormatError.unsupportedFeature(
                file: description.file, reason: "\(description.faceCount) face(s); a cube map has 6")
        }
        try self.init(faces: description.pvrtcFaces())
    }

    /// The complete file in `container`'s cube layout (each container's one writer, given six faces).
    public func serialized(as container: TextureContainer) -> [UInt8] {
        TextureFile.serialize(faces: faces, as: container)
    }

    /// Writes ``serialized(as:)`` to `url` atomically (temporary file, then rename).
    /// - Throws: ``TextureFormatError/unsupportedFeature(file:reason:)`` when the container cannot
    ///   hold the faces' format, ``TextureFormatError/io(file:reason:)``.
    public func write(to url: URL, as container: TextureContainer) throws {
        try TextureFile.checkHoldable(shape.format, in: container, file: url.path)
        do {
            try AtomicFileWriter.write(serialized(as: container), to: url)
        } catch {
            throw TextureFormatError(error)
        }
    }
}
