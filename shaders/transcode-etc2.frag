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
// modes, each with both flips (two 2x4 or two 4x2 subblocks), each subblock's base the quantised mean of its
// pixels (the differential second base clamped to the offset's range) and its intensity table the best for
// that base (all eight ranked without clamping, the best and the two above it judged with it), its
// selectors the nearest values, then the better mode once more with each base moved to the mean of its
// pixels less their chosen modifiers; and the planar mode (RGB676 colours at the block's corners,
// fitted by least squares to the 16 pixels), which suits PVRTC's smooth gradients. The candidate with the
// lowest squared error wins. T and H modes are not tried. Alpha encoder (EAC): for each of the 16 modifier
// tables, the multiplier that spreads the table over the block's alpha range and the base centring it, with
// each pixel's nearest value; the table with the lowest squared error wins (a uniform alpha is stored exactly
// with multiplier 0).
//
// Loops run to bounds derived from u_blockPixelCount (16), as in transcode.frag, so llvmpipe keeps them rolled.

// ETC1/ETC2 intensity modifiers of table t: +-etcSmall[t] (selectors 0 and 2) and +-etcLarge[t] (1 and 3).
const float etcSmall[8] = float[8](2.0, 5.0, 9.0, 13.0, 18.0, 24.0, 33.0, 47.0);
const float etcLarge[8] = float[8](8.0, 17.0, 29.0, 42.0, 60.0, 80.0, 106.0, 183.0);

// A 32-bit word with its bytes reversed (big-endian block halves to little-endian texels).
uint swapBytes(uint v) {
    return (v >> 24) | ((v >> 8) & 0xFF00u) | ((v << 8) & 0xFF0000u) | (v << 24);
}

// The (x, y) in the block of pixel k (0..7) of subblock `side` of a block split by `flip` (false: left and
// right 2x4 halves, true: top and bottom 4x2 halves).
ivec2 subblockPixel(bool flip, int side, int k) {
    return flip ? ivec2(k & 3, 2 * side + (k >> 2)) : ivec2(2 * side + (k & 1), k >> 1);
}

// The mean colour of subblock `side`.
vec3 subblockMean(bool flip, int side) {
    vec3 sum = vec3(0.0);
    for (int k = 0; k < u_blockPixelCount / 2; k++) {
        ivec2 p = subblockPixel(flip, side, k);
        sum += blockPixels[4 * p.y + p.x].rgb;
    }
    return sum * (1.0 / 8.0);
}

// The intensity table that fits subblock `side` best with 8-bit base colour `base`: returns the squared
// error; `table` the table, `selectors` the pixels' selectors in ETC2's index bits (LSB at bit 4x + y, MSB at
// bit 4x + y + 16). The table is chosen without clamping, where a pixel's error for modifier m is
// sum((p - base)^2) - 2 m sum(p - base) + 3 m^2, so all eight tables cost two vec4 expressions per pixel (the
// sign of m follows the sum); that table and the two above it are then judged exactly, with clamping.
float fitSubblock(bool flip, int side, vec3 base, out uint table, out uint selectors) {
    const vec4 small0 = vec4(2.0, 5.0, 9.0, 13.0);
    const vec4 small1 = vec4(18.0, 24.0, 33.0, 47.0);
    const vec4 large0 = vec4(8.0, 17.0, 29.0, 42.0);
    const vec4 large1 = vec4(60.0, 80.0, 106.0, 183.0);
    vec4 error0 = vec4(0.0);
    vec4 error1 = vec4(0.0);
    for (int k = 0; k < u_blockPixelCount / 2; k++) {
        ivec2 p = subblockPixel(flip, side, k);
        vec3 d = blockPixels[4 * p.y + p.x].rgb - base;
        float offset = abs(d.r + d.g + d.b);
        error0 += min(small0 * (3.0 * small0 - 2.0 * offset), large0 * (3.0 * large0 - 2.0 * offset));
        error1 += min(small1 * (3.0 * small1 - 2.0 * offset), large1 * (3.0 * large1 - 2.0 * offset));
    }
    int best = 0;
    float least = error0.x;
    for (int t = 1; t < u_blockPixelCount / 2; t++) {
        float e = t < 4 ? error0[t] : error1[t - 4];
        if (e < least) {
            least = e;
            best = t;
        }
    }
    // Clamping only brings a value nearer its pixel, so the estimate overrates the larger tables' errors near
    // 0 and 255: the chosen table and the two above it are judged exactly.
    float bestError = 1e30;
    table = 0u;
    selectors = 0u;
    for (int t = best; t <= min(best + 2, u_blockPixelCount / 2 - 1); t++) {
        vec3 plusSmall = clamp(base + etcSmall[t], 0.0, 255.0);
        vec3 plusLarge = clamp(base + etcLarge[t], 0.0, 255.0);
        vec3 minusSmall = clamp(base - etcSmall[t], 0.0, 255.0);
        vec3 minusLarge = clamp(base - etcLarge[t], 0.0, 255.0);
        float error = 0.0;
        uint chosen = 0u;
        for (int k = 0; k < u_blockPixelCount / 2; k++) {
            ivec2 p = subblockPixel(flip, side, k);
            vec3 c = blockPixels[4 * p.y + p.x].rgb;
            vec4 d = vec4(dot(c - plusSmall, c - plusSmall), dot(c - plusLarge, c - plusLarge),
                          dot(c - minusSmall, c - minusSmall), dot(c - minusLarge, c - minusLarge));
            uint s = 0u;
            float nearest = d.x;
            if (d.y < nearest) { nearest = d.y; s = 1u; }
            if (d.z < nearest) { nearest = d.z; s = 2u; }
            if (d.w < nearest) { nearest = d.w; s = 3u; }
            error += nearest;
            uint bit = uint(4 * p.x + p.y);
            chosen |= ((s & 1u) << bit) | ((s >> 1) << (bit + 16u));
        }
        if (error < bestError) {
            bestError = error;
            table = uint(t);
            selectors = chosen;
        }
    }
    return bestError;
}

