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
        let file = description.file
        guard let format = description.pvrtcFormat, description.faceOffsets != nil else {
            throw TextureFormatError.unsupportedPixelFormat(file: file, format: description.pixelFormat.name)
        }
        guard description.faceCount == 6 else {
            throw TextureFormatError.unsupportedFeature(
                file: file, reason: "\(description.faceCount) face(s); a cube map has 6")
        }
        let metadata = TextureMetadata(orientation: description.orientation)
        var faces: [PVRTCTexture] = []
        for face in 0..<6 {
            var levels: [PVRTCImage] = []
            for level in 0..<description.levelCount {
                let data = Array(try description.faceBytes(level: level, face: face))
                do {
                    levels.append(
                        try PVRTCImage(
                            width: max(description.width >> level, 1), height: max(description.height >> level, 1),
                            data: data, format: format))
                } catch {
                    throw TextureFormatError.invalidDimensions(file: file, reason: "\(error)")
                }
            }
            do {
                faces.append(try PVRTCTexture(levels: levels, hasAlpha: true, metadata: metadata))
            } catch {
                throw TextureFormatError.invalidDimensions(file: file, reason: "\(error)")
            }
        }
        try self.init(faces: faces)
    }

    /// The complete file in `container`'s cube layout.
    public func serialized(as container: TextureContainer) -> [UInt8] {
        let texture = shape
        let levelCount = texture.levels.count
        switch container {
        case .pvr2:
            var header = PVRv2Writer.header(for: texture)
            header.pixelFormatFlags |= PVRv2Header.flagCubemap
            header.surfaceCount = 6
            var writer = ByteWriter()
            header.write(to: &writer)
            for face in faces {
                for level in face.levels { writer.append(level.data) }
            }
            return writer.bytes
        case .pvr3, .pvrCCZ, .pvrGzip:
            var header = PVRv3Writer.header(for: texture)
            header.faceCount = 6
            var writer = ByteWriter()
            header.write(to: &writer)
            writer.append(PVRv3Writer.orientationMetadata(texture.metadata.orientation))
            for level in 0..<levelCount {
                for face in faces { writer.append(face.levels[level].data) }
            }
            switch container {
            case .pvrCCZ: return CompressedTextureWrapper.wrapCCZ(writer.bytes)
            case .pvrGzip: return CompressedTextureWrapper.wrapGzip(writer.bytes)
            default: return writer.bytes
            }
        case .ktx:
            var header = KTXWriter.header(for: texture)
            header.numberOfFaces = 6
            var writer = ByteWriter()
            header.write(to: &writer)
            writer.append(KTXKeyValueData.serialize(texture.metadata))
            for level in 0..<levelCount {
                writer.uint32(UInt32(texture.levels[level].data.count))
                for face in faces { writer.append(face.levels[level].data) }
            }
            return writer.bytes
        case .ktx2, .ktx2Zstd:
            return KTX2Writer.serialize(
                levels: (0..<levelCount).map { level in faces.map { $0.levels[level].data } },
                width: texture.width, height: texture.height, format: texture.format, metadata: texture.metadata,
                zstd: container == .ktx2Zstd)
        }
    }

    /// Writes ``serialized(as:)`` to `url` atomically (temporary file, then rename).
    /// - Throws: ``TextureFormatError/io(file:reason:)``.
    public func write(to url: URL, as container: TextureContainer) throws {
        do {
            try AtomicFileWriter.write(serialized(as: container), to: url)
        } catch {
            throw TextureFormatError(error)
        }
    }
}
