/// The pixel formats the three containers can name, for ``TextureFileDescription``.
///
/// Sources: PVR v2 pixel types from the PowerVR SDK's legacy `PVRTTexture.h` enum and its legacy-to-v3
/// mapping (OGL_RGBA_4444 is r4g4b4a4, OGL_RGB_555 is r5g5b5x1, OGL_AI_88 is l8a8, ...); PVR v3 compressed
/// enums and generic channel layouts from Imagination's PVR file format specification; KTX 1.1 GL enums
/// from the OpenGL ES headers and extension registry.
enum PixelFormatTables {
    private static let pvrtc4 = TexturePixelFormat.Block(width: 4, height: 4, bytes: 8, minimumBlocks: 2)
    private static let pvrtc2 = TexturePixelFormat.Block(width: 8, height: 4, bytes: 8, minimumBlocks: 2)
    private static let pvrtcII4 = TexturePixelFormat.Block(width: 4, height: 4, bytes: 8)
    private static let pvrtcII2 = TexturePixelFormat.Block(width: 8, height: 4, bytes: 8)
    private static let block8 = TexturePixelFormat.Block(width: 4, height: 4, bytes: 8)
    private static let block16 = TexturePixelFormat.Block(width: 4, height: 4, bytes: 16)

    private static func astc(_ w: Int, _ h: Int) -> TexturePixelFormat {
        .compressed("ASTC \(w)x\(h)", block: TexturePixelFormat.Block(width: w, height: h, bytes: 16))
    }

    // MARK: PVR v2

    // The MGL types' bit order is not documented anywhere pvrc could check, so they are described, not unpacked.

    /// The legacy pixel type in the low byte of `pfFlags`, or `nil` for an unknown value.
    static func pvr2(pixelType: UInt32, bitCount: UInt32) -> TexturePixelFormat? {
        switch pixelType {
        case 0x00: return .uncompressed("MGL ARGB4444", "argb", [4, 4, 4, 4]).describedOnly
        case 0x01: return .uncompressed("MGL ARGB1555", "argb", [1, 5, 5, 5]).describedOnly
        case 0x02: return .uncompressed("MGL RGB565", "rgb", [5, 6, 5]).describedOnly
        case 0x03: return .uncompressed("MGL RGB555", "xrgb", [1, 5, 5, 5]).describedOnly
        case 0x04: return .uncompressed("MGL RGB888", "rgb", [8, 8, 8]).describedOnly
        case 0x05: return .uncompressed("MGL ARGB8888", "argb", [8, 8, 8, 8]).describedOnly
        case 0x07: return .uncompressed("MGL I8", "l", [8]).describedOnly
        case 0x08: return .uncompressed("MGL AI88", "al", [8, 8]).describedOnly
        case 0x0C: return .compressed("PVRTC1 2bpp (MGL)", block: pvrtc2)
        case 0x0D: return .compressed("PVRTC1 4bpp (MGL)", block: pvrtc4)
        case 0x10: return .uncompressed("RGBA4444", "rgba", [4, 4, 4, 4])
        case 0x11: return .uncompressed("RGBA5551", "rgba", [5, 5, 5, 1])
        case 0x12: return .uncompressed("RGBA8888", "rgba", [8, 8, 8, 8])
        case 0x13: return .uncompressed("RGB565", "rgb", [5, 6, 5])
        case 0x14: return .uncompressed("RGB555", "rgbx", [5, 5, 5, 1])
        case 0x15: return .uncompressed("RGB888", "rgb", [8, 8, 8])
        case 0x16: return .uncompressed("I8", "l", [8])
        case 0x17: return .uncompressed("AI88", "la", [8, 8])
        case 0x18: return .compressed("PVRTC1 2bpp", block: pvrtc2)
        case 0x19: return .compressed("PVRTC1 4bpp", block: pvrtc4)
        case 0x1A: return .uncompressed("BGRA8888", "bgra", [8, 8, 8, 8])
        case 0x1B: return .uncompressed("A8", "a", [8])
        case 0x20: return .compressed("DXT1 (BC1)", block: block8)
        case 0x21: return .compressed("DXT2", block: block16)
        case 0x22: return .compressed("DXT3 (BC2)", block: block16)
        case 0x23: return .compressed("DXT4", block: block16)
        case 0x24: return .compressed("DXT5 (BC3)", block: block16)
        case 0x36: return .compressed("ETC1", block: block8)
        default:
            guard bitCount > 0, bitCount <= 128 else { return nil }
            return TexturePixelFormat(
                name: "legacy pixel type 0x" + String(pixelType, radix: 16, uppercase: true),
                channels: [], bitsPerPixel: Int(bitCount))
        }
    }

