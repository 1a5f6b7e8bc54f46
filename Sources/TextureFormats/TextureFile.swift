import FileIO
import Foundation
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

    /// Detects the container from the file's signature and parses it.
    ///
    /// Detection: «KTX at offset 0 for KTX (a KTX 2 identifier is reported as unsupported, any other
    /// damage to the 12-byte identifier as an invalid header),
    /// 'P','V','R',3 at offset 0 for PVR v3 (its byte-swapped form is reported as unsupported),
    /// 'PVR!' at offset 44 or a `headerSize` of 52 (or v1's 44) at offset 0 for PVR v2. A file too short
    /// for its header is reported as truncated by the matching reader.
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - file: the name used in error messages.
    /// - Throws: ``TextureFormatError`` naming `file` and the problem.
    public static func parse(_ bytes: [UInt8], file: String) throws -> TextureFile {
        guard let container = detect(bytes) else {
            if bytes.isEmpty {
                throw TextureFormatError.truncated(file: file, reason: "the file is empty")
            }
            throw TextureFormatError.unrecognizedContainer(file: file)
        }
        let texture: PVRTCTexture
        switch container {
        case .pvr2: texture = try PVRv2Reader.read(bytes, file: file)
        case .pvr3: texture = try PVRv3Reader.read(bytes, file: file)
        case .ktx: texture = try KTXReader.read(bytes, file: file)
        }
        return TextureFile(container: container, texture: texture)
    }

    /// The container whose signature `bytes` carries, or `nil`.
    static func detect(_ bytes: [UInt8]) -> TextureContainer? {
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
    /// - Throws: ``TextureFormatError/io(file:reason:)`` when the file cannot be read, otherwise the
    ///   errors of ``parse(_:file:)``.
    public static func read(from url: URL) throws -> TextureFile {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(url)
        } catch {
            throw TextureFormatError(error)
        }
        return try parse(bytes, file: FileIOError.name(of: url))
    }

    /// The complete file in ``container``'s layout.
    public func serialized() -> [UInt8] {
        switch container {
        case .pvr2: return PVRv2Writer.serialize(texture)
        case .pvr3: return PVRv3Writer.serialize(texture)
        case .ktx: return KTXWriter.serialize(texture)
        }
    }

    /// Writes ``serialized()`` to `url` atomically: a temporary file in the same directory is
    /// written, then renamed over `url`, so no partial file is ever left behind.
    /// - Throws: ``TextureFormatError/io(file:reason:)``.
    public func write(to url: URL) throws {
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
