import Imaging

/// A decoder of the pixel rows of one level's padded block grid (`blockWidth · blocksWide` pixels wide),
/// shared read-only by the worker threads: the 4bpp ``RowDecoder`` and the 2bpp ``TwoBitRowDecoder``.
protocol PaddedRowDecoding: Sendable {
    /// Decodes rows `rows` of the padded level in order, each into `output.destination(y)` followed by
    /// `output.commit(y)`.
    func decodeRows(_ rows: Range<Int>, to output: PaddedRowOutput)
}

/// Where a worker writes its decoded rows: straight into the image, or, for a level narrower than its
/// padded grid, into a scratch row that ``commit(_:)`` crops into the image (as the reference does).
struct PaddedRowOutput {
    /// The image's first pixel.
    let base: UnsafeMutableRawPointer
    /// The level's width in pixels.
    let width: Int
    /// The scratch row (a padded row of RGBA pixels) when the level is narrower than its grid.
    let scratch: UnsafeMutableRawPointer?

    /// Where padded row `y` is to be written.
    @inline(__always)
    func destination(_ y: Int) -> UnsafeMutableRawPointer { scratch ?? base + y * width * 4 }

    /// Finishes row `y` once it has been written to ``destination(_:)``.
    @inline(__always)
    func commit(_ y: Int) {
        if let scratch { (base + y * width * 4).copyMemory(from: scratch, byteCount: width * 4) }
    }
}

extension PaddedRowDecoding {
    /// Decodes every row of a `width` x `height` level, rows split over `threads` workers, each worker's
    /// rows in order. Levels narrower than their padded grid (`paddedWidth` pixels) are decoded a padded
    /// row at a time and cropped to their first `width` pixels.
    func image(width: Int, height: Int, paddedWidth: Int, threads: Int) -> RGBAImage {
        let byteCount = width * height * 4
        // Every row is written in full below, so the buffer needs no zero-filling first.
        let out = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
            let target = UnsafeSendablePointer(buffer.baseAddress!)
            Parallel.forEach(height, threads: threads) { range in
                let base = UnsafeMutableRawPointer(target.pointer)
                if paddedWidth == width {
                    decodeRows(range, to: PaddedRowOutput(base: base, width: width, scratch: nil))
                } else {
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: paddedWidth * 4) { scratch in
                        decodeRows(
                            range,
                            to: PaddedRowOutput(
                                base: base, width: width, scratch: UnsafeMutableRawPointer(scratch.baseAddress!)))
                    }
                }
            }
            initializedCount = byteCount
        }
        // `out` has exactly width * height * 4 bytes by construction.
        return try! RGBAImage(width: width, height: height, pixels: out)
    }
}
