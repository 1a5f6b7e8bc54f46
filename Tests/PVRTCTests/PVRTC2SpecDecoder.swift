/// A deliberately naive transcription of the Khronos Data Format Specification's PVRTC2 text (chapter "PVRTC
/// Compressed Texture Image Formats", sections "Format PVRTC2 4bpp" and "Format PVRTC2 2bpp", with the PVRTC1
/// sections they refer to), one pixel and one channel at a time, straight from the raw bytes. It shares no
/// code with `PVRTCDecoder`. Where the text leaves room, ``Reading`` selects the interpretation, so the
/// alternatives can be measured against files written by Imagination's tools.
enum PVRTC2SpecDecoder {
    /// One interpretation of the points the specification leaves open or states ambiguously.
    struct Reading: Hashable, CustomStringConvertible {
        /// The bit that pads a translucent colour B's 3-bit alpha to 4 bits at 4bpp (the text: 1).
        var colourBAlphaPad4bpp = 1
        /// The same at 2bpp (the text: "interpreted in the same manner as for the PVRTC2 4bpp format", so 1).
        var colourBAlphaPad2bpp = 1
        /// True: H comes from the region's top-left word W(XLow, YLow) (the text's "stored in W(XMod, YMod)"
        /// for the region that starts in that word); false: from the word holding the pixel's modulation.
        var hardFlagFromRegionTopLeft = true
        /// True: the local palette table's columns are (xr, yr) as its headers and the NOTE on column xr = 0
        /// and row yr = 0 read; false: transposed, as the worked example below the table ("position 0,1 ...
        /// B(XLow+1, YLow)") would need.
        var paletteColumnsAreXY = true
        /// True: a punch-through pixel is transparent black (the text); false: PVRTC1's colour with alpha 0.
        var punchThroughIsBlack = true
        /// True: the 2bpp modulation neighbours of pixels on the level's edge wrap around the word grid
        /// (padding pixels included); false: around the level's own width and height.
        var modulationWrapsAtGrid = true

        /// The reading the decoder implements.
        static let chosen = Reading()

        var description: String {
            var parts: [String] = []
            if colourBAlphaPad4bpp != 1 { parts.append("B alpha pad \(colourBAlphaPad4bpp) at 4bpp") }
            if colourBAlphaPad2bpp != 1 { parts.append("B alpha pad \(colourBAlphaPad2bpp) at 2bpp") }
            if !hardFlagFromRegionTopLeft { parts.append("H from own word") }
            if !paletteColumnsAreXY { parts.append("palette transposed") }
            if !punchThroughIsBlack { parts.append("punch-through as PVRTC1") }
            if !modulationWrapsAtGrid { parts.append("modulation wraps at the level's size") }
            return parts.isEmpty ? "as chosen" : parts.joined(separator: ", ")
        }
    }

