/// The 18-byte header of a Truevision TGA file, accepted only when every field has a value the format
/// allows. TGA has no signature, so this check is what recognises a TGA file.
///
/// Accepted: colour-map type 0 (none) or 1; image type 1 / 9 (colour-mapped, raw / RLE, with a colour
/// map of 15, 16, 24 or 32-bit entries), 2 / 10 (true colour, 15, 16, 24 or 32 bits per pixel) or
/// 3 / 11 (grey, 8 bits, or 16 for grey + alpha); width and height above 0.
public struct TGAHeader: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Image type: 1, 2, 3 raw; 9, 10, 11 run-length encoded.
    public let imageType: UInt8
    /// Bits per pixel.
    public let bitsPerPixel: UInt8
    /// Bit 5 of the descriptor: rows are stored top row first (else bottom row first).
    public let isTopDown: Bool
    /// Bit 4 of the descriptor: columns are stored right to left.
    public let isRightToLeft: Bool
    /// Offset of the pixel data: the header, the image ID and the colour map.
    public let pixelDataOffset: Int

    /// Bytes per stored pixel (or colour-map index).
    public var bytesPerPixel: Int { (Int(bitsPerPixel) + 7) / 8 }
    /// Whether the pixels are run-length encoded (types 9, 10, 11).
    public var isRunLengthEncoded: Bool { imageType >= 9 }

    /// Parses and checks the header at the start of `bytes`; `nil` when they are not a TGA header.
    public init?(_ bytes: [UInt8]) {
        guard bytes.count >= 18 else { return nil }
        let colorMapType = bytes[1]
        let type = bytes[2]
        let mapEntryBits = bytes[7]
        let depth = bytes[16]
        let descriptor = bytes[17]
        let w = Int(bytes[12]) | Int(bytes[13]) << 8
        let h = Int(bytes[14]) | Int(bytes[15]) << 8
        guard w > 0, h > 0, descriptor & 0xC0 == 0 else { return nil }
        switch (colorMapType, type) {
        case (1, 1), (1, 9):
            guard [15, 16, 24, 32].contains(mapEntryBits), depth == 8 || depth == 16 else { return nil }
        case (0, 2), (0, 10), (1, 2), (1, 10):
            guard [15, 16, 24, 32].contains(depth) else { return nil }
        case (0, 3), (0, 11):
            guard depth == 8 || depth == 16 else { return nil }
        default:
            return nil
        }
        width = w
        height = h
        imageType = type
        bitsPerPixel = depth
        isTopDown = descriptor & 0x20 != 0
        isRightToLeft = descriptor & 0x10 != 0
        let mapLength = colorMapType == 1 ? Int(bytes[5]) | Int(bytes[6]) << 8 : 0
        pixelDataOffset = 18 + Int(bytes[0]) + mapLength * ((Int(mapEntryBits) + 7) / 8)
    }

    /// Checks that `bytes` (the whole file) hold every pixel the header announces: `width · height`
    /// stored pixels, or run-length packets that cover them without running past the end.
    /// - Returns: `nil` when they do, otherwise the problem in words.
    public func missingData(in bytes: [UInt8]) -> String? {
        let pixels = width * height
        let size = bytesPerPixel
        guard bytes.count >= pixelDataOffset else {
            return "the file ends inside its image ID or colour map (\(bytes.count) of \(pixelDataOffset) bytes)"
        }
        if !isRunLengthEncoded {
            let needed = pixelDataOffset + pixels * size
            return bytes.count >= needed ? nil : "pixel data needs \(needed) bytes but the file has \(bytes.count)"
        }
        var offset = pixelDataOffset
        var covered = 0
        while covered < pixels {
            guard offset < bytes.count else {
                return "run-length data ends after \(covered) of \(pixels) pixels"
            }
            let packet = bytes[offset]
            let count = Int(packet & 0x7F) + 1
            let length = packet & 0x80 != 0 ? size : count * size
            guard bytes.count - offset - 1 >= length else {
                return "run-length packet at offset \(offset) runs past the end of the file"
            }
            offset += 1 + length
            covered += count
        }
        return nil
    }
}
