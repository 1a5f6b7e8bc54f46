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
        let bw = image.blocksWide
        let bh = image.blocksHigh
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

        init(
            source: UnsafeRawPointer, tables: UnsafePointer<SIMD8<Int16>>,
            endpoints: UnsafeMutablePointer<SIMD8<Int16>>,
            words: UnsafeMutablePointer<UInt64>, blocksWide bw: Int, blocksHigh bh: Int
        ) {
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
                                let modulation = UInt32(
                                    littleEndian: source.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                                let color = UInt32(
                                    littleEndian: source.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
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
        let flagA = Int(truncatingIfNeeded: c >> 7) & 0x100
        let flagB = Int(truncatingIfNeeded: c >> 23) & 0x100
        let lowA = t[EndpointTables.lowA + (flagA | Int(truncatingIfNeeded: c) & 0xFF)]
        let highA = t[EndpointTables.highA + Int(truncatingIfNeeded: c >> 8) & 0xFF]
        let lowB = t[EndpointTables.lowB + (flagB | Int(truncatingIfNeeded: c >> 16) & 0xFF)]
        let highB = t[EndpointTables.highB + Int(truncatingIfNeeded: c >> 24)]
        return (lowA &+ highA) &+ (lowB &+ highB)
    }
}
