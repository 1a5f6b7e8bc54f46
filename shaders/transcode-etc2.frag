// pvrc: the ETC2 encoder of transcode.frag: ETC2 RGB8 blocks, or with PVRC_ETC2_EAC defined ETC2 RGBA8 blocks
// (an EAC alpha block, then an ETC2 colour block). The program is transcode.frag's, with PVRC_ENCODER_FILE
// defined and this file appended: loadBlockPixels has filled blockPixels (pixel 4y + x, bytes 0..255 in
// floats) when main calls encodeBlock.
//
// ETC2 and EAC blocks are 64-bit big-endian values (byte 0 holds bits 63-56); the output texels are
// little-endian 32-bit words, so each half is byte-swapped: ETC2 RGB8 (an RG32UI target) r = bits 63-32,
// g = bits 31-0; RGBA8 (an RGBA32UI target) r, g = the EAC alpha block, b, a = the ETC2 colour block.
// Pixel (x, y) of a block is pixel index 4x + y (column-major) in both.
//
// Colour encoder: the individual (two RGB444 bases) and differential (RGB555 and a 3-bit signed offset)
// modes, each with both flips (two 2x4 or two 4x2 subblocks), are planned on estimates: each subblock's base
// the quantised mean of its pixels (the differential second base clamped to the offset's range), its table
// the best of the eight for that base with clamping ignored, where a subblock's error follows from its sums
// and the r + g + b of its pixels alone; each of the four once more with each base moved to the mean of its
// pixels less their modifiers. The plan with the lowest estimate is then fitted exactly: its tables and the
// two above each judged with clamping, selectors the nearest values. The planar mode (RGB676 colours at the
// block's corners, fitted by least squares to the 16 pixels), which suits PVRTC's smooth gradients, replaces
// it where its squared error is lower. T and H modes are not tried. With PVRC_THOROUGH defined (the thorough
// effort of `pvrc transcode`), each flip and mode keeps the better of its plan and the refined one, is fitted
// exactly with every table, and searches its bases' one-code neighbours (searchPlan); the best block wins. Alpha encoder (EAC): for each of the 16
// modifier tables, the multiplier that spreads the table over the block's alpha range and the base centring
// it, with each pixel's nearest value; the table with the lowest squared error wins (a uniform alpha is
// stored exactly with multiplier 0).
//
// Loops run to bounds derived from u_blockPixelCount (16), as in transcode.frag, so llvmpipe keeps them rolled.

// ETC1/ETC2 intensity modifiers of table t: +-etcSmall[t] (selectors 0 and 2) and +-etcLarge[t] (1 and 3).
const float etcSmall[8] = float[8](2.0, 5.0, 9.0, 13.0, 18.0, 24.0, 33.0, 47.0);
const float etcLarge[8] = float[8](8.0, 17.0, 29.0, 42.0, 60.0, 80.0, 106.0, 183.0);

// A 32-bit word with its bytes reversed (big-endian block halves to little-endian texels).
uint swapBytes(uint v) {
    return (v >> 24) | ((v >> 8) & 0xFF00u) | ((v << 8) & 0xFF0000u) | (v << 24);
}

// The 8-bit value of a 4-bit (individual mode) and a 5-bit (differential mode) base component.
vec3 expand4(uvec3 q) { return vec3(q * 17u); }
vec3 expand5(uvec3 q) { return vec3((q << 3) | (q >> 2)); }

// The `bits`-bit components (largest value `top`) nearest to 8-bit colour c.
uvec3 quantize(vec3 c, float top) {
    return uvec3(floor(clamp(c, 0.0, 255.0) * (top / 255.0) + 0.5));
}

// What the estimates need of a subblock: the sum of its colours, the sum of their squared components, and
// the r + g + b of each of its 8 pixels.
struct Subblock {
    vec3 sum;
    float squares;
    vec4 luma0;
    vec4 luma1;
};

