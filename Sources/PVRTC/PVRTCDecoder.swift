/// The bit-exact PVRTC1 4bpp decoder (Khronos Data Format Specification / Imagination reference).
///
/// Arithmetic, per pixel and channel: endpoints widened to ARGB 4555, bilinearly upscaled from the four
/// surrounding block centres with integer weights summing to 16 and wrap-around at every edge, converted to
/// 8 bits (`C/2 + C/64` for RGB, `C + C/16` for alpha), then blended with the modulation weight as
/// `(A·(8−w) + B·w) / 8`; punch-through pixels (M = 1, value 2) get alpha 0. Divisions are floors.
///
/// This is the oracle for tests and for `pvrc decode`; it is never part of the display path.
public enum PVRTCDecoder {
    /// Decodes one level into an RGBA image of the level's size (rows top-down).
    /// - Parameter threads: worker threads; the output does not depend on it.
    public static func decode(_ image: PVRTCImage, threads: Int = 1) -> RGBAImage {
        let table = ExpandedBlocks(image)
        let width = image.width, height = image.height
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { buffer in
            let target = UnsafeSendablePointer(buffer.baseAddress!)
            table.endpoints.withUnsafeBufferPointer { endpoints in
                table.words.withUnsafeBufferPointer { words in
                    let e = UnsafeSendableBuffer(endpoints), m = UnsafeSendableBuffer(words)
                    Parallel.forEach(table.blocksHigh, threads: threads) { rows in
                        for tileY in rows {
                            decodeTileRow(tileY, endpoints: e.buffer, words: m.buffer,
                                          blocksWide: table.blocksWide, blocksHigh: table.blocksHigh,
                                          width: width, height: height, out: target.pointer)
                        }
                    }
                }
            }
        }
        // `out` has exactly width * height * 4 bytes by construction.
        return try! RGBAImage(width: width, height: height, pixels: out)
    }

    /// Decodes the pixels whose four contributing block centres are blocks (X, tileY), (X+1, tileY),
    /// (X, tileY+1) and (X+1, tileY+1), for every X: pixel rows 4·tileY+2 ... 4·tileY+5, wrapped.
    @inline(__always)
    static func decodeTileRow(
        _ tileY: Int, endpoints: UnsafeBufferPointer<SIMD8<Int32>>, words: UnsafeBufferPointer<UInt64>,
        blocksWide bw: Int, blocksHigh bh: Int, width: Int, height: Int, out: UnsafeMutablePointer<UInt8>
    ) {
        let shiftHigh = SIMD8<Int32>(1, 1, 1, 0, 1, 1, 1, 0)
        let shiftLow = SIMD8<Int32>(6, 6, 6, 4, 6, 6, 6, 4)
        let tileY1 = tileY + 1 == bh ? 0 : tileY + 1
        let pixelRows = 4 * bh, pixelColumns = 4 * bw
        for tileX in 0..<bw {
            let tileX1 = tileX + 1 == bw ? 0 : tileX + 1
            let p = endpoints[tileY * bw + tileX], q = endpoints[tileY * bw + tileX1]
            let r = endpoints[tileY1 * bw + tileX], s = endpoints[tileY1 * bw + tileX1]
            for j in 0..<4 {
                var y = 4 * tileY + 2 + j
                if y >= pixelRows { y -= pixelRows }
                if y >= height { continue }
                let jw = Int32(j)
                let left = p &* (4 &- jw) &+ r &* jw
                let right = q &* (4 &- jw) &+ s &* jw
                let wordRow = (j < 2 ? tileY : tileY1) * bw
                let rowShift = UInt64(8 * (y & 3))
                let row = out + y * width * 4
                for i in 0..<4 {
                    var x = 4 * tileX + 2 + i
                    if x >= pixelColumns { x -= pixelColumns }
                    if x >= width { continue }
                    let iw = Int32(i)
                    let c = left &* (4 &- iw) &+ right &* iw
                    let e = (c &>> shiftHigh) &+ (c &>> shiftLow)
                    let word = words[wordRow + (i < 2 ? tileX : tileX1)]
                    let bits = Int((word >> (rowShift + UInt64(2 * (x & 3)))) & 3)
                    let punchThrough = word >> 32 != 0
                    let w = Int32(truncatingIfNeeded: (punchThrough ? 0x0804_0400 : 0x0805_0300) >> (8 * bits) & 0xFF)
                    var v = (e.lowHalf &* (8 &- w) &+ e.highHalf &* w) &>> 3
                    if punchThrough && bits == 2 { v[3] = 0 }
                    let o = row + x * 4
                    o[0] = UInt8(truncatingIfNeeded: v[0])
                    o[1] = UInt8(truncatingIfNeeded: v[1])
                    o[2] = UInt8(truncatingIfNeeded: v[2])
                    o[3] = UInt8(truncatingIfNeeded: v[3])
                }
            }
        }
    }
}

extension PVRTCDecoder {
    /// The 8-bit colour of a modulation weight applied to two 8-bit endpoint values (the reference blend).
    @inlinable
    public static func blend(_ a: Int, _ b: Int, weight w: Int) -> Int { (a * (8 - w) + b * w) >> 3 }

    /// Modulation weight in eighths for a two-bit value and mode.
    @inlinable
    public static func weight(_ bits: Int, punchThrough: Bool) -> Int {
        ((punchThrough ? 0x0804_0400 : 0x0805_0300) >> (8 * bits)) & 0xFF
    }
}

/// A level's blocks unpacked into linear block order for fast decoding.
struct ExpandedBlocks {
    let blocksWide: Int
    let blocksHigh: Int
    /// Per block: (A.r, A.g, A.b, A.a, B.r, B.g, B.b, B.a) in 4555 precision.
    var endpoints: [SIMD8<Int32>]
    /// Per block: the modulation word in the low 32 bits, the punch-through flag at bit 32.
    var words: [UInt64]

    init(_ image: PVRTCImage) {
        let bw = image.blocksWide, bh = image.blocksHigh
        blocksWide = bw
        blocksHigh = bh
        var endpoints = [SIMD8<Int32>](repeating: .zero, count: bw * bh)
        var words = [UInt64](repeating: 0, count: bw * bh)
        let morton = Morton.table(blocksWide: bw, blocksHigh: bh)
        image.data.withUnsafeBytes { raw in
            for index in 0..<(bw * bh) {
                let offset = Int(morton[index]) * 8
                let modulation = raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian
                let color = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self).littleEndian
                let block = PVRTCBlock(modulation: modulation, color: color)
                let a = block.colorA.expanded(slotB: false), b = block.colorB.expanded(slotB: true)
                endpoints[index] = SIMD8(Int32(a.red), Int32(a.green), Int32(a.blue), Int32(a.alpha),
                                         Int32(b.red), Int32(b.green), Int32(b.blue), Int32(b.alpha))
                words[index] = UInt64(modulation) | UInt64(color & 1) << 32
            }
        }
        self.endpoints = endpoints
        self.words = words
    }
}

/// A pointer handed to worker threads that write disjoint parts of one buffer.
struct UnsafeSendablePointer<T>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<T>
    init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}

/// A read-only buffer shared with worker threads for the duration of a call.
struct UnsafeSendableBuffer<T>: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<T>
    init(_ buffer: UnsafeBufferPointer<T>) { self.buffer = buffer }
}
