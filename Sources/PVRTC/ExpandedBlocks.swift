/// A level's blocks unpacked into linear block order for fast decoding, PVRTC1 or PVRTC2 alike: the
/// decoders downstream read the same lanes and flags for both generations.
struct ExpandedBlocks {
    let blocksWide: Int
    let blocksHigh: Int
    /// Per block: (A.r, A.g, A.b, 2·A.a, B.r, B.g, B.b, 2·B.a), colours in 5 bits and alpha in 4 bits
    /// (the ARGB 4555 precision), alpha doubled for the decoder's 8-bit conversion. A PVRTC2 translucent
    /// colour B carries its alpha padded with a 1 bit (`2a + 1`).
    var endpoints: [SIMD8<Int16>]
    /// Per block: the modulation word in the low 32 bits, the modulation flag M at bit 32 (punch-through at
    /// 4bpp, interpolated modulation at 2bpp), PVRTC2's hard-transition flag H at bit 33 (0 for PVRTC1).
    var words: [UInt64]
    /// Per block of a PVRTC2 4bpp level (empty for other formats): colour A's RGBA bytes, then colour B's,
    /// each endpoint converted to 8 bits on its own: what hard-transition regions blend from their four
    /// words instead of the interpolated colours (``HardTransitionTable``).
    var colours: [SIMD8<UInt8>]

    /// The hard-transition flag H in ``words``.
    static let hardTransitionFlag: UInt64 = 1 << 33

    init(_ image: PVRTCImage, threads: Int) {
        let bw = image.blocksWide
        let bh = image.blocksHigh
        blocksWide = bw
        blocksHigh = bh
        let colourCount = image.format == .pvrtc2_4bpp ? bw * bh : 0
        var words = [UInt64]()
        var colours = [SIMD8<UInt8>]()
        let endpoints = [SIMD8<Int16>](unsafeUninitializedCapacity: bw * bh) { endpointBuffer, endpointCount in
            words = [UInt64](unsafeUninitializedCapacity: bw * bh) { wordBuffer, wordCount in
                colours = [SIMD8<UInt8>](unsafeUninitializedCapacity: colourCount) { colourBuffer, count in
                    image.data.withUnsafeBytes { source in
                        EndpointTables.entries.withUnsafeBufferPointer { tables in
                            let unpacker = Unpacker(
                                source: source.baseAddress!, tables: tables.baseAddress!,
                                endpoints: endpointBuffer.baseAddress!, words: wordBuffer.baseAddress!,
                                colours: colourCount == 0 ? nil : colourBuffer.baseAddress,
                                blocksWide: bw, blocksHigh: bh, format: image.format)
                            Parallel.forEach((bh + unpacker.tile - 1) / unpacker.tile, threads: threads) { tileRows in
                                for tileRow in tileRows { unpacker.unpack(tileRow: tileRow) }
                            }
                        }
                    }
                    count = colourCount
                }
                wordCount = bw * bh
            }
            endpointCount = bw * bh
        }
        self.endpoints = endpoints
        self.words = words
        self.colours = colours
    }

    /// Unpacks tiles of `tileWidth` x `tile` blocks (cut at the level's right and bottom edges): square for
    /// PVRTC1, whose tiles are contiguous in Morton order, so the source is read in whole cache lines; whole
    /// block rows for PVRTC2, whose words are in row order, so every buffer is read and written in one
    /// stream. Shared read-only by the worker threads, which write disjoint tile rows.
    struct Unpacker: @unchecked Sendable {
        // @unchecked: the pointers refer to buffers that outlive the parallel loop; writes are disjoint.
        let source: UnsafeRawPointer
        let tables: UnsafePointer<SIMD8<Int16>>
        let endpoints: UnsafeMutablePointer<SIMD8<Int16>>
        let words: UnsafeMutablePointer<UInt64>
        /// ``ExpandedBlocks/colours``, nil where the format has none.
        let colours: UnsafeMutablePointer<SIMD8<UInt8>>?
        let blocksWide: Int
        let blocksHigh: Int
        let tile: Int
        let tileWidth: Int
        /// True for PVRTC2 colour words (one opacity flag, hard-transition flag, colour B's alpha padding).
        let isPVRTC2: Bool
        /// Word indices of block column x and block row y; the index is separable:
        /// index(x, y) = index(x, 0) + index(0, y) (Morton: disjoint bits; row order: y·blocksWide + x).
        let columnOffsets: [Int]
        let rowOffsets: [Int]

