import PVRTC

/// The file containers pvrc reads and writes.
///
/// Metadata each one records (`TextureMetadata`): PVR v3 has all of it (orientation metadata key 3,
/// flag 0x02 premultiplied, colour space field); KTX 1.1 has `KTXorientation`, the sRGB internal
/// formats and pvrc's `pvrc.premultipliedAlpha` key; KTX 2 has `KTXorientation`, the sRGB vkFormats
/// and the DFD's premultiplied flag; legacy PVR v2 only has the vertical-flip flag.
public enum TextureContainer: String, CaseIterable, Sendable {
    /// Legacy PVR v2 (`PVR!`, 52-byte header): what iOS loaders read; pvrc's default for `.pvr`.
    case pvr2
    /// PVR v3 (`PVR\u{3}`), the current PowerVR container.
    case pvr3
    /// Khronos KTX 1.1.
    case ktx
    /// Khronos KTX 2.0 (`VK_FORMAT_PVRTC1_4BPP_*_BLOCK_IMG`, `VK_FORMAT_PVRTC1_2BPP_*_BLOCK_IMG`), levels
    /// not supercompressed.
    case ktx2
    /// Khronos KTX 2.0 with every level Zstandard-supercompressed (scheme 2).
    case ktx2Zstd = "ktx2-zstd"
    /// A PVR v3 file zlib-compressed in cocos2d's CCZ wrapper (`.pvr.ccz`); reading accepts PVR v2 inside too.
    case pvrCCZ = "pvr-ccz"
    /// A PVR v3 file gzip-compressed (`.pvr.gz`); reading accepts PVR v2 inside too.
    case pvrGzip = "pvr-gz"

    /// The container implied by a path's extension (case-insensitive): `.pvr` gives ``pvr2`` (the
    /// legacy default), `.ktx` gives ``ktx``, `.ktx2` gives ``ktx2``, `.ccz` (`.pvr.ccz`) gives ``pvrCCZ``, `.pvr.gz` gives
    /// ``pvrGzip``; any other extension gives `nil`.
    public static func forPathExtension(_ path: String) -> TextureContainer? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "pvr": return .pvr2
        case "ktx": return .ktx
        case "ktx2": return .ktx2
        case "ccz": return .pvrCCZ
        case "gz": return name.lowercased().hasSuffix(".pvr.gz") ? .pvrGzip : nil
        default: return nil
        }
    }

    /// A short human-readable name, e.g. `PVR v2 (legacy)`.
    public var displayName: String {
        switch self {
        case .pvr2: return "PVR v2 (legacy)"
        case .pvr3: return "PVR v3"
        case .ktx: return "KTX 1.1"
        case .ktx2: return "KTX 2.0"
        case .ktx2Zstd: return "KTX 2.0 (Zstandard)"
        case .pvrCCZ: return "PVR v3 in CCZ (cocos2d, zlib)"
        case .pvrGzip: return "PVR v3 in gzip"
        }
    }

    /// The usual file extension, without the leading dot (`pvr.ccz` for CCZ).
    public var fileExtension: String {
        switch self {
        case .pvr2, .pvr3: return "pvr"
        case .ktx: return "ktx"
        case .ktx2, .ktx2Zstd: return "ktx2"
        case .pvrCCZ: return "pvr.ccz"
        case .pvrGzip: return "pvr.gz"
        }
    }

    /// What of `metadata` this container cannot record, in words (empty when it records everything).
    /// (KTX 2 records everything here but cannot say that PVRTC data is opaque: it is read back as RGBA.)
    /// Only legacy PVR v2 loses anything: a horizontal flip, premultiplied alpha and the sRGB colour space.
    public func unrecordedMetadata(_ metadata: TextureMetadata) -> [String] {
        guard self == .pvr2 else { return [] }
        var lost: [String] = []
        if metadata.orientation.xLeft { lost.append("the horizontal flip (v2 has only a vertical-flip flag)") }
        if metadata.isPremultiplied { lost.append("premultiplied alpha (v2 has no flag for it)") }
        if metadata.colorSpace == .srgb { lost.append("the sRGB colour space (v2 has no colour-space field)") }
        return lost
    }
}

extension TextureContainer: CustomStringConvertible {
    /// Whether the container can hold `format`: every one can hold PVRTC1; legacy PVR v2 has no pixel
    /// type for PVRTC2 (PVRTC-II).
    public func canHold(_ format: PVRTCFormat) -> Bool {
        !(self == .pvr2 && format.isPVRTC2)
    }

    /// The ``displayName``.
    public var description: String { displayName }
}