// The 8-bit value of a 4-bit (individual mode) and a 5-bit (differential mode) base component.
vec3 expand4(uvec3 q) { return vec3(q * 17u); }
vec3 expand5(uvec3 q) { return vec3((q << 3) | (q >> 2)); }

// The `bits`-bit components (largest value `top`) nearest to 8-bit colour c.
uvec3 quantize(vec3 c, float top) {
    return uvec3(floor(clamp(c, 0.0, 255.0) * (top / 255.0) + 0.5));
}

// A candidate colour block: its squared error and its two halves (bits 63-32, bits 31-0).
struct ETCCandidate {
    float error;
    uint high;
    uint low;
};

// The individual-mode block for `flip` whose subblock bases are the RGB444 colours nearest to `target0` and
// `target1`, each with its best table and selectors.
ETCCandidate individualBlock(bool flip, vec3 target0, vec3 target1) {
    uvec3 a = quantize(target0, 15.0);
    uvec3 b = quantize(target1, 15.0);
    uint table0;
    uint table1;
    uint selectors0;
    uint selectors1;
    float error = fitSubblock(flip, 0, expand4(a), table0, selectors0)
        + fitSubblock(flip, 1, expand4(b), table1, selectors1);
    uint high = (a.r << 28) | (b.r << 24) | (a.g << 20) | (b.g << 16) | (a.b << 12) | (b.b << 8) | (table0 << 5)
        | (table1 << 2) | (flip ? 1u : 0u);
    return ETCCandidate(error, high, selectors0 | selectors1);
}

// The differential-mode block for `flip`: the first base the RGB555 colour nearest to `target0`, the second
// the one nearest to `target1` with its offset from the first clamped to -4..3 (so the block never reads as
// T, H or planar), each with its best table and selectors.
ETCCandidate differentialBlock(bool flip, vec3 target0, vec3 target1) {
    uvec3 c = quantize(target0, 31.0);
    ivec3 delta = clamp(ivec3(quantize(target1, 31.0)) - ivec3(c), -4, 3);
    uvec3 d = uvec3(ivec3(c) + delta);
    uvec3 offset = uvec3(delta) & 7u;
    uint table0;
    uint table1;
    uint selectors0;
    uint selectors1;
    float error = fitSubblock(flip, 0, expand5(c), table0, selectors0)
        + fitSubblock(flip, 1, expand5(d), table1, selectors1);
    uint high = (c.r << 27) | (offset.r << 24) | (c.g << 19) | (offset.g << 16) | (c.b << 11) | (offset.b << 8)
        | (table0 << 5) | (table1 << 2) | 2u | (flip ? 1u : 0u);
    return ETCCandidate(error, high, selectors0 | selectors1);
}

// The base colour that fits subblock `side` best for the table and selectors of `block` (ignoring clamping):
// the mean of its pixels less their modifiers.
vec3 refinedBase(bool flip, int side, ETCCandidate block) {
    uint table = (block.high >> (side == 0 ? 5u : 2u)) & 7u;
    vec3 sum = vec3(0.0);
    for (int k = 0; k < u_blockPixelCount / 2; k++) {
        ivec2 p = subblockPixel(flip, side, k);
        uint bit = uint(4 * p.x + p.y);
        uint s = ((block.low >> bit) & 1u) | (((block.low >> (bit + 16u)) & 1u) << 1);
        float modifier = (s & 1u) == 0u ? etcSmall[table] : etcLarge[table];
        sum += blockPixels[4 * p.y + p.x].rgb - (s >= 2u ? -modifier : modifier);
    }
    return sum * (1.0 / 8.0);
}

// The lower-error block of a and b.
ETCCandidate better(ETCCandidate a, ETCCandidate b) {
    return b.error < a.error ? b : a;
}

// The best individual or differential block for `flip`, or `best` when none beats it: both modes on the
// subblocks' mean colours, then the better of them once more on the bases its selectors call for.
ETCCandidate tryFlip(bool flip, ETCCandidate best) {
    vec3 mean0 = subblockMean(flip, 0);
    vec3 mean1 = subblockMean(flip, 1);
    ETCCandidate individual = individualBlock(flip, mean0, mean1);
    ETCCandidate differential = differentialBlock(flip, mean0, mean1);
    bool useDifferential = differential.error < individual.error;
    ETCCandidate first = useDifferential ? differential : individual;
    vec3 target0 = refinedBase(flip, 0, first);
    vec3 target1 = refinedBase(flip, 1, first);
    ETCCandidate refined =
        useDifferential ? differentialBlock(flip, target0, target1) : individualBlock(flip, target0, target1);
    return better(best, better(first, refined));
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

// The ETC2 colour block of the 16 pixels (bits 63-32, bits 31-0).
uvec2 encodeColorETC2() {
    ETCCandidate best = ETCCandidate(1e30, 0u, 0u);
    best = tryFlip(false, best);
    best = tryFlip(true, best);
    best = tryPlanar(best);
    return uvec2(best.high, best.low);
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