    /// Decodes `data` (row-ordered words of a `width` x `height` PVRTC2 level) to RGBA bytes, rows top-down.
    static func decode(
        _ data: [UInt8], width: Int, height: Int, twoBpp: Bool, reading: Reading = .chosen
    ) -> [UInt8] {
        let blockWidth = twoBpp ? 8 : 4
        let bw = (width + blockWidth - 1) / blockWidth
        let bh = (height + 3) / 4
        func wrap(_ v: Int, _ n: Int) -> Int { ((v % n) + n) % n }
        func word(_ bx: Int, _ by: Int) -> (modulation: UInt32, colour: UInt32) {
            let o = (wrap(by, bh) * bw + wrap(bx, bw)) * 8
            func le(_ p: Int) -> UInt32 {
                UInt32(data[p]) | UInt32(data[p + 1]) << 8 | UInt32(data[p + 2]) << 16 | UInt32(data[p + 3]) << 24
            }
            return (le(o), le(o + 4))
        }
        let pad = twoBpp ? reading.colourBAlphaPad2bpp : reading.colourBAlphaPad4bpp
        /// Channel k (0 r, 1 g, 2 b, 3 a) of colour A or B in ARGB 4555.
        func endpoint(_ colour: UInt32, b isB: Bool, _ k: Int) -> Int {
            let opaque = colour >> 31 == 1
            let four = { (c: Int) in (c << 1) | (c >> 3) }
            if isB {
                let v = Int(colour >> 16)
                switch (opaque, k) {
                case (true, 0): return (v >> 10) & 31
                case (true, 1): return (v >> 5) & 31
                case (true, 2): return v & 31
                case (true, _): return 15
                case (false, 0): return four((v >> 8) & 15)
                case (false, 1): return four((v >> 4) & 15)
                case (false, 2): return four(v & 15)
                default: return ((v >> 12) & 7) << 1 | pad
                }
            }
            let v = Int(colour >> 1) & 0x3FFF
            switch (opaque, k) {
            case (true, 0): return (v >> 9) & 31
            case (true, 1): return (v >> 4) & 31
            case (true, 2): return four(v & 15)
            case (true, _): return 15
            case (false, 0): return four((v >> 7) & 15)
            case (false, 1): return four((v >> 3) & 15)
            case (false, 2):
                let c = v & 7
                return (c << 2) | (c >> 1)
            default: return ((v >> 11) & 7) << 1
            }
        }
        /// ARGB 4555 to 8888 by bit replication.
        func replicate(_ c: Int, _ k: Int) -> Int { k == 3 ? c * 17 : (c << 3) | (c >> 2) }

        // 2bpp modulation (PVRTC1 2bpp's, unchanged by PVRTC2): the weight in eighths of pixel (x, y).
        let modulationWidth = reading.modulationWrapsAtGrid ? bw * 8 : width
        let modulationHeight = reading.modulationWrapsAtGrid ? bh * 4 : height
        func weight2bpp(_ px: Int, _ py: Int) -> Int {
            let x = wrap(px, modulationWidth)
            let y = wrap(py, modulationHeight)
            let (m, c) = word(x / 8, y / 4)
            let xo = x % 8
            let yo = y % 4
            if c & 1 == 0 { return Int((m >> UInt32(8 * yo + xo)) & 1) * 8 }
            let table = [0, 3, 5, 8]
            if (xo ^ yo) & 1 == 0 {
                if xo == 0 && yo == 0 { return (m >> 1) & 1 == 1 ? 8 : 0 }
                if m & 1 == 1 && xo == 4 && yo == 2 { return (m >> 21) & 1 == 1 ? 8 : 0 }
                return table[Int((m >> UInt32(8 * yo + 2 * (xo >> 1))) & 3)]
            }
            if m & 1 == 0 {
                return
                    (weight2bpp(px - 1, py) + weight2bpp(px, py - 1) + weight2bpp(px + 1, py)
                    + weight2bpp(px, py + 1) + 2) / 4
            }
            if (m >> 20) & 1 == 1 { return (weight2bpp(px, py - 1) + weight2bpp(px, py + 1) + 1) / 2 }
            return (weight2bpp(px - 1, py) + weight2bpp(px + 1, py) + 1) / 2
        }

        /// The local palette (4bpp, H = 1, M = 1) by row yr, modulation value, column xr: (word, slot), where
        /// words are 0 P, 1 Q, 2 R, 3 S and slots 0 A, 1 B; nil at (0, 0) for values 1 and 2 (P's A and B blended).
        let palette: [[[(Int, Int)?]]] = [
            [
                [(0, 0), (0, 0), (0, 0), (0, 0)], [nil, (0, 1), (0, 1), (0, 1)],
                [nil, (1, 0), (1, 0), (1, 0)], [(0, 1), (1, 1), (1, 1), (1, 1)],
            ],
            [
                [(0, 0), (0, 0), (0, 0), (3, 0)], [(0, 1), (0, 1), (0, 1), (0, 1)],
                [(2, 0), (1, 0), (1, 0), (1, 0)], [(2, 1), (2, 1), (1, 1), (1, 1)],
            ],
            [
                [(0, 0), (0, 0), (0, 0), (3, 0)], [(0, 1), (0, 1), (3, 1), (3, 1)],
                [(2, 0), (2, 0), (2, 0), (1, 0)], [(2, 1), (2, 1), (1, 1), (1, 1)],
            ],
            [
                [(0, 0), (0, 0), (3, 0), (3, 0)], [(0, 1), (3, 1), (3, 1), (3, 1)],
                [(2, 0), (2, 0), (2, 0), (2, 0)], [(2, 1), (2, 1), (2, 1), (1, 1)],
            ],
        ]

        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let half = blockWidth / 2
                let xl = Int((Double(x - half) / Double(blockWidth)).rounded(.down))
                let yl = Int((Double(y - 2) / 4).rounded(.down))
                let xr = x - half - blockWidth * xl
                let yr = y - 2 - 4 * yl
                let corners = [
                    (xl, yl, (blockWidth - xr) * (4 - yr)), (xl + 1, yl, xr * (4 - yr)),
                    (xl, yl + 1, (blockWidth - xr) * yr), (xl + 1, yl + 1, xr * yr),
                ]
                let own = word(x / blockWidth, y / 4)
                let topLeft = word(xl, yl)
                let hard = ((reading.hardFlagFromRegionTopLeft ? topLeft : own).colour >> 15) & 1 == 1
                let m = own.colour & 1 == 1
                let bits = Int(own.modulation >> UInt32(2 * (4 * (y % 4) + x % 4))) & 3
                let w: Int
                if twoBpp {
                    w = weight2bpp(x, y)
                } else {
                    w = m && !hard ? [0, 4, 4, 8][bits] : [0, 3, 5, 8][bits]
                }
                for k in 0..<4 {
                    var value: Int
                    if !hard {
                        var ca = 0
                        var cb = 0
                        for (bx, by, weight) in corners {
                            ca += endpoint(word(bx, by).colour, b: false, k) * weight
                            cb += endpoint(word(bx, by).colour, b: true, k) * weight
                        }
                        let a8: Int
                        let b8: Int
                        if twoBpp {
                            a8 = k == 3 ? ca / 2 + ca / 32 : ca / 4 + ca / 128
                            b8 = k == 3 ? cb / 2 + cb / 32 : cb / 4 + cb / 128
                        } else {
                            a8 = k == 3 ? ca + ca / 16 : ca / 2 + ca / 64
                            b8 = k == 3 ? cb + cb / 16 : cb / 2 + cb / 64
                        }
                        value = (a8 * (8 - w) + b8 * w) / 8
                        if !twoBpp && m && bits == 2 && (reading.punchThroughIsBlack || k == 3) { value = 0 }
                    } else if twoBpp || !m {
                        let a8 = replicate(endpoint(own.colour, b: false, k), k)
                        let b8 = replicate(endpoint(own.colour, b: true, k), k)
                        value = (a8 * (8 - w) + b8 * w) / 8
                    } else {
                        let entry = reading.paletteColumnsAreXY ? palette[yr][bits][xr] : palette[xr][bits][yr]
                        let words = [word(xl, yl), word(xl + 1, yl), word(xl, yl + 1), word(xl + 1, yl + 1)]
                        if let (index, slot) = entry {
                            value = replicate(endpoint(words[index].colour, b: slot == 1, k), k)
                        } else {
                            let a8 = replicate(endpoint(words[0].colour, b: false, k), k)
                            let b8 = replicate(endpoint(words[0].colour, b: true, k), k)
                            value = (a8 * (8 - w) + b8 * w) / 8
                        }
                    }
                    out[(y * width + x) * 4 + k] = UInt8(value)
                }
            }
        }
        return out
    }
}