    // MARK: PVR v3

    /// Names of the PVR v3 channel types (`channelType` field), index = value.
    static let pvr3ChannelTypes = [
        "unsigned byte normalised", "signed byte normalised", "unsigned byte", "signed byte",
        "unsigned short normalised", "signed short normalised", "unsigned short", "signed short",
        "unsigned int normalised", "signed int normalised", "unsigned int", "signed int", "signed float",
        "unsigned float",
    ]

    /// The format for a v3 `pixelFormat` value: a compressed enum when the high 32 bits are 0, else
    /// four channel letters (low bytes, first channel first) and four bit counts (high bytes).
    static func pvr3(pixelFormat: UInt64) -> TexturePixelFormat? {
        if pixelFormat >> 32 == 0 {
            return pvr3Compressed(pixelFormat)
        }
        var letters = ""
        var bits: [Int] = []
        for index in 0..<4 {
            let letter = UInt8(truncatingIfNeeded: pixelFormat >> (8 * UInt64(index)))
            let count = Int(UInt8(truncatingIfNeeded: pixelFormat >> (32 + 8 * UInt64(index))))
            guard letter != 0 else { continue }
            guard count > 0, (0x61...0x7A).contains(letter) else { return nil }
            letters.append(Character(Unicode.Scalar(letter)))
            bits.append(count)
        }
        guard !letters.isEmpty else { return nil }
        let name = zip(letters, bits).map { "\($0)\($1)" }.joined()
        return .uncompressed(name, letters, bits)
    }

    private static func pvr3Compressed(_ value: UInt64) -> TexturePixelFormat? {
        let astcSizes = [
            (4, 4), (5, 4), (5, 5), (6, 5), (6, 6), (8, 5), (8, 6), (8, 8), (10, 5), (10, 6), (10, 8), (10, 10),
            (12, 10), (12, 12),
        ]
        switch value {
        case 0: return .compressed("PVRTC1 2bpp RGB", block: pvrtc2)
        case 1: return .compressed("PVRTC1 2bpp RGBA", block: pvrtc2)
        case 2: return .compressed("PVRTC1 4bpp RGB", block: pvrtc4)
        case 3: return .compressed("PVRTC1 4bpp RGBA", block: pvrtc4)
        case 4: return .compressed("PVRTC-II 2bpp", block: pvrtcII2)
        case 5: return .compressed("PVRTC-II 4bpp", block: pvrtcII4)
        case 6: return .compressed("ETC1", block: block8)
        case 7: return .compressed("DXT1 (BC1)", block: block8)
        case 8: return .compressed("DXT2", block: block16)
        case 9: return .compressed("DXT3 (BC2)", block: block16)
        case 10: return .compressed("DXT4", block: block16)
        case 11: return .compressed("DXT5 (BC3)", block: block16)
        case 12: return .compressed("BC4", block: block8)
        case 13: return .compressed("BC5", block: block16)
        case 14: return .compressed("BC6", block: block16)
        case 15: return .compressed("BC7", block: block16)
        case 16: return TexturePixelFormat(name: "UYVY", channels: [], bitsPerPixel: 16)
        case 17: return TexturePixelFormat(name: "YUY2", channels: [], bitsPerPixel: 16)
        case 18: return TexturePixelFormat(name: "BW 1bpp", channels: [], bitsPerPixel: 1)
        case 19: return TexturePixelFormat(name: "R9G9B9E5 shared exponent", channels: [], bitsPerPixel: 32)
        case 20: return TexturePixelFormat(name: "RGBG8888", channels: [], bitsPerPixel: 16)
        case 21: return TexturePixelFormat(name: "GRGB8888", channels: [], bitsPerPixel: 16)
        case 22: return .compressed("ETC2 RGB", block: block8)
        case 23: return .compressed("ETC2 RGBA", block: block16)
        case 24: return .compressed("ETC2 RGB A1", block: block8)
        case 25: return .compressed("EAC R11", block: block8)
        case 26: return .compressed("EAC RG11", block: block16)
        case 27...40:
            let (w, h) = astcSizes[Int(value) - 27]
            return astc(w, h)
        default: return nil
        }
    }

    // MARK: KTX 1.1