// r + g + b of the four pixels of row y.
vec4 lumaRow(int y) {
    return vec4(dot(blockPixels[4 * y].rgb, vec3(1.0)), dot(blockPixels[4 * y + 1].rgb, vec3(1.0)),
                dot(blockPixels[4 * y + 2].rgb, vec3(1.0)), dot(blockPixels[4 * y + 3].rgb, vec3(1.0)));
}

// The squared error of the best table for subblock s with 8-bit base `base`, and that table, ignoring
// clamping: pixel p's error for modifier m is |p - base|^2 - 2 m o + 3 m^2 with o = sum(p - base) (the
// sign of m follows o), so the eight tables cost a few vec4 expressions each.
float estimateSubblock(Subblock s, vec3 base, out int table) {
    float b = base.r + base.g + base.b;
    vec4 o0 = abs(s.luma0 - b);
    vec4 o1 = abs(s.luma1 - b);
    float least = 1e30;
    table = 0;
    for (int t = 0; t < u_blockPixelCount / 2; t++) {
        float small3 = 3.0 * etcSmall[t] * etcSmall[t];
        float large3 = 3.0 * etcLarge[t] * etcLarge[t];
        float small2 = 2.0 * etcSmall[t];
        float large2 = 2.0 * etcLarge[t];
        vec4 e = min(small3 - small2 * o0, large3 - large2 * o0)
            + min(small3 - small2 * o1, large3 - large2 * o1);
        float error = e.x + e.y + e.z + e.w;
        if (error < least) {
            least = error;
            table = t;
        }
    }
    return s.squares - 2.0 * dot(base, s.sum) + 8.0 * dot(base, base) + least;
}

// An individual or differential block before its selectors: its estimated error, mode, flip, stored base
// components (RGB444 twice, or RGB555 and the second base's RGB555 value) and tables.
struct ETCPlan {
    float error;
    bool differential;
    bool flip;
    uvec3 q0;
    uvec3 q1;
    int table0;
    int table1;
};

// The 8-bit base colours of plan p's subblocks.
vec3 planBase(ETCPlan p, int side) {
    uvec3 q = side == 0 ? p.q0 : p.q1;
    return p.differential ? expand5(q) : expand4(q);
}

// The plan of mode `differential` for subblocks s0, s1 whose bases are the colours nearest to `target0` and
// `target1` (the differential second base clamped to the first's offset range -4..3, so the block never
// reads as T, H or planar), with each subblock's best table by estimateSubblock.
ETCPlan planBlock(bool flip, bool differential, Subblock s0, Subblock s1, vec3 target0, vec3 target1) {
    float top = differential ? 31.0 : 15.0;
    uvec3 q0 = quantize(target0, top);
    uvec3 q1 = quantize(target1, top);
    if (differential) {
        q1 = uvec3(ivec3(q0) + clamp(ivec3(q1) - ivec3(q0), -4, 3));
    }
    ETCPlan p = ETCPlan(0.0, differential, flip, q0, q1, 0, 0);
    p.error = estimateSubblock(s0, planBase(p, 0), p.table0) + estimateSubblock(s1, planBase(p, 1), p.table1);
    return p;
}

// The base that fits subblock s best for `table` and the selectors the estimate gives its pixels with base
// `base`: the mean of its pixels less their modifiers (a pixel's modifier is large when its offset o from the
// base exceeds 1.5 (small + large), with the sign of o).
vec3 refinedBase(Subblock s, vec3 base, int table) {
    float b = base.r + base.g + base.b;
    float small = etcSmall[table];
    float large = etcLarge[table];
    float threshold = 1.5 * (small + large);
    vec4 d0 = s.luma0 - b;
    vec4 d1 = s.luma1 - b;
    vec4 m0 = sign(d0) * mix(vec4(small), vec4(large), greaterThan(abs(d0), vec4(threshold)));
    vec4 m1 = sign(d1) * mix(vec4(small), vec4(large), greaterThan(abs(d1), vec4(threshold)));
    // A pixel right on the base takes +small (selector 0), as the exact fit would.
    m0 += vec4(equal(d0, vec4(0.0))) * small;
    m1 += vec4(equal(d1, vec4(0.0))) * small;
    return (s.sum - dot(m0 + m1, vec4(1.0))) * (1.0 / 8.0);
}