        init(
            source: UnsafeRawPointer, tables: UnsafePointer<SIMD8<Int16>>,
            endpoints: UnsafeMutablePointer<SIMD8<Int16>>,
            words: UnsafeMutablePointer<UInt64>, colours: UnsafeMutablePointer<SIMD8<UInt8>>?,
            blocksWide bw: Int, blocksHigh bh: Int, format: PVRTCFormat
        ) {
            self.source = source
            self.tables = tables
            self.endpoints = endpoints
            self.words = words
            self.colours = colours
            blocksWide = bw
            blocksHigh = bh
            tile = min(8, bw, bh)
            tileWidth = format.usesMortonOrder ? tile : bw
            isPVRTC2 = format.isPVRTC2
            columnOffsets = (0..<bw).map { format.wordIndex(x: $0, y: 0, blocksWide: bw, blocksHigh: bh) }
            rowOffsets = (0..<bh).map { format.wordIndex(x: 0, y: $0, blocksWide: bw, blocksHigh: bh) }
        }

        func unpack(tileRow: Int) {
            columnOffsets.withUnsafeBufferPointer { columns in
                rowOffsets.withUnsafeBufferPointer { rows in
                    let top = tileRow * tile
                    for left in stride(from: 0, to: blocksWide, by: tileWidth) {
                        for y in top..<min(top + tile, blocksHigh) {
                            for x in left..<min(left + tileWidth, blocksWide) {
                                let offset = (columns[x] + rows[y]) * 8
                                let modulation = UInt32(
                                    littleEndian: source.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                                let color = UInt32(
                                    littleEndian: source.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
                                let flags = UInt64(color & 1) << 32
                                if isPVRTC2 {
                                    let endpoint = ExpandedBlocks.expandPVRTC2(color: color, tables: tables)
                                    endpoints[y * blocksWide + x] = endpoint
                                    words[y * blocksWide + x] =
                                        UInt64(modulation) | flags | UInt64(color & 0x8000) << 18
                                    if let colours {
                                        colours[y * blocksWide + x] = SIMD8(
                                            truncatingIfNeeded: RowDecoder.eightBit(endpoint &<< 4))
                                    }
                                } else {
                                    endpoints[y * blocksWide + x] = ExpandedBlocks.expand(color: color, tables: tables)
                                    words[y * blocksWide + x] = UInt64(modulation) | flags
                                }
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
        let flagA = Int(truncatingIfNeeded: c >> 7) & 0x100
        let flagB = Int(truncatingIfNeeded: c >> 23) & 0x100
        let lowA = t[EndpointTables.lowA + (flagA | Int(truncatingIfNeeded: c) & 0xFF)]
        let highA = t[EndpointTables.highA + Int(truncatingIfNeeded: c >> 8) & 0xFF]
        let lowB = t[EndpointTables.lowB + (flagB | Int(truncatingIfNeeded: c >> 16) & 0xFF)]
        let highB = t[EndpointTables.highB + Int(truncatingIfNeeded: c >> 24)]
        return (lowA &+ highA) &+ (lowB &+ highB)
    }

    /// Both endpoints of a PVRTC2 colour word in the decoder's lane layout. Colour A's fields sit where
    /// PVRTC1 has them, but its opacity is the word's single flag (bit 31) and bit 15 is the hard-transition
    /// flag: with bit 15 replaced by bit 31 the word reads as a PVRTC1 colour word. A translucent colour B's
    /// 3-bit alpha is then padded with a 1 bit instead of a 0 (`2a + 1`; the lane holds twice that).
    @inline(__always)
    static func expandPVRTC2(color c: UInt32, tables t: UnsafePointer<SIMD8<Int16>>) -> SIMD8<Int16> {
        let asPVRTC1 = (c & ~0x8000) | ((c >> 16) & 0x8000)
        let translucent = Int16(truncatingIfNeeded: ~c >> 31) & 1
        return expand(color: asPVRTC1, tables: t) &+ SIMD8(0, 0, 0, 0, 0, 0, 0, translucent &<< 1)
    }
}
