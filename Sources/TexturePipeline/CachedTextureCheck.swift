import EncodeJobs
import ImageFiles
import Imaging
import PVRTC
import PVRTCSearch
import TextureFormats
import TextureManifest

/// Checks a cache entry against the texture being built before it is used. The source tells the
/// level 0 size the encoder would give it (after `--max-size`, `--square` and `--pot`; either
/// orientation, since EXIF orientation may turn it), and so the most bytes a valid entry can have:
/// ``maximumFileSize``, which caps what a cache may send (a pointer promising more is refused
/// before anything is fetched). Before the entry is parsed, its bytes are checked against that size
/// and against the container being built, including the size a compressed entry declares it
/// inflates to (CCZ, gzip, KTX 2 Zstandard levels), so an entry that is a decompression bomb costs
/// its own few bytes, not gigabytes. Then it is parsed, and its level 0 must have that size and its
/// level count must fit `--mipmaps`: an entry whose pointer and bytes agree may still be poisoned
/// or collide.
package struct CachedTextureCheck {
    /// Bytes a texture file may have besides its levels: headers, metadata, key/value data.
    static let headerAllowance = 64 << 10

    /// The container being built.
    let container: TextureContainer
    /// The level 0 size the encoder gives the source (`nil` when the source cannot be decoded).
    let expected: (width: Int, height: Int)?
    /// Whether the texture has a mip chain.
    let mipmaps: Bool
    /// The faces: 1 for a 2D texture, 6 for a cube map (whose entry is read as one, face 0 checked).
    let faces: Int
    /// The most bytes a valid entry can have: its levels at the size the encoder gives the source
    /// (none for a source over the pixel limit), plus ``headerAllowance``.
    package let maximumFileSize: Int

    /// The check for the texture of `input` under `settings`.
    ///
    /// - Parameters:
    ///   - input: The source file's bytes.
    ///   - settings: The effective settings.
    ///   - faces: 1 for a 2D texture, 6 for a cube map whose first face `input` is.
    package init(input: [UInt8], settings: TextureSettings, faces: Int = 1) {
        self.faces = faces
        let options = settings.options
        container = settings.container
        let source: (width: Int, height: Int)?
        if let header = ImageFileFormat.declaredSize(of: input) {
            source = header
        } else if let image = try? ImageFile.decode(input, file: "", pixelLimit: options.pixelLimit) {
            source = (image.width, image.height)
        } else {
            source = nil
        }
        expected = source.map { Self.expectedSize(width: $0.width, height: $0.height, options: options) }
        mipmaps = options.mipmaps
        var levelBytes = 0
        // A source over the pixel limit cannot be encoded, so no entry can be valid for it; within
        // it, `--pot` and `--square` at most quadruple the pixels.
        if let source, options.pixelLimit.permits(width: source.width, height: source.height),
            let (width, height) = expected
        {
            var level = (width, height)
            while true {
                levelBytes += options.format.byteCount(width: level.0, height: level.1)
                guard mipmaps, level.0 > 1 || level.1 > 1 else { break }
                level = (max(level.0 / 2, 1), max(level.1 / 2, 1))
            }
        }
        maximumFileSize = levelBytes * faces + Self.headerAllowance
    }

    /// The texture in `bytes`, checked.
    ///
    /// - Parameter bytes: A cache entry (already checked against its pointer).
    /// - Returns: The parsed texture file.
    /// - Throws: `PipelineError` naming `name` when the entry is larger than a valid one can be,
    ///   declares a larger inflated size, is another container, is not a texture file, or does not
    ///   fit the source.
    package func texture(from bytes: [UInt8], name: String) throws -> TextureFile {
        if let problem = problem(beforeParsing: bytes) {
            throw PipelineError(file: name, reason: "\(problem); not parsed")
        }
        let file: TextureFile
        do {
            if faces == 6 {
                let description = try TextureFileDescription.parse(bytes, file: name)
                let cubeMap = try PVRTCCubeMap(description)
                file = TextureFile(container: description.wrapper ?? description.container, texture: cubeMap.faces[0])
            } else {
                file = try TextureFile.parse(bytes, file: name)
            }
        } catch {
            let text = String(describing: error)
            let reason = text.hasPrefix("\(name): ") ? String(text.dropFirst(name.count + 2)) : text
            throw PipelineError(file: name, reason: "is not a valid texture file: \(reason)")
        }
        if let problem = problem(with: file) {
            throw PipelineError(file: name, reason: problem)
        }
        return file
    }

    /// Why `bytes` cannot be a valid entry, found without parsing (or inflating) anything.
    private func problem(beforeParsing bytes: [UInt8]) -> String? {
        guard bytes.count <= maximumFileSize else {
            return "has \(bytes.count) bytes, more than the \(maximumFileSize) of a valid entry"
        }
        let wrapper: TextureContainer? =
            if bytes.starts(with: Array("CCZ".utf8)) { .pvrCCZ } else if bytes.starts(with: [0x1F, 0x8B]) {
                .pvrGzip
            } else if bytes.starts(with: Self.ktx2Identifier) && Self.uint32(bytes, at: 44, bigEndian: false) == 2 {
                .ktx2Zstd
            } else { nil }
        let expectedWrapper: TextureContainer? = [.pvrCCZ, .pvrGzip, .ktx2Zstd].contains(container) ? container : nil
        guard wrapper == expectedWrapper else {
            return "is \(wrapper.map { "a \($0.rawValue)" } ?? "an uncompressed") file, not \(container.rawValue)"
        }
        let declared: Int?
        switch wrapper {
        case .pvrCCZ: declared = Self.uint32(bytes, at: 12, bigEndian: true)
        case .pvrGzip: declared = Self.uint32(bytes, at: bytes.count - 4, bigEndian: false)
        case .ktx2Zstd: declared = Self.ktx2InflatedSize(bytes)
        default: return nil
        }
        guard let declared, declared <= maximumFileSize else {
            return declared.map { "declares \($0) inflated bytes, more than the \(maximumFileSize) of a valid entry" }
                ?? "has a truncated header"
        }
        return nil
    }

    /// Why the parsed `file` cannot be the texture being built, or `nil` when it can.
    private func problem(with file: TextureFile) -> String? {
        guard file.container == container else {
            return "is a \(file.container.rawValue) file, not \(container.rawValue)"
        }
        let texture = file.texture
        guard let expected else { return "its source cannot be decoded" }
        let size = (texture.width, texture.height)
        guard size == expected || size == (expected.1, expected.0) else {
            return "is \(texture.width)x\(texture.height), but the source makes \(expected.0)x\(expected.1)"
        }
        let wantsChain = mipmaps && max(texture.width, texture.height) > 1
        guard (texture.levels.count > 1) == wantsChain else {
            return "has \(texture.levels.count) levels, which does not fit the mipmap option"
        }
        return nil
    }

    /// The level 0 size the encoder gives a `width`×`height` source: `ImageSizeLimit.fittedSize` for
    /// `--max-size`, then `PVRTC1Sizing.preparedSize` for `--square`, `--pot` and rectangular sizes (PVRTC2
    /// sizes included).
    static func expectedSize(width: Int, height: Int, options: EncodeOptions) -> (Int, Int) {
        var size = (width, height)
        if let maxSize = options.maxSize, maxSize >= 1 {
            size = ImageSizeLimit.fittedSize(width: width, height: height, maximumSide: maxSize)
        }
        return PVRTC1Sizing.preparedSize(
            width: size.0, height: size.1, square: options.square, pot: options.pot,
            allowRectangular: options.allowRectangular)
    }

    /// KTX 2's 12-byte file identifier.
    private static let ktx2Identifier: [UInt8] = [
        0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A,
    ]

    /// The bytes a KTX 2 file's levels inflate to in all (the level index's `uncompressedByteLength`
    /// of every level, times the faces and layers it declares), or `nil` when its header or level
    /// index is truncated; `Int.max` when the sum does not fit.
    private static func ktx2InflatedSize(_ bytes: [UInt8]) -> Int? {
        guard let layers = uint32(bytes, at: 32, bigEndian: false), let faces = uint32(bytes, at: 36, bigEndian: false),
            let levels = uint32(bytes, at: 40, bigEndian: false)
        else { return nil }
        var total = 0
        var overflow = false
        for level in 0..<max(levels, 1) {
            let offset = 80 + level * 24 + 16
            guard offset + 8 <= bytes.count else { return nil }
            let length = bytes[offset..<offset + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            guard length <= UInt64(Int.max) else { return Int.max }
            (total, overflow) = total.addingReportingOverflow(Int(length))
            guard !overflow else { return Int.max }
        }
        // A level's uncompressed bytes hold every face and layer; a reader may still allocate per face.
        let (perCopy, copiesOverflow) = max(faces, 1).multipliedReportingOverflow(by: max(layers, 1))
        let (all, totalOverflow) = total.multipliedReportingOverflow(by: perCopy)
        return copiesOverflow || totalOverflow ? Int.max : all
    }

    /// The 32-bit number at `offset`, or `nil` when `bytes` end before it.
    private static func uint32(_ bytes: [UInt8], at offset: Int, bigEndian: Bool) -> Int? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        let field = bytes[offset..<offset + 4]
        return Int((bigEndian ? Array(field) : field.reversed()).reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    }
}
