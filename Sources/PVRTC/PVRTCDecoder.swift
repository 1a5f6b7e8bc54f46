/// The bit-exact PVRTC1 4bpp decoder (Khronos Data Format Specification / Imagination reference).
///
/// Arithmetic, per pixel and channel: endpoints widened to ARGB 4555, bilinearly upscaled from the four
/// surrounding block centres with integer weights summing to 16 and wrap-around at every edge, converted to
/// 8 bits (`C/2 + C/64` for RGB, `C + C/16` for alpha), then blended with the modulation weight as
/// `(A·(8−w) + B·w) / 8`; punch-through pixels (M = 1, value 2) get alpha 0. Divisions are floors.
///
/// Implementation: one output row at a time. Per block column the row's vertical interpolation of both
/// endpoints is one `SIMD8<Int16>` (A.rgba, B.rgba); each pair of horizontally adjacent pixels is then
/// computed as two `SIMD8<Int16>` vectors (A of both pixels, B of both pixels), so a 128-bit register
/// carries every lane. Levels narrower than 8 pixels are decoded on their padded two-block grid and
/// cropped, which is how the reference treats them.
///
/// This is the oracle for tests and for `pvrc decode`; it is never part of the display path.
public enum PVRTCDecoder {
    /// Decodes one level into an RGBA image of the level's size (rows top-down).
    /// - Parameter threads: worker threads; the output does not depend on it.
    public static func decode(_ image: PVRTCImage, threads: Int = 1) -> RGBAImage {
        let blocks = ExpandedBlocks(image, threads: threads)
        let width = image.width, height = image.height
        let paddedWidth = 4 * blocks.blocksWide
        let table = ModulationTable.entries
        let byteCount = width * height * 4
        // Every row is written in full below, so the buffer needs no zero-filling first.
        let out = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
            let target = UnsafeSendableRawPointer(UnsafeMutableRawPointer(buffer.baseAddress!))
            blocks.endpoints.withUnsafeBufferPointer { endpoints in
                blocks.words.withUnsafeBufferPointer { words in
                    table.withUnsafeBufferPointer { entries in
                        let rows = RowDecoder(
                            endpoints: endpoints.baseAddress!, words: words.baseAddress!, table: entries.baseAddress!,
                            blocksWide: blocks.blocksWide, blocksHigh: blocks.blocksHigh)
                        Parallel.forEach(height, threads: threads) { range in
                            let base = target.pointer
                            if paddedWidth == width {
                                for y in range { rows.decode(row: y, into: base + y * width * 4) }
                            } else {
                                // Narrow level: decode the padded row (8 pixels), keep the first `width`.
                                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: paddedWidth * 4) { scratch in
                                    let row = UnsafeMutableRawPointer(scratch.baseAddress!)
                                    for y in range {
                                        rows.decode(row: y, into: row)
                                        (base + y * width * 4).copyMemory(from: row, byteCount: width * 4)
                                    }
                                }
                            }
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

/// Decodes single rows of one level from its expanded blocks; shared read-only by the worker threads.
struct RowDecoder: @unchecked Sendable {
    // @unchecked: the pointers refer to buffers that outlive every call and are only read.
    let endpoints: UnsafePointer<SIMD8<Int16>>
    let words: UnsafePointer<UInt64>
    let table: UnsafePointer<ModulationTable.Entry>
    let blocksWide: Int
    let blocksHigh: Int

    /// Writes pixel row `y` of the padded level (`4 * blocksWide` RGBA pixels) to `out`.
    @inline(__always)
    func decode(row y: Int, into out: UnsafeMutableRawPointer) {
        let bw = blocksWide, bh = blocksHigh
        // Vertical position between block centres: rows 4Y+2 ... 4Y+5 lie between block rows Y and Y+1.
        let low = (y - 2) >> 2
        let yr = Int16(truncatingIfNeeded: (y - 2) & 3)
        let top = endpoints + (low < 0 ? bh - 1 : low) * bw
        let bottom = endpoints + (low + 1 == bh ? 0 : low + 1) * bw
        let weightTop = SIMD8<Int16>(repeating: 4 &- yr), weightBottom = SIMD8<Int16>(repeating: yr)
        // The modulation comes from the block that contains the pixel.
        let modulation = words + (y >> 2) * bw
        let shift = UInt64(8 * (y & 3))

        @inline(__always) func vertical(_ x: Int) -> SIMD8<Int16> {
            top[x] &* weightTop &+ bottom[x] &* weightBottom
        }
        /// Table indices for the left (x mod 4 = 0, 1) and right (2, 3) pixel pairs of block x in this row.
        @inline(__always) func modulationIndices(_ x: Int) -> (left: Int, right: Int) {
            let word = modulation[x]
            let bits = Int(truncatingIfNeeded: word >> shift) & 0xFF
            let mode = Int(truncatingIfNeeded: word >> 28) & 16
            return (mode | (bits & 15), mode | (bits >> 4))
        }

        let first = vertical(0), last = vertical(bw - 1)
        var left = first
        var leftRight = modulationIndices(0).right
        // Pixels 0 and 1: between the last block column (wrapped) and the first.
        writePair(left: last, right: first, second: true, entry: table + modulationIndices(0).left, to: out)
        var x = 0
        while x < bw - 1 {
            let right = vertical(x + 1)
            let indices = modulationIndices(x + 1)
            let pixels = out + (16 * x + 8)
            writePair(left: left, right: right, second: false, entry: table + leftRight, to: pixels)
            writePair(left: left, right: right, second: true, entry: table + indices.left, to: pixels + 8)
            left = right
            leftRight = indices.right
            x += 1
        }
        // The last two pixels: between the last block column and the first (wrapped).
        writePair(left: last, right: first, second: false, entry: table + leftRight, to: out + (16 * bw - 8))
    }

    /// Writes two RGBA pixels that lie between two block columns whose vertically interpolated endpoints
    /// are `left` and `right`: horizontal offsets 0, 1 from the left centre, or 2, 3 when `second`.
    @inline(__always)
    func writePair(left: SIMD8<Int16>, right: SIMD8<Int16>, second: Bool, entry: UnsafePointer<ModulationTable.Entry>,
                   to out: UnsafeMutableRawPointer) {
        // C(i) = 4·left + i·(right − left): the bilinear sum in 5.4 (RGB) / 4.4·2 (alpha) fixed point.
        let delta = right &- left
        let offset = second ? SIMD8<Int16>(2, 2, 2, 2, 3, 3, 3, 3) : SIMD8<Int16>(0, 0, 0, 0, 1, 1, 1, 1)
        let base = left &<< 2
        let deltaA = SIMD8(lowHalf: delta.lowHalf, highHalf: delta.lowHalf)
        let deltaB = SIMD8(lowHalf: delta.highHalf, highHalf: delta.highHalf)
        let a = SIMD8(lowHalf: base.lowHalf, highHalf: base.lowHalf) &+ deltaA &* offset
        let b = SIMD8(lowHalf: base.highHalf, highHalf: base.highHalf) &+ deltaB &* offset
        // To 8 bits: RGB C/2 + C/64; alpha lanes hold 2C, so (2C)/2 + (4C)/64 = C + C/16.
        let scale = SIMD8<Int16>(1, 1, 1, 2, 1, 1, 1, 2)
        let a8 = (a &>> 1) &+ ((a &* scale) &>> 6)
        let b8 = (b &>> 1) &+ ((b &* scale) &>> 6)
        // (A·(8−w) + B·w) / 8 = A + (B − A)·w / 8, with floor division.
        let blended = (a8 &+ (((b8 &- a8) &* entry.pointee.weight) &>> 3)) & entry.pointee.mask
        out.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: blended), as: SIMD8<UInt8>.self)
    }
}

/// Modulation weights and punch-through alpha masks for every pixel pair of a block row.
enum ModulationTable {
    /// One pixel pair: the weight in eighths of each pixel (lanes 0–3 and 4–7) and the lane mask that zeroes
    /// the alpha of punch-through pixels.
    struct Entry {
        let weight: SIMD8<Int16>
        let mask: SIMD8<Int16>
    }

    /// Indexed by `16·M + bits`, where `bits` holds the first pixel's two modulation bits in bits 0–1 and
    /// the second pixel's in bits 2–3.
    static var entries: [Entry] {
        (0..<32).map { index in
            let punchThrough = index >= 16
            let first = index & 3, second = (index >> 2) & 3
            let w0 = Int16(PVRTCDecoder.weight(first, punchThrough: punchThrough))
            let w1 = Int16(PVRTCDecoder.weight(second, punchThrough: punchThrough))
            let alpha0: Int16 = punchThrough && first == 2 ? 0 : -1
            let alpha1: Int16 = punchThrough && second == 2 ? 0 : -1
            return Entry(weight: SIMD8(w0, w0, w0, w0, w1, w1, w1, w1),
                         mask: SIMD8(-1, -1, -1, alpha0, -1, -1, -1, alpha1))
        }
    }
}

/// A level's blocks unpacked into linear block order for fast decoding.
struct ExpandedBlocks {
    let blocksWide: Int
    let blocksHigh: Int
    /// Per block: (A.r, A.g, A.b, 2·A.a, B.r, B.g, B.b, 2·B.a), colours in 5 bits and alpha in 4 bits
    /// (the ARGB 4555 precision), alpha doubled for the decoder's 8-bit conversion.
    var endpoints: [SIMD8<Int16>]
    /// Per block: the modulation word in the low 32 bits, the punch-through flag at bit 32.
    var words: [UInt64]

    init(_ image: PVRTCImage, threads: Int) {
        let bw = image.blocksWide, bh = image.blocksHigh
        blocksWide = bw
        blocksHigh = bh
        var words = [UInt64]()
        let endpoints = [SIMD8<Int16>](unsafeUninitializedCapacity: bw * bh) { endpointBuffer, endpointCount in
            words = [UInt64](unsafeUninitializedCapacity: bw * bh) { wordBuffer, wordCount in
                image.data.withUnsafeBytes { source in
                    EndpointTables.entries.withUnsafeBufferPointer { tables in
                        let unpacker = Unpacker(
                            source: source.baseAddress!, tables: tables.baseAddress!,
                            endpoints: endpointBuffer.baseAddress!, words: wordBuffer.baseAddress!,
                            blocksWide: bw, blocksHigh: bh)
                        Parallel.forEach(bh / unpacker.tile, threads: threads) { tileRows in
                            for tileRow in tileRows { unpacker.unpack(tileRow: tileRow) }
                        }
                    }
                }
                wordCount = bw * bh
            }
            endpointCount = bw * bh
        }
        self.endpoints = endpoints
        self.words = words
    }

    /// Unpacks square tiles of `tile`² blocks; each tile is contiguous in Morton order, so the source is read
    /// in whole cache lines. Shared read-only by the worker threads, which write disjoint tile rows.
    struct Unpacker: @unchecked Sendable {
        // @unchecked: the pointers refer to buffers that outlive the parallel loop; writes are disjoint.
        let source: UnsafeRawPointer
        let tables: UnsafePointer<SIMD8<Int16>>
        let endpoints: UnsafeMutablePointer<SIMD8<Int16>>
        let words: UnsafeMutablePointer<UInt64>
        let blocksWide: Int
        let tile: Int
        /// Morton offsets of block column x and block row y; the offset is separable:
        /// offset(x, y) = offset(x, 0) | offset(0, y).
        let columnOffsets: [Int]
        let rowOffsets: [Int]

        init(source: UnsafeRawPointer, tables: UnsafePointer<SIMD8<Int16>>, endpoints: UnsafeMutablePointer<SIMD8<Int16>>,
             words: UnsafeMutablePointer<UInt64>, blocksWide bw: Int, blocksHigh bh: Int) {
            self.source = source
            self.tables = tables
            self.endpoints = endpoints
            self.words = words
            blocksWide = bw
            tile = min(8, bw, bh)
            columnOffsets = (0..<bw).map { Morton.offset(x: $0, y: 0, blocksWide: bw, blocksHigh: bh) }
            rowOffsets = (0..<bh).map { Morton.offset(x: 0, y: $0, blocksWide: bw, blocksHigh: bh) }
        }

        func unpack(tileRow: Int) {
            columnOffsets.withUnsafeBufferPointer { columns in
                rowOffsets.withUnsafeBufferPointer { rows in
                    let top = tileRow * tile
                    for left in stride(from: 0, to: blocksWide, by: tile) {
                        for y in top..<(top + tile) {
                            for x in left..<(left + tile) {
                                let offset = (columns[x] | rows[y]) * 8
                                let modulation = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                                let color = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
                                endpoints[y * blocksWide + x] = ExpandedBlocks.expand(color: color, tables: tables)
                                words[y * blocksWide + x] = UInt64(modulation) | UInt64(color & 1) << 32
                            }
                        }
                    }
                }
            }
        }
    }

    /// Both endpoints of a colour word in the decoder's lane layout, from the byte tables of
    /// ``EndpointTables``: four loads and three adds, no branches.
    @inline(__always)
    static func expand(color c: UInt32, tables t: UnsafePointer<SIMD8<Int16>>) -> SIMD8<Int16> {
        let flagA = Int(truncatingIfNeeded: c >> 7) & 0x100, flagB = Int(truncatingIfNeeded: c >> 23) & 0x100
        let lowA = t[EndpointTables.lowA + (flagA | Int(truncatingIfNeeded: c) & 0xFF)]
        let highA = t[EndpointTables.highA + Int(truncatingIfNeeded: c >> 8) & 0xFF]
        let lowB = t[EndpointTables.lowB + (flagB | Int(truncatingIfNeeded: c >> 16) & 0xFF)]
        let highB = t[EndpointTables.highB + Int(truncatingIfNeeded: c >> 24)]
        return (lowA &+ highA) &+ (lowB &+ highB)
    }
}

/// Endpoint expansion split by byte, built from ``PVRTCEndpoint/expanded(slotB:)``.
///
/// Every ARGB 4555 channel of an endpoint depends on the bits of one byte of its 16-bit half (the bit-repeat
/// stays inside that byte), except opaque green, whose five bits span both bytes and are not repeated, and
/// the opaque flag in bit 15. So each half expands as `low[flag, low byte] + high[high byte]`, where the
/// low-byte entry leaves alpha out. Entries are in the decoder's lane layout: (A.r, A.g, A.b, 2·A.a) in
/// lanes 0–3 or (B.r, B.g, B.b, 2·B.a) in lanes 4–7, zeros elsewhere.
enum EndpointTables {
    /// Offsets of the four tables in ``entries``: 512 low-byte entries (flag × byte) and 256 high-byte ones each.
    static let lowA = 0, highA = 512, lowB = 768, highB = 1280

    /// The four tables, 1536 entries (24 KiB).
    static let entries: [SIMD8<Int16>] = {
        func lanes(_ e: (red: Int, green: Int, blue: Int, alpha: Int), slotB: Bool, alpha: Bool) -> SIMD8<Int16> {
            let four = SIMD4<Int16>(Int16(e.red), Int16(e.green), Int16(e.blue), alpha ? Int16(2 * e.alpha) : 0)
            return slotB ? SIMD8(lowHalf: .zero, highHalf: four) : SIMD8(lowHalf: four, highHalf: .zero)
        }
        func endpoint(_ half: UInt32, slotB: Bool) -> PVRTCEndpoint {
            slotB ? PVRTCEndpoint(packedB: half) : PVRTCEndpoint(packedA: (half >> 1) & 0x7FFF)
        }
        var entries: [SIMD8<Int16>] = []
        for slotB in [false, true] {
            for index in UInt32(0)..<512 {
                let half = (index & 0x100) << 7 | (index & 0xFF)
                entries.append(lanes(endpoint(half, slotB: slotB).expanded(slotB: slotB), slotB: slotB, alpha: false))
            }
            for byte in UInt32(0)..<256 {
                entries.append(lanes(endpoint(byte << 8, slotB: slotB).expanded(slotB: slotB), slotB: slotB, alpha: true))
            }
        }
        return entries
    }()
}

/// A raw pointer handed to worker threads that write disjoint parts of one buffer.
struct UnsafeSendableRawPointer: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
}