// A candidate colour block: its squared error and its two halves (bits 63-32, bits 31-0).
struct ETCCandidate {
    float error;
    uint high;
    uint low;
};

// Plan p as a block: for each subblock its estimated table and the two above it (every table with
// PVRC_THOROUGH) judged exactly (with clamping), the lowest error with each pixel's nearest value winning. The estimate overrates the larger
// tables near 0 and 255, where clamping brings values nearer their pixels.
ETCCandidate finishPlan(ETCPlan p) {
    vec3 base0 = planBase(p, 0);
    vec3 base1 = planBase(p, 1);
    vec2 bestError = vec2(1e30);
    uvec2 table = uvec2(0u);
    uvec2 selectors = uvec2(0u);
#if defined(PVRC_THOROUGH)
    ivec2 firstTable = ivec2(0);
    int tableCount = u_blockPixelCount / 2;
#else
    ivec2 firstTable = ivec2(p.table0, p.table1);
    int tableCount = 3;
#endif
    for (int k = 0; k < tableCount; k++) {
        int t0 = min(firstTable.x + k, u_blockPixelCount / 2 - 1);
        int t1 = min(firstTable.y + k, u_blockPixelCount / 2 - 1);
        // Selectors 0-3's values (base + small, + large, - small, - large, clamped) on each channel.
        vec4 m0 = vec4(etcSmall[t0], etcLarge[t0], -etcSmall[t0], -etcLarge[t0]);
        vec4 m1 = vec4(etcSmall[t1], etcLarge[t1], -etcSmall[t1], -etcLarge[t1]);
        vec4 r0 = clamp(base0.r + m0, 0.0, 255.0);
        vec4 g0 = clamp(base0.g + m0, 0.0, 255.0);
        vec4 b0 = clamp(base0.b + m0, 0.0, 255.0);
        vec4 r1 = clamp(base1.r + m1, 0.0, 255.0);
        vec4 g1 = clamp(base1.g + m1, 0.0, 255.0);
        vec4 b1 = clamp(base1.b + m1, 0.0, 255.0);
        vec2 error = vec2(0.0);
        uvec2 chosen = uvec2(0u);
        for (int i = 0; i < u_blockPixelCount; i++) {
            int x = i & 3;
            int y = i >> 2;
            bool second = (p.flip ? y : x) >= 2;
            vec3 c = blockPixels[i].rgb;
            vec4 dr = c.r - (second ? r1 : r0);
            vec4 dg = c.g - (second ? g1 : g0);
            vec4 db = c.b - (second ? b1 : b0);
            vec4 d = dr * dr + dg * dg + db * db;
            // The first of the nearest values.
            float nearest = min(min(d.x, d.y), min(d.z, d.w));
            uint s = d.x == nearest ? 0u : (d.y == nearest ? 1u : (d.z == nearest ? 2u : 3u));
            uint bit = uint(4 * x + y);
            uint bits = ((s & 1u) << bit) | ((s >> 1) << (bit + 16u));
            error += second ? vec2(0.0, nearest) : vec2(nearest, 0.0);
            chosen |= second ? uvec2(0u, bits) : uvec2(bits, 0u);
        }
        bvec2 lower = lessThan(error, bestError);
        if (lower.x) { bestError.x = error.x; table.x = uint(t0); selectors.x = chosen.x; }
        if (lower.y) { bestError.y = error.y; table.y = uint(t1); selectors.y = chosen.y; }
    }
    uint high;
    if (p.differential) {
        uvec3 offset = uvec3(ivec3(p.q1) - ivec3(p.q0)) & 7u;
        high = (p.q0.r << 27) | (offset.r << 24) | (p.q0.g << 19) | (offset.g << 16) | (p.q0.b << 11)
            | (offset.b << 8) | 2u;
    } else {
        high = (p.q0.r << 28) | (p.q1.r << 24) | (p.q0.g << 20) | (p.q1.g << 16) | (p.q0.b << 12)
            | (p.q1.b << 8);
    }
    high |= (table.x << 5) | (table.y << 2) | (p.flip ? 1u : 0u);
    return ETCCandidate(bestError.x + bestError.y, high, selectors.x | selectors.y);
}

