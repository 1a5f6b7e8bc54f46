import FileIO
import Foundation
import Imaging
import PVRTC

/// A PVRTC1 texture (4bpp or 2bpp) together with the container it is (or will be) stored in.
public struct TextureFile: Sendable, Equatable {
    /// The container format.
    public var container: TextureContainer
    /// The texture: levels with Morton-ordered block bytes, and whether it is RGBA.
    public var texture: PVRTCTexture

    /// Pairs a texture with a container.
    public init(container: TextureContainer, texture: PVRTCTexture) {
        self.container = container
        self.texture = texture
    }

    /// Detects the container from the file's signature and reads its PVRTC texture.
    ///
    /// A file that starts with `CCZ!` or gzip's 1F 8B is inflated first (see
    /// ``CompressedTextureWrapper``) and the file inside is read; the result's container is then
    /// ``TextureContainer/pvrCCZ`` or ``TextureContainer/pvrGzip``. Detection of the file itself: the
    /// 12-byte «KTX 20» identifier for KTX 2, «KTX at offset 0 for KTX 1.1 (any other damage to the
    /// 12-byte identifier as an invalid header), 'P','V','R',3 at offset 0 for PVR v3 (its byte-swapped
    /// form is reported as unsupported), 'PVR!' at offset 44 or a `headerSize` of 52 (or v1's 44) at
    /// offset 0 for PVR v2. The file is read once, through ``TextureFileDescription``, whose header
    /// checks a PVRTC file must pass.
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - file: the name used in error messages.
    /// - Throws: ``TextureFormatError`` naming `file` and the problem.
    public static func parse(_ bytes: [UInt8], file: String) throws -> TextureFile {
        try TextureFileDescription.parse(bytes, file: file, pixelLimit: .unlimited).pvrtcFile()
    }

    /// The container whose signature `bytes` carries, or `nil`.
    static func detect(_ bytes: [UInt8]) -> TextureContainer? {
        if let wrapper = CompressedTextureWrapper.detect(bytes) {
            return wrapper
        }
        if bytes.starts(with: KTX2Layout.identifier) {
            return .ktx2
        }
        if bytes.starts(with: KTXHeader.identifier.prefix(4)) {
            return .ktx
        }
        guard bytes.count >= 4 else { return nil }
        var reader = ByteReader(bytes, file: "")
        let first = (try? reader.uint32("signature")) ?? 0
        if first == PVRv3Header.version || first == PVRv3Header.swappedVersion {
            return .pvr3
        }
        if first == PVRv2Header.headerSizeV2 || first == PVRv2Header.headerSizeV1 {
            return .pvr2
        }
        if bytes.count >= PVRv2Header.tagOffset + 4 {
            var tagReader = ByteReader(bytes, file: "", offset: PVRv2Header.tagOffset)
            if (try? tagReader.uint32("pvrTag")) == PVRv2Header.tag {
                return .pvr2
            }
        }
        return nil
    }

    /// Reads and parses the file at `url`; errors name the file as given (its relative path stays relative).
    ///
    /// The header is read first (``TextureFileDescription/read(from:pixelLimit:)``), then only the bytes
    /// its levels occupy: a file far larger than its header says is refused from its size, unread.
    /// - Parameters:
    ///   - url: The file.
    ///   - pixelLimit: Refuses a larger texture from its header, before its levels are read.
    /// - Throws: ``TextureFormatError/io(file:reason:)`` when the file cannot be read, otherwise the
    ///   errors of ``parse(_:file:)``.
    public static func read(from url: URL, pixelLimit: PixelLimit = .unlimited) throws -> TextureFile {
        try TextureFileDescription.read(from: url, pixelLimit: pixelLimit).pvrtcFile()
    }

    /// The complete file in ``container``'s layout; the container must be able to hold the texture's
    /// format (``TextureContainer/canHold(_:)``: PVR v2 cannot hold PVRTC2).
    public func serialized() -> [UInt8] {
        Self.serialize(faces: [texture], as: container)
    }

    /// The complete file of `faces` — one 2D texture, or the six faces of a cube map (+X, −X, +Y, −Y,
    /// +Z, −Z) sharing size, levels and metadata — in `container`'s layout: every container has one
    /// writer, which writes either.
    package static func serialize(faces: [PVRTCTexture], as container: TextureContainer) -> [UInt8] {
        precondition(faces.allSatisfy { container.canHold($0.format) }, "PVR v2 cannot hold PVRTC2")
        switch container {
        case .pvr2: return PVRv2Writer.serialize(faces: faces)
        case .pvr3: return PVRv3Writer.serialize(faces: faces)
        case .ktx: return KTXWriter.serialize(faces: faces)
        case .ktx2: return KTX2Writer.serialize(faces: faces, zstd: false)
        case .ktx2Zstd: return KTX2Writer.serialize(faces: faces, zstd: true)
        case .pvrCCZ: return CompressedTextureWrapper.wrapCCZ(PVRv3Writer.serialize(faces: faces))
        case .pvrGzip: return CompressedTextureWrapper.wrapGzip(PVRv3Writer.serialize(faces: faces))
        }
    }

    /// Writes ``serialized()`` to `url` atomically: a temporary file in the same directory is
    /// written, then renamed over `url`, so no partial file is ever left behind.
    /// - Throws: ``TextureFormatError/unsupportedFeature(file:reason:)`` when the container cannot
    ///   hold the texture's format, ``TextureFormatError/io(file:reason:)``.
    public func write(to url: URL) throws {
        try Self.checkHoldable(texture.format, in: container, file: url.path)
        do {
            try AtomicFileWriter.write(serialized(), to: url)
        } catch {
            throw TextureFormatError(error)
        }
    }
}

extension TextureFile: CustomStringConvertible {
    /// For example `PVR v2 (legacy): 256x256 PVRTC1 4bpp RGBA texture, 9 levels`.
    public var description: String { "\(container.displayName): \(texture)" }
}

extension TextureFile {
    /// Throws unless `container` can hold `format` (``TextureContainer/canHold(_:)``).
    /// - Throws: ``TextureFormatError/unsupportedFeature(file:reason:)`` naming `file`.
    static func checkHoldable(_ format: PVRTCFormat, in container: TextureContainer, file: String) throws {
        guard container.canHold(format) else {
            throw TextureFormatError.unsupportedFeature(
                file: file,
                reason: "\(container.displayName) cannot hold \(format.displayName); write PVR v3, KTX or KTX 2")
        }
    }
}