    /// The format of a KTX 1.1 file: compressed when `glType` and `glFormat` are 0 (named by
    /// `glInternalFormat`), else uncompressed from `glFormat` and `glType`.
    static func ktx(glInternalFormat: UInt32, glFormat: UInt32, glType: UInt32) -> TexturePixelFormat? {
        if glType == 0 && glFormat == 0 {
            return ktxCompressed(glInternalFormat)
        }
        let letters: String
        switch glFormat {
        case 0x1906: letters = "a"  // GL_ALPHA
        case 0x1907: letters = "rgb"  // GL_RGB
        case 0x1908: letters = "rgba"  // GL_RGBA
        case 0x1909: letters = "l"  // GL_LUMINANCE
        case 0x190A: letters = "la"  // GL_LUMINANCE_ALPHA
        case 0x1903: letters = "r"  // GL_RED
        case 0x8227: letters = "rg"  // GL_RG
        case 0x80E1: letters = "bgra"  // GL_BGRA
        default: return nil
        }
        let upper = letters.uppercased()
        switch glType {
        case 0x1401:  // GL_UNSIGNED_BYTE
            return .uncompressed(
                upper + String(repeating: "8", count: letters.count), letters, Array(repeating: 8, count: letters.count)
            )
        case 0x8033 where letters == "rgba": return .uncompressed("RGBA4444", "rgba", [4, 4, 4, 4])
        case 0x8034 where letters == "rgba": return .uncompressed("RGBA5551", "rgba", [5, 5, 5, 1])
        case 0x8363 where letters == "rgb": return .uncompressed("RGB565", "rgb", [5, 6, 5])
        case 0x1403:  // GL_UNSIGNED_SHORT
            return .uncompressed(upper + "16", letters, Array(repeating: 16, count: letters.count))
        case 0x140B:  // GL_HALF_FLOAT
            return .uncompressed(upper + "16F", letters, Array(repeating: 16, count: letters.count))
        case 0x1406:  // GL_FLOAT
            return .uncompressed(upper + "32F", letters, Array(repeating: 32, count: letters.count))
        default: return nil
        }
    }

    private static func ktxCompressed(_ value: UInt32) -> TexturePixelFormat? {
        switch value {
        case 0x8C00: return .compressed("PVRTC1 4bpp RGB", block: pvrtc4)
        case 0x8C01: return .compressed("PVRTC1 2bpp RGB", block: pvrtc2)
        case 0x8C02: return .compressed("PVRTC1 4bpp RGBA", block: pvrtc4)
        case 0x8C03: return .compressed("PVRTC1 2bpp RGBA", block: pvrtc2)
        case 0x8A54: return .compressed("PVRTC1 2bpp sRGB", block: pvrtc2)
        case 0x8A55: return .compressed("PVRTC1 4bpp sRGB", block: pvrtc4)
        case 0x8A56: return .compressed("PVRTC1 2bpp sRGB alpha", block: pvrtc2)
        case 0x8A57: return .compressed("PVRTC1 4bpp sRGB alpha", block: pvrtc4)
        case 0x9137: return .compressed("PVRTC-II 2bpp", block: pvrtcII2)
        case 0x9138: return .compressed("PVRTC-II 4bpp", block: pvrtcII4)
        case 0x8D64: return .compressed("ETC1", block: block8)
        case 0x9274: return .compressed("ETC2 RGB", block: block8)
        case 0x9275: return .compressed("ETC2 sRGB", block: block8)
        case 0x9276: return .compressed("ETC2 RGB A1", block: block8)
        case 0x9277: return .compressed("ETC2 sRGB A1", block: block8)
        case 0x9278: return .compressed("ETC2 RGBA", block: block16)
        case 0x9279: return .compressed("ETC2 sRGB alpha", block: block16)
        case 0x9270: return .compressed("EAC R11", block: block8)
        case 0x9272: return .compressed("EAC RG11", block: block16)
        case 0x83F0: return .compressed("DXT1 RGB (BC1)", block: block8)
        case 0x83F1: return .compressed("DXT1 RGBA (BC1)", block: block8)
        case 0x83F2: return .compressed("DXT3 (BC2)", block: block16)
        case 0x83F3: return .compressed("DXT5 (BC3)", block: block16)
        case 0x8E8C: return .compressed("BC7", block: block16)
        case 0x93B0...0x93BD:
            let sizes = [
                (4, 4), (5, 4), (5, 5), (6, 5), (6, 6), (8, 5), (8, 6), (8, 8), (10, 5), (10, 6), (10, 8), (10, 10),
                (12, 10), (12, 12),
            ]
            let (w, h) = sizes[Int(value - 0x93B0)]
            return astc(w, h)
        default: return nil
        }
    }
}

extension TexturePixelFormat {
    /// The same format without a packing: described by `info`, never unpacked.
    fileprivate var describedOnly: TexturePixelFormat {
        var format = self
        format.packing = nil
        return format
    }
}