// The two's-complement value of 3-bit field v.
int signed3(uint v) {
    return int(v) - (v >= 4u ? 8 : 0);
}

// The planar block fitted to the 16 pixels, or `best` when it does not beat it.
ETCCandidate tryPlanar(ETCCandidate best) {
    // Least squares c = mean + gx (x - 1.5) + gy (y - 1.5) over the 4x4 grid (sum of (x - 1.5)^2 is 20).
    vec3 mean = vec3(0.0);
    vec3 gx = vec3(0.0);
    vec3 gy = vec3(0.0);
    for (int i = 0; i < u_blockPixelCount; i++) {
        vec3 c = blockPixels[i].rgb;
        mean += c;
        gx += (float(i & 3) - 1.5) * c;
        gy += (float(i >> 2) - 1.5) * c;
    }
    mean *= 1.0 / 16.0;
    gx *= 1.0 / 20.0;
    gy *= 1.0 / 20.0;
    // Colours at (0, 0), (4, 0) and (0, 4): O, H and V of the decoder's (x (H - O) + y (V - O) + 4 O + 2) >> 2.
    vec3 origin = mean - 1.5 * (gx + gy);
    vec3 top = vec3(63.0, 127.0, 63.0);
    uvec3 o = uvec3(floor(clamp(origin, 0.0, 255.0) * (top / 255.0) + 0.5));
    uvec3 h = uvec3(floor(clamp(origin + 4.0 * gx, 0.0, 255.0) * (top / 255.0) + 0.5));
    uvec3 v = uvec3(floor(clamp(origin + 4.0 * gy, 0.0, 255.0) * (top / 255.0) + 0.5));
    // RGB676 to 8 bits by bit replication.
    ivec3 eo = ivec3((o.r << 2) | (o.r >> 4), (o.g << 1) | (o.g >> 6), (o.b << 2) | (o.b >> 4));
    ivec3 eh = ivec3((h.r << 2) | (h.r >> 4), (h.g << 1) | (h.g >> 6), (h.b << 2) | (h.b >> 4));
    ivec3 ev = ivec3((v.r << 2) | (v.r >> 4), (v.g << 1) | (v.g >> 6), (v.b << 2) | (v.b >> 4));
    float error = 0.0;
    for (int i = 0; i < u_blockPixelCount; i++) {
        ivec3 value = clamp((int(i & 3) * (eh - eo) + int(i >> 2) * (ev - eo) + 4 * eo + 2) >> 2, 0, 255);
        vec3 d = vec3(value) - blockPixels[i].rgb;
        error += dot(d, d);
    }
    if (error >= best.error) {
        return best;
    }
    // Bits 62-57 RO, 56 GO bit 6, 54-49 GO bits 5-0, 48 BO bit 5, 44-43 BO bits 4-3, 41-39 BO bits 2-0,
    // 38-34 RH bits 5-1, 33 the differential bit (1), 32 RH bit 0; then GH, BH, RV, GV, BV in bits 31-0.
    uint high = (o.r << 25) | ((o.g >> 6) << 24) | ((o.g & 63u) << 17) | ((o.b >> 5) << 16) | (((o.b >> 3) & 3u) << 11)
        | ((o.b & 7u) << 7) | ((h.r >> 1) << 2) | 2u | (h.r & 1u);
    uint low = (h.g << 25) | (h.b << 19) | (v.r << 13) | (v.g << 6) | v.b;
    // The free bits make the differential reading of R and G stay in 0..31 and that of B leave it, which is
    // what selects the planar mode: bit 63 moves R by 16 away from the edge it would cross; B (bits 47-43, with
    // 47-45 free) and its offset (bits 42-40, with 42 free) cross 0 or 31.
    int r = int((high >> 27) & 31u);
    int dr = signed3((high >> 24) & 7u);
    if (r + dr < 0) { high |= 1u << 31; }
    int g = int((high >> 19) & 31u);
    int dg = signed3((high >> 16) & 7u);
    if (g + dg < 0) { high |= 1u << 23; }
    if (int((high >> 11) & 3u) + int((high >> 8) & 3u) < 4) {
        high |= 1u << 10;
    } else {
        high |= 7u << 13;
    }
    best.error = error;
    best.high = high;
    best.low = low;
    return best;
}

