import Imaging

/// Unpacks uncompressed pixels (one byte per channel, or 16-bit packed words) to 8-bit RGBA.
enum UncompressedUnpacking {
    /// Unpacks a `width` x `height` image starting at `offset`. Rows are `width * bits / 8` bytes rounded
    /// up to `rowAlignment`.
    ///
    /// The bounds are proven before the unchecked loop: every pixel read lies in `bytes`, the packing
    /// matches the pixel size (one byte per channel, or one 16-bit word), and the sizes do not overflow.
    /// - Throws: ``TextureFormatError/truncated(file:reason:)`` naming `file` when the image runs past
    ///   the end of `bytes`, ``TextureFormatError/unsupportedPixelFormat(file:format:)`` for a
    ///   packing its channels do not fit.
    static func unpack(
        _ bytes: [UInt8], at offset: Int, width: Int, height: Int, channels: [TexturePixelFormat.Channel],
        packing: TexturePixelFormat.Packing, rowAlignment: Int, file: String
    ) throws -> RGBAImage {
        let bitsPerPixel = channels.reduce(0) { $0 + $1.bits }
        let bytesPerPixel = bitsPerPixel / 8
        let fits =
            packing == .bytes
            ? channels.allSatisfy { $0.bits == 8 } && bytesPerPixel == channels.count : bytesPerPixel == 2
        guard fits, width >= 1, height >= 1, rowAlignment >= 1, !channels.isEmpty else {
            throw TextureFormatError.unsupportedPixelFormat(
                file: file, format: "\(bitsPerPixel)-bit pixels stored as \(packing)")
        }
        let rowBytes = (width * bytesPerPixel + rowAlignment - 1) / rowAlignment * rowAlignment
        let (rows, overflow) = (height - 1).multipliedReportingOverflow(by: rowBytes)
        guard !overflow, offset >= 0, offset <= bytes.count,
            rows <= bytes.count - offset, width * bytesPerPixel <= bytes.count - offset - rows
        else {
            throw TextureFormatError.truncated(
                file: file,
                reason: "a \(width)x\(height) image at offset \(offset) runs past the data's \(bytes.count) bytes")
        }
        // Per channel: where its value goes and how it is found in the pixel.
        let shifts: [Int] = {
            var remaining = bitsPerPixel
            return channels.map { channel in
                remaining -= channel.bits
                return remaining
            }
        }()
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let row = offset + y * rowBytes
                    for x in 0..<width {
                        let at = row + x * bytesPerPixel
                        let out = (y * width + x) * 4
                        var rgba: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)
                        let word = packing == .packed16 ? Int(source[at]) | Int(source[at + 1]) << 8 : 0
                        for (index, channel) in channels.enumerated() {
                            let value: UInt8
                            if packing == .bytes {
                                value = source[at + index]
                            } else {
                                let maximum = (1 << channel.bits) - 1
                                let raw = (word >> shifts[index]) & maximum
                                value = UInt8((raw * 255 + maximum / 2) / maximum)
                            }
                            switch channel.name {
                            case "r": rgba.0 = value
                            case "g": rgba.1 = value
                            case "b": rgba.2 = value
                            case "a": rgba.3 = value
                            case "l": rgba = (value, value, value, rgba.3)
                            case "i": rgba = (value, value, value, value)
                            default: continue
                            }
                        }
                        target[out] = rgba.0
                        target[out + 1] = rgba.1
                        target[out + 2] = rgba.2
                        target[out + 3] = rgba.3
                    }
                }
            }
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }
}
