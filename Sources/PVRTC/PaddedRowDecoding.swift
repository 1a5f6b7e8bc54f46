import Imaging

/// A decoder of single pixel rows of one level's padded block grid (`blockWidth · blocksWide` pixels
/// wide), shared read-only by the worker threads: the 4bpp ``RowDecoder`` and the 2bpp
/// ``PVRTC2bppRowDecoder``.
protocol PaddedRowDecoding: Sendable {
    /// Writes pixel row `y` of the padded level (RGBA, 4 bytes a pixel) to `out`.
    func decode(row y: Int, into out: UnsafeMutableRawPointer)
}

extension PaddedRowDecoding {
    /// Decodes every row of a `width` x `height` level, rows split over `threads` workers. Levels narrower
    /// than their padded grid (`paddedWidth` pixels) are decoded a padded row at a time and cropped to
    /// their first `width` pixels, as the reference does.
    func image(width: Int, height: Int, paddedWidth: Int, threads: Int) -> RGBAImage {
        let byteCount = width * height * 4
        // Every row is written in full below, so the buffer needs no zero-filling first.
        let out = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
            let target = UnsafeSendablePointer(buffer.baseAddress!)
            Parallel.forEach(height, threads: threads) { range in
                let base = UnsafeMutableRawPointer(target.pointer)
                if paddedWidth == width {
                    for y in range { decode(row: y, into: base + y * width * 4) }
                } else {
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: paddedWidth * 4) { scratch in
                        let row = UnsafeMutableRawPointer(scratch.baseAddress!)
                        for y in range {
                            decode(row: y, into: row)
                            (base + y * width * 4).copyMemory(from: row, byteCount: width * 4)
                        }
                    }
                }
            }
            initializedCount = byteCount
        }
        // `out` has exactly width * height * 4 bytes by construction.
        return try! RGBAImage(width: width, height: height, pixels: out)
    }
}