#if defined(PVRC_THOROUGH)
// Plan p with base `side`'s channel `channel` (3: all three) moved by `step` (one code), clamped to the mode's
// range, or p itself where the move would take a differential second base outside -4..3 of the first.
ETCPlan movedBase(ETCPlan p, int side, int channel, int step) {
    ivec3 top = ivec3(p.differential ? 31 : 15);
    ivec3 move = channel == 3 ? ivec3(step) : ivec3(equal(ivec3(channel), ivec3(0, 1, 2))) * step;
    ivec3 q0 = ivec3(p.q0) + (side == 0 ? move : ivec3(0));
    ivec3 q1 = ivec3(p.q1) + (side == 1 ? move : ivec3(0));
    q0 = clamp(q0, ivec3(0), top);
    q1 = clamp(q1, ivec3(0), top);
    if (p.differential) {
        ivec3 offset = q1 - q0;
        if (any(lessThan(offset, ivec3(-4))) || any(greaterThan(offset, ivec3(3)))) {
            return p;
        }
    }
    p.q0 = uvec3(q0);
    p.q1 = uvec3(q1);
    return p;
}

// The exact fit of plan p and of its bases' one-code neighbours: each channel of each base, and all three of
// one base, up and down; a move that lowers the block's error is kept and the search goes on from it, three
// rounds over.
ETCCandidate searchPlan(ETCPlan p) {
    ETCCandidate best = finishPlan(p);
    for (int round = 0; round < 3; round++) {
        for (int k = 0; k < 16; k++) {
            int side = k < 12 ? k / 6 : (k >> 1) & 1;
            int channel = k < 12 ? (k / 2) % 3 : 3;
            ETCPlan trial = movedBase(p, side, channel, (k & 1) == 0 ? 1 : -1);
            ETCCandidate fitted = finishPlan(trial);
            if (fitted.error < best.error) {
                best = fitted;
                p = trial;
            }
        }
    }
    return best;
}
#endif

// The plan of mode `differential` for `flip` (subblocks s0, s1) from the subblocks' means, or that plan refined
// once where the refinement's estimate is lower.
ETCPlan refinedPlan(bool flip, bool differential, Subblock s0, Subblock s1) {
    ETCPlan p = planBlock(flip, differential, s0, s1, s0.sum * (1.0 / 8.0), s1.sum * (1.0 / 8.0));
    ETCPlan refined = planBlock(p.flip, p.differential, s0, s1,
        refinedBase(s0, planBase(p, 0), p.table0), refinedBase(s1, planBase(p, 1), p.table1));
    return refined.error < p.error ? refined : p;
}

// The best of `best` and the plans for `flip` (subblocks s0, s1) in both modes, each refined once.
ETCPlan planFlip(bool flip, Subblock s0, Subblock s1, ETCPlan best) {
    for (int m = 0; m < 2; m++) {
        ETCPlan p = refinedPlan(flip, m == 1, s0, s1);
        if (p.error < best.error) {
            best = p;
        }
    }
    return best;
}

