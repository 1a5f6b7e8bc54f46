/// What `pvrc info` prints of a described file beyond its shape: worked out from the stored header
/// fields only when asked, so a game that loads textures never builds these strings.
extension TextureFileDescription {
    /// The header field that names the format and its value, e.g. `pixel type 0x10`.
    public var formatCode: String {
        switch header {
        case .pvr2: return "pixel type \(formatCodeValue)"
        case .pvr3: return "pixelFormat \(formatCodeValue)"
        case .ktx: return "glInternalFormat \(formatCodeValue)"
        case .ktx2: return formatCodeValue
        }
    }

    /// The value of the header field that names the format: `0x10`, `0x0000000000000006`, `0x8D64`,
    /// or for KTX 2 `vkFormat 1000054003` (a decimal number needs its field's name).
    var formatCodeValue: String {
        switch header {
        case .pvr2(let header): return Self.hex(header.pixelFormatFlags & 0xFF, digits: 2)
        case .pvr3(let header): return Self.hex(header.pixelFormat, digits: 16)
        case .ktx(let header): return Self.hex(header.glInternalFormat, digits: 4)
        case .ktx2(let header): return "vkFormat \(header.vkFormat)"
        }
    }

    /// Header facts besides the shape, one line each (colour space, channel type, flags, alpha; for
    /// PVRTC2, which GPUs sample it natively).
    public var details: [String] {
        containerDetails + (nativeSampling.map { ["native sampling: " + $0] } ?? [])
    }

    /// For PVRTC2, which GPUs sample it natively (PowerVR SGX 5XT and later, not Apple GPUs); `nil`
    /// for other formats.
    public var nativeSampling: String? {
        guard let pvrtc = pvrtcFormat, pvrtc.isPVRTC2 else { return nil }
        return
            "PowerVR SGX 5XT and later (GL_IMG_texture_compression_pvrtc2); not Apple GPUs, which sample PVRTC1 only"
    }

    /// The lines of ``details`` that the container's header fields give.
    private var containerDetails: [String] {
        switch header {
        case .pvr2(let header):
            let flags = header.pixelFormatFlags
            var lines = [
                "flags: \(Self.hex(flags & ~0xFF, digits: 8))",
                "alpha: " + (flags & PVRv2Header.flagAlpha != 0 ? "flag 0x8000 set" : "flag not set")
                    + ", alpha mask \(Self.hex(header.alphaMask, digits: 8))",
                "bit count: \(header.bitCount)",
                "data size: \(header.dataSize) bytes per surface",
            ]
            if unpackProblem != nil { lines.append("twiddled: pixels are stored in Morton order (flag 0x200)") }
            return lines
        case .pvr3(let header):
            let channelTypes = PixelFormatTable.pvr3ChannelTypes
            let channelType =
                header.channelType < channelTypes.count ? channelTypes[Int(header.channelType)] : "unknown"
            let colourSpace = ["linear", "sRGB"]
            var lines = [
                "colour space: "
                    + (header.colourSpace < 2 ? colourSpace[Int(header.colourSpace)] : "unknown")
                    + " (field \(header.colourSpace))",
                "channel type: \(channelType) (\(header.channelType))",
                "alpha: " + (isPremultiplied ? "premultiplied (flag 0x02)" : "straight"),
            ]
            if header.flags & ~PVRv3Header.flagPremultiplied != 0 {
                lines.append("flags: \(Self.hex(header.flags, digits: 8))")
            }
            return lines
        case .ktx(let header):
            return [
                "glInternalFormat: \(Self.hex(header.glInternalFormat, digits: 4)), glFormat: \(Self.hex(header.glFormat, digits: 4)), glType: \(Self.hex(header.glType, digits: 4))",
                "glBaseInternalFormat: \(Self.hex(header.glBaseInternalFormat, digits: 4))",
                "alpha: " + (isPremultiplied ? "premultiplied (pvrc.premultipliedAlpha)" : "straight"),
            ]
        case .ktx2(let header):
            let schemes = ["none", "BasisLZ", "Zstandard", "ZLIB"]
            let scheme = header.supercompressionScheme
            return ["supercompression: " + (scheme < 4 ? schemes[Int(scheme)] : "scheme \(scheme)")]
        }
    }

    /// The PVR v3 metadata blocks or KTX 1.1 key/value pairs, one line each: at most
    /// ``maximumMetadataLines``, then one line counting the rest.
    public var metadata: [String] {
        guard metadataRange.upperBound <= contents.count, !metadataRange.isEmpty else { return [] }
        var reader = ByteReader(contents, file: file, offset: metadataRange.lowerBound)
        var lines: [String] = []
        var count = 0
        let keyNames = ["texture atlas", "normal map", "cube map order", "orientation", "border", "padding"]
        switch header {
        case .pvr3:
            try? PVRv3Header.walkMetadata(&reader, end: metadataRange.upperBound) { fourCC, key, data in
                count += 1
                guard lines.count < Self.maximumMetadataLines else { return }
                let ours = fourCC == PVRv3Header.version
                var line = ours ? "PVR3 key \(key)" : "FourCC \(Self.hex(fourCC, digits: 8)) key \(key)"
                if ours, key < keyNames.count { line += " (\(keyNames[Int(key)]))" }
                line += ", \(data.count) bytes: " + data.prefix(16).map { String($0) }.joined(separator: " ")
                if data.count > 16 { line += " ..." }
                lines.append(line)
            }
        case .ktx:
            try? KTXKeyValueData.walk(&reader, end: metadataRange.upperBound) { key, value in
                count += 1
                guard lines.count < Self.maximumMetadataLines else { return }
                lines.append(
                    String(decoding: key.prefix(256), as: UTF8.self) + " = "
                        + String(decoding: value.prefix(256), as: UTF8.self))
            }
        case .pvr2, .ktx2:
            return []
        }
        if count > lines.count {
            lines.append("... and \(count - lines.count) more")
        }
        return lines
    }
}