// The ETC2 colour block of the 16 pixels (bits 63-32, bits 31-0).
uvec2 encodeColorETC2() {
    // The four halves: 0 left, 1 right (flip false), 2 top, 3 bottom (flip true).
    vec4 rows[4] = vec4[4](lumaRow(0), lumaRow(1), lumaRow(2), lumaRow(3));
    vec3 sums[4] = vec3[4](vec3(0.0), vec3(0.0), vec3(0.0), vec3(0.0));
    float squares[4] = float[4](0.0, 0.0, 0.0, 0.0);
    for (int y = 0; y < 4; y++) {
        vec3 left = blockPixels[4 * y].rgb + blockPixels[4 * y + 1].rgb;
        vec3 right = blockPixels[4 * y + 2].rgb + blockPixels[4 * y + 3].rgb;
        float leftSquares = dot(blockPixels[4 * y].rgb, blockPixels[4 * y].rgb)
            + dot(blockPixels[4 * y + 1].rgb, blockPixels[4 * y + 1].rgb);
        float rightSquares = dot(blockPixels[4 * y + 2].rgb, blockPixels[4 * y + 2].rgb)
            + dot(blockPixels[4 * y + 3].rgb, blockPixels[4 * y + 3].rgb);
        sums[0] += left;
        sums[1] += right;
        squares[0] += leftSquares;
        squares[1] += rightSquares;
        sums[2 + (y >> 1)] += left + right;
        squares[2 + (y >> 1)] += leftSquares + rightSquares;
    }
    Subblock halves[4] = Subblock[4](
        Subblock(sums[0], squares[0], vec4(rows[0].xy, rows[1].xy), vec4(rows[2].xy, rows[3].xy)),
        Subblock(sums[1], squares[1], vec4(rows[0].zw, rows[1].zw), vec4(rows[2].zw, rows[3].zw)),
        Subblock(sums[2], squares[2], rows[0], rows[1]),
        Subblock(sums[3], squares[3], rows[2], rows[3]));
#if defined(PVRC_THOROUGH)
    // Every flip and mode: the better of its plan and the plan refined, fitted exactly and searched.
    ETCCandidate block = ETCCandidate(1e30, 0u, 0u);
    for (int k = 0; k < 4; k++) {
        bool flip = k >= 2;
        Subblock s0 = flip ? halves[2] : halves[0];
        Subblock s1 = flip ? halves[3] : halves[1];
        ETCCandidate fitted = searchPlan(refinedPlan(flip, (k & 1) == 1, s0, s1));
        if (fitted.error < block.error) {
            block = fitted;
        }
    }
#else
    ETCPlan best = ETCPlan(1e30, false, false, uvec3(0u), uvec3(0u), 0, 0);
    best = planFlip(false, halves[0], halves[1], best);
    best = planFlip(true, halves[2], halves[3], best);
    ETCCandidate block = finishPlan(best);
#endif
    block = tryPlanar(block);
    return uvec2(block.high, block.low);
}

#if defined(PVRC_ETC2_EAC)
// The EAC modifier tables: table t's indices 0-3 (negative) in eacNegative[t], 4-7 (positive) in eacPositive[t].
const vec4 eacNegative[16] = vec4[16](
    vec4(-3.0, -6.0, -9.0, -15.0), vec4(-3.0, -7.0, -10.0, -13.0), vec4(-2.0, -5.0, -8.0, -13.0),
    vec4(-2.0, -4.0, -6.0, -13.0), vec4(-3.0, -6.0, -8.0, -12.0), vec4(-3.0, -7.0, -9.0, -11.0),
    vec4(-4.0, -7.0, -8.0, -11.0), vec4(-3.0, -5.0, -8.0, -11.0), vec4(-2.0, -6.0, -8.0, -10.0),
    vec4(-2.0, -5.0, -8.0, -10.0), vec4(-2.0, -4.0, -8.0, -10.0), vec4(-2.0, -5.0, -7.0, -10.0),
    vec4(-3.0, -4.0, -7.0, -10.0), vec4(-1.0, -2.0, -3.0, -10.0), vec4(-4.0, -6.0, -8.0, -9.0),
    vec4(-3.0, -5.0, -7.0, -9.0));
const vec4 eacPositive[16] = vec4[16](
    vec4(2.0, 5.0, 8.0, 14.0), vec4(2.0, 6.0, 9.0, 12.0), vec4(1.0, 4.0, 7.0, 12.0), vec4(1.0, 3.0, 5.0, 12.0),
    vec4(2.0, 5.0, 7.0, 11.0), vec4(2.0, 6.0, 8.0, 10.0), vec4(3.0, 6.0, 7.0, 10.0), vec4(2.0, 4.0, 7.0, 10.0),
    vec4(1.0, 5.0, 7.0, 9.0), vec4(1.0, 4.0, 7.0, 9.0), vec4(1.0, 3.0, 7.0, 9.0), vec4(1.0, 4.0, 6.0, 9.0),
    vec4(2.0, 3.0, 6.0, 9.0), vec4(0.0, 1.0, 2.0, 9.0), vec4(3.0, 5.0, 7.0, 8.0), vec4(2.0, 4.0, 6.0, 8.0));

// The EAC alpha block of the 16 pixels (bits 63-32: base, multiplier, table, index bits 47-32; bits 31-0).
// Each table's error takes two vec4 expressions a pixel (its eight values at once); only the winning table's
// indices are worked out.
uvec2 encodeAlphaEAC() {
    float low = 255.0;
    float high = 0.0;
    for (int i = 0; i < u_blockPixelCount; i++) {
        low = min(low, blockPixels[i].a);
        high = max(high, blockPixels[i].a);
    }
    if (low == high) {
        // Multiplier 0: every pixel is the base.
        return uvec2(uint(low) << 24, 0u);
    }
    float bestError = 1e30;
    int table = 0;
    float base = 0.0;
    float multiplier = 1.0;
    for (int t = 0; t < u_blockPixelCount; t++) {
        float least = eacNegative[t].w;
        float most = eacPositive[t].w;
        float m = clamp(floor((high - low) / (most - least) + 0.5), 1.0, 15.0);
        float b = clamp(floor(0.5 * (high + low - (most + least) * m) + 0.5), 0.0, 255.0);
        vec4 negative = clamp(b + eacNegative[t] * m, 0.0, 255.0);
        vec4 positive = clamp(b + eacPositive[t] * m, 0.0, 255.0);
        float error = 0.0;
        for (int i = 0; i < u_blockPixelCount; i++) {
            vec4 dn = blockPixels[i].a - negative;
            vec4 dp = blockPixels[i].a - positive;
            vec4 nearest = min(dn * dn, dp * dp);
            error += min(min(nearest.x, nearest.y), min(nearest.z, nearest.w));
        }
        if (error < bestError) {
            bestError = error;
            table = t;
            base = b;
            multiplier = m;
        }
    }
    vec4 negative = clamp(base + eacNegative[table] * multiplier, 0.0, 255.0);
    vec4 positive = clamp(base + eacPositive[table] * multiplier, 0.0, 255.0);
    uvec2 indices = uvec2(0u);
    for (int i = 0; i < u_blockPixelCount; i++) {
        float a = blockPixels[i].a;
        uint code = 0u;
        float best = 1e30;
        for (int k = 0; k < 4; k++) {
            float dn = a - negative[k];
            float dp = a - positive[k];
            if (dn * dn < best) {
                best = dn * dn;
                code = uint(k);
            }
            if (dp * dp < best) {
                best = dp * dp;
                code = uint(k + 4);
            }
        }
        // Pixel (x, y) has index 4x + y, its 3 bits at bit 45 - 3 (4x + y) of the 48.
        uint shift = uint(45 - 3 * (4 * (i & 3) + (i >> 2)));
        if (shift >= 32u) {
            indices.x |= code << (shift - 32u);
        } else {
            indices.y |= code << shift;
            if (shift > 29u) {
                indices.x |= code >> (32u - shift);
            }
        }
    }
    return uvec2((uint(base) << 24) | (uint(multiplier) << 20) | (uint(table) << 16) | indices.x, indices.y);
}
#endif

// The block's texels (see the top of this file).
uvec4 encodeBlock() {
    uvec2 color = encodeColorETC2();
#if defined(PVRC_ETC2_EAC)
    uvec2 alpha = encodeAlphaEAC();
    return uvec4(swapBytes(alpha.x), swapBytes(alpha.y), swapBytes(color.x), swapBytes(color.y));
#else
    return uvec4(swapBytes(color.x), swapBytes(color.y), 0u, 0u);
#endif
}
