// pvrc: transcodes a PVRTC level to ASTC 4x4 blocks (LDR, 8 bpp), or with PVRC_ASTC_8X8 defined to ASTC 8x8
// blocks (2 bpp), one fragment per target block. GLSL ES 3.00, appended after transcode.frag (PVRC_ASTC
// defined, which leaves out transcode.frag's main): its loadBlockPixels reads each 4x4 group of the block's
// pixels from the level's exact decode, and this file encodes them.
//
// Fragment (X, Y) encodes the pixels (NX + x, NY + y), x, y = 0..N-1 (N = 4 or 8), clamped to the level; an 8x8
// block whose right or lower 4x4 quarter lies wholly outside the level repeats its last quarter there. The
// ASTC decoder ignores the texels outside the level, so the repeats only weigh on the fit. The output is the
// 128-bit block as four little-endian 32-bit words (x = bits 0-31) in an RGBA32UI target.
//
// Every block is one of:
// - a void-extent block when all of its texels are equal (the colour as UNORM16, extent all ones);
// - single-partition, single-plane blocks with the colour endpoint mode 8 (LDR RGB direct) when every texel
//   is opaque, mode 12 (LDR RGBA direct) otherwise. Weights lie on a grid (weightGrid(k)) that the decoder
//   infills bilinearly to the texels, with 2, 3 or 4 bits each (QUANT_4, 8, 16: plain bits whose values are
//   bit replication); the endpoints take the finest level that fits the bits left, which the decoder works out
//   the same way: QUANT_256 (8 bits each) or QUANT_192 (a trit and 6 bits each, packed five trits to 8 bits).
//   The configurations, each the best of those tried that fit 128 bits:
//   - 4x4 opaque: 4x4 weights of 4 bits, QUANT_192 endpoints (127 bits in all); 4x4 with alpha: 4x4 weights
//     of 3 bits, QUANT_192 (126);
//   - 8x8 opaque: the better for the block of 6x5 weights of 2 bits and 5x4 of 3 bits, both with QUANT_256
//     (125); 8x8 with alpha: the better of 5x4 weights of 2 bits with QUANT_256 (121) and 4x4 of 3 bits with
//     QUANT_192 (126). A full 8x8 grid fits only at 1 bit a weight.
// The fit: the principal axis of the texels (power iteration on their covariance, alpha included), endpoints
// at the extreme projections, each texel's ideal weight by projection onto the quantised endpoints, each grid
// weight the infill-weighted mean of its texels' ideal weights refined by two least-squares steps (fitWeights),
// quantised to the nearest level; then up to two rounds of least-squares endpoints for the decoded weights,
// each kept only when it lowers the block's squared error. Endpoints are ordered so that the second has the larger R+G+B sum, which keeps the decoder
// from applying blue contraction.

#if defined(PVRC_ASTC_8X8)
const int ASTC_SIDE = 8;
#else
const int ASTC_SIDE = 4;
#endif
const int ASTC_TEXELS = ASTC_SIDE * ASTC_SIDE;
// The most weights a grid here has (6x5).
const int ASTC_MAX_GRID = 30;

// The block's texels in bytes (0..255), texel ASTC_SIDE * y + x.
vec4 texels[ASTC_TEXELS];
// The quantised grid weights of the configuration being fitted, and of the best fit so far: level indices of
// `bits` bits each, weight j at bit j * bits of a 64-bit string (x: bits 0-31), the order in which the block
// stores them (bit-reversed from its bit 127 down). Every grid here fits: at most 64 bits of weights.
uvec2 gridLevels;
uvec2 bestGridLevels;

// Weight j's level from `levels`.
int gridLevel(uvec2 levels, int j, int bits) {
    int position = j * bits;
    int shift = position & 31;
    uint value = position < 32 ? levels.x >> uint(shift) : levels.y >> uint(shift);
    if (position < 32 && shift + bits > 32) {
        value |= levels.y << uint(32 - shift);
    }
    return int(value & ((1u << uint(bits)) - 1u));
}

// `levels` with weight j's level set to `level` (its bits were zero).
uvec2 withGridLevel(uvec2 levels, int j, int bits, int level) {
    int position = j * bits;
    int shift = position & 31;
    uint value = uint(level);
    if (position >= 32) {
        return uvec2(levels.x, levels.y | (value << uint(shift)));
    }
    uint high = shift + bits > 32 ? value >> uint(32 - shift) : 0u;
    return uvec2(levels.x | (value << uint(shift)), levels.y | high);
}

// The texels of a block: u_blockPixelCount (16) per 4x4 quarter, a uniform so the loops stay loops.
int texelCount() {
    return u_blockPixelCount * (ASTC_SIDE / 4) * (ASTC_SIDE / 4);
}

// Loads the texels of target block `block` into texels, one 4x4 quarter at a time (loadBlockPixels).
void gatherTexels(ivec2 block) {
    ivec2 lastQuarter = (ivec2(u_size) + 3) / 4 - 1;
    for (int q = 0; q < (ASTC_SIDE / 4) * (ASTC_SIDE / 4); q++) {
        ivec2 corner = ivec2(q % (ASTC_SIDE / 4), q / (ASTC_SIDE / 4)) * 4;
        loadBlockPixels(min(block * (ASTC_SIDE / 4) + corner / 4, lastQuarter));
        for (int i = 0; i < u_blockPixelCount; i++) {
            texels[(corner.y + (i >> 2)) * ASTC_SIDE + corner.x + (i & 3)] = blockPixels[i];
        }
    }
}

// The grid points around texel (s, t) on a gridW x gridH weight grid and their infill factors (sixteenths,
// summing to 16), as the decoder computes them; points with factor 0 are clamped into the grid.
void infill(int s, int t, int gridW, int gridH, out ivec4 points, out ivec4 factors) {
    int scale = (1024 + ASTC_SIDE / 2) / (ASTC_SIDE - 1);
    int gs = (scale * s * (gridW - 1) + 32) >> 6;
    int gt = (scale * t * (gridH - 1) + 32) >> 6;
    int fs = gs & 15;
    int ft = gt & 15;
    int w11 = (fs * ft + 8) >> 4;
    factors = ivec4(16 - fs - ft + w11, fs - w11, ft - w11, w11);
    int first = (gs >> 4) + (gt >> 4) * gridW;
    points = min(ivec4(first, first + 1, first + gridW, first + gridW + 1), ivec4(gridW * gridH - 1));
}

// The weight (0..64) that level `level` of a `bits`-bit weight (2..4) decodes to: the bits replicated to six,
// and values above 32 moved up by one.
int unquantizeWeight(int level, int bits) {
    int replicated = bits == 2 ? level * 21 : (bits == 3 ? level * 9 : (level << 2) | (level >> 2));
    return replicated > 32 ? replicated + 1 : replicated;
}

// The `bits`-bit weight level whose decoded weight is nearest to `weight` (0..1): the rounded level, or a
// neighbour of it that decodes nearer (the lower on a tie).
int quantizeWeight(float weight, int bits) {
    int top = (1 << bits) - 1;
    float target = clamp(weight, 0.0, 1.0) * 64.0;
    int guess = int(floor(clamp(weight, 0.0, 1.0) * float(top) + 0.5));
    int below = max(guess - 1, 0);
    int above = min(guess + 1, top);
    float belowDistance = abs(float(unquantizeWeight(below, bits)) - target);
    float guessDistance = abs(float(unquantizeWeight(guess, bits)) - target);
    float aboveDistance = abs(float(unquantizeWeight(above, bits)) - target);
    int best = belowDistance < guessDistance ? below : guess;
    return aboveDistance < min(belowDistance, guessDistance) ? above : best;
}

// The decoded weight (0..64) of texel i from gridLevels (a grid of the block's size maps one to one).
int texelWeight(int i, int gridW, int gridH, int bits) {
    if (gridW * gridH == ASTC_TEXELS) {
        return unquantizeWeight(gridLevel(gridLevels, i, bits), bits);
    }
    ivec4 points;
    ivec4 factors;
    infill(i % ASTC_SIDE, i / ASTC_SIDE, gridW, gridH, points, factors);
    int sum = factors.x * unquantizeWeight(gridLevel(gridLevels, points.x, bits), bits)
        + factors.y * unquantizeWeight(gridLevel(gridLevels, points.y, bits), bits)
        + factors.z * unquantizeWeight(gridLevel(gridLevels, points.z, bits), bits)
        + factors.w * unquantizeWeight(gridLevel(gridLevels, points.w, bits), bits);
    return (sum + 8) >> 4;
}

// The byte a QUANT_192 endpoint code (trit * 64 + six bits) decodes to. The specification's unquantisation
// (the six bits' low bit a and high five m give T = trit * 5 + (m << 4 | m >> 4), inverted on nine bits when a
// is set, and the value (a ? 0x80 : 0) | T >> 2) works out to u = 4m + trit, or 255 - u when a is set.
int unquantize192(int code) {
    int u = ((code >> 1) & 31) * 4 + (code >> 6);
    return (code & 1) == 1 ? 255 - u : u;
}

// The QUANT_192 code whose value is nearest to byte value v (an integer 0..255). The values are u = 4m + trit
// (0..126, u % 4 != 3) and 255 - u: v up to 127 folds to u = v (a = 0), above to u = 255 - v (a = 1); a u of
// the form 4m + 3 lies halfway between two codes and takes the one at 4m + 2.
int quantize192(float v) {
    int value = int(v);
    int a = value > 127 ? 1 : 0;
    int u = a == 1 ? 255 - value : value;
    u -= (u & 3) == 3 ? 1 : 0;
    return (u & 3) * 64 + (u >> 2) * 2 + a;
}

// The endpoint values colour c decodes to after quantisation, QUANT_192 with `trits`, QUANT_256 (rounding)
// without; alpha 255 when `rgba` is false, which mode 8 decodes to.
vec4 quantizeEndpoint(vec4 c, bool rgba, bool trits) {
    vec4 q = floor(clamp(c, 0.0, 255.0) + 0.5);
    if (trits) {
        for (int k = 0; k < 4; k++) {
            q[k] = float(unquantize192(quantize192(q[k])));
        }
    }
    return rgba ? q : vec4(q.rgb, 255.0);
}

// The weight texel i gets from continuous grid weights `grid` (0..1) through the infill.
float infilledWeight(int i, int gridW, int gridH, float grid[ASTC_MAX_GRID]) {
    ivec4 points;
    ivec4 factors;
    infill(i % ASTC_SIDE, i / ASTC_SIDE, gridW, gridH, points, factors);
    vec4 values = vec4(grid[points.x], grid[points.y], grid[points.z], grid[points.w]);
    return dot(vec4(factors), values) * (1.0 / 16.0);
}

// Sets gridLevels for quantised endpoints e0, e1 and returns the block's squared error as decoded. Each
// texel's ideal weight is its projection onto e0 -> e1; on a reduced grid each grid weight starts as the
// infill-weighted mean of its texels' and takes two damped least-squares steps towards the weights whose
// infill best matches the ideal ones, before it is quantised.
float fitWeights(vec4 e0, vec4 e1, int gridW, int gridH, int bits) {
#if !defined(PVRC_ASTC_8X8)
    // A grid of the block's size: each texel's weight is its own ideal weight, quantised.
    vec4 direction = e1 - e0;
    float span = dot(direction, direction);
    float error = 0.0;
    gridLevels = uvec2(0u);
    for (int i = 0; i < texelCount(); i++) {
        int level = quantizeWeight(span > 0.0 ? dot(texels[i] - e0, direction) / span : 0.0, bits);
        gridLevels = withGridLevel(gridLevels, i, bits, level);
        vec4 d = texels[i] - mix(e0, e1, float(unquantizeWeight(level, bits)) * (1.0 / 64.0));
        error += dot(d, d);
    }
    return error;
#else
    vec4 direction = e1 - e0;
    float span = dot(direction, direction);
    float sums[ASTC_MAX_GRID];
    float norms[ASTC_MAX_GRID];
    float ideal[ASTC_TEXELS];
    for (int j = 0; j < ASTC_MAX_GRID; j++) {
        sums[j] = 0.0;
        norms[j] = 0.0;
    }
    for (int i = 0; i < texelCount(); i++) {
        float weight = span > 0.0 ? clamp(dot(texels[i] - e0, direction) / span, 0.0, 1.0) : 0.0;
        ideal[i] = weight;
        if (gridW * gridH == ASTC_TEXELS) {
            sums[i] = weight;
            norms[i] = 1.0;
            continue;
        }
        ivec4 points;
        ivec4 factors;
        infill(i % ASTC_SIDE, i / ASTC_SIDE, gridW, gridH, points, factors);
        for (int k = 0; k < 4; k++) {
            sums[points[k]] += float(factors[k]) * weight;
            norms[points[k]] += float(factors[k]);
        }
    }
    float grid[ASTC_MAX_GRID];
    for (int j = 0; j < ASTC_MAX_GRID; j++) {
        grid[j] = norms[j] > 0.0 ? sums[j] / norms[j] : 0.0;
    }
    for (int step = 0; step < (gridW * gridH == ASTC_TEXELS ? 0 : 2); step++) {
        for (int j = 0; j < ASTC_MAX_GRID; j++) {
            sums[j] = 0.0;
            norms[j] = 0.0;
        }
        for (int i = 0; i < texelCount(); i++) {
            float residual = ideal[i] - infilledWeight(i, gridW, gridH, grid);
            ivec4 points;
            ivec4 factors;
            infill(i % ASTC_SIDE, i / ASTC_SIDE, gridW, gridH, points, factors);
            for (int k = 0; k < 4; k++) {
                sums[points[k]] += float(factors[k]) * residual;
                norms[points[k]] += float(factors[k] * factors[k]);
            }
        }
        for (int j = 0; j < gridW * gridH; j++) {
            grid[j] = clamp(grid[j] + (norms[j] > 0.0 ? 8.0 * sums[j] / norms[j] : 0.0), 0.0, 1.0);
        }
    }
    gridLevels = uvec2(0u);
    for (int j = 0; j < gridW * gridH; j++) {
        gridLevels = withGridLevel(gridLevels, j, bits, quantizeWeight(grid[j], bits));
    }
    float error = 0.0;
    for (int i = 0; i < texelCount(); i++) {
        float w = float(texelWeight(i, gridW, gridH, bits)) * (1.0 / 64.0);
        vec4 d = texels[i] - mix(e0, e1, w);
        error += dot(d, d);
    }
    return error;
#endif
}

// Swaps e0 and e1 when e0 has the larger R+G+B sum (mode 8 and 12 decode such a pair with blue contraction).
void orderEndpoints(inout vec4 e0, inout vec4 e1) {
    if (e0.r + e0.g + e0.b > e1.r + e1.g + e1.b) {
        vec4 swapped = e0;
        e0 = e1;
        e1 = swapped;
    }
}

// The principal axis of the texels around `mean` (unit length; zero when they do not vary).
vec4 principalAxis(vec4 mean) {
    mat4 covariance = mat4(0.0);
    for (int i = 0; i < texelCount(); i++) {
        vec4 d = texels[i] - mean;
        covariance += outerProduct(d, d);
    }
    vec4 axis = covariance[0];
    for (int c = 1; c < 4; c++) {
        if (dot(covariance[c], covariance[c]) > dot(axis, axis)) { axis = covariance[c]; }
    }
    for (int k = 0; k < 8; k++) {
        vec4 next = covariance * axis;
        float size = max(max(abs(next.x), abs(next.y)), max(abs(next.z), abs(next.w)));
        if (size < 1e-6) {
            break;
        }
        axis = next / size;
    }
    float axisLength = length(axis);
    return axisLength > 1e-6 ? axis / axisLength : vec4(0.0);
}

// Fits quantised endpoints and grid weights (into bestGridLevels) for one configuration; returns the block's
// squared error.
float fitConfiguration(int gridW, int gridH, int bits, bool rgba, bool trits, out vec4 e0, out vec4 e1) {
    vec4 mean = vec4(0.0);
    for (int i = 0; i < texelCount(); i++) {
        mean += texels[i];
    }
    mean /= float(texelCount());
    vec4 axis = principalAxis(mean);
    float low = 0.0;
    float high = 0.0;
    for (int i = 0; i < texelCount(); i++) {
        float t = dot(texels[i] - mean, axis);
        low = min(low, t);
        high = max(high, t);
    }
    e0 = quantizeEndpoint(mean + axis * low, rgba, trits);
    e1 = quantizeEndpoint(mean + axis * high, rgba, trits);
    orderEndpoints(e0, e1);
    float error = fitWeights(e0, e1, gridW, gridH, bits);
    bestGridLevels = gridLevels;
    for (int pass = 0; pass < 2; pass++) {
        // Least squares: the endpoints that minimise the error for the decoded weights.
        float a = 0.0;
        float b = 0.0;
        float c = 0.0;
        vec4 x0 = vec4(0.0);
        vec4 x1 = vec4(0.0);
        for (int i = 0; i < texelCount(); i++) {
            float w = float(texelWeight(i, gridW, gridH, bits)) * (1.0 / 64.0);
            a += (1.0 - w) * (1.0 - w);
            b += w * w;
            c += w * (1.0 - w);
            x0 += (1.0 - w) * texels[i];
            x1 += w * texels[i];
        }
        float determinant = a * b - c * c;
        if (abs(determinant) < 1e-3) {
            break;
        }
        vec4 r0 = quantizeEndpoint((b * x0 - c * x1) / determinant, rgba, trits);
        vec4 r1 = quantizeEndpoint((a * x1 - c * x0) / determinant, rgba, trits);
        orderEndpoints(r0, r1);
        float refinedError = fitWeights(r0, r1, gridW, gridH, bits);
        if (refinedError >= error) {
            break;
        }
        e0 = r0;
        e1 = r1;
        error = refinedError;
        bestGridLevels = gridLevels;
    }
    return error;
}

// Ors `count` bits (1..32) of `value` into `bits` (a little-endian 128-bit string) from bit `position`, and
// moves `position` past them. Each word takes its share by a select on a constant index, so that no vector is
// indexed by a variable.
void appendBits(inout uvec4 bits, inout int position, int count, uint value) {
    int word = position >> 5;
    int shift = position & 31;
    uint low = value << uint(shift);
    uint high = shift == 0 ? 0u : value >> uint(32 - shift);
    bits.x |= word == 0 ? low : 0u;
    bits.y |= word == 1 ? low : (word == 0 ? high : 0u);
    bits.z |= word == 2 ? low : (word == 1 ? high : 0u);
    bits.w |= word == 3 ? low : (word == 2 ? high : 0u);
    position += count;
}

// `v` with its 32 bits in reverse order.
uint reverseBits(uint v) {
    v = ((v >> 1u) & 0x55555555u) | ((v & 0x55555555u) << 1u);
    v = ((v >> 2u) & 0x33333333u) | ((v & 0x33333333u) << 2u);
    v = ((v >> 4u) & 0x0F0F0F0Fu) | ((v & 0x0F0F0F0Fu) << 4u);
    v = ((v >> 8u) & 0x00FF00FFu) | ((v & 0x00FF00FFu) << 8u);
    return (v >> 16u) | (v << 16u);
}

// The block mode (bits 0-10) of a gridW x gridH grid (4..7 x 2..5) of `bits`-bit weights, one plane: the
// layout whose bits 2-3 are 0, with R in bits 4, 0 and 1 and H in bit 9 (QUANT_4: R = 4, QUANT_8: R = 7,
// QUANT_16: R = 4 and H = 1).
uint blockMode(int gridW, int gridH, int bits) {
    int r = bits == 3 ? 7 : 4;
    int h = bits == 4 ? 1 : 0;
    return uint((r >> 1) | ((r & 1) << 4) | ((gridH - 2) << 5) | ((gridW - 4) << 7) | (h << 9));
}

// The 8-bit packing of five trits (the inverse of the specification's decoding): C holds t0..t2 in five bits,
// then t3 and t4 take bits 5-7, with the patterns C's decoding never produces marking trits of value 2.
uint packTrits(ivec4 t, int t4) {
    int c = t.z == 2 && t.y == 2 ? 12 | t.x : (t.z == 2 ? (t.y << 4) | (t.x << 2) | 3 : (t.z << 4) | (t.y << 2) | t.x);
    if (t.w == 2 && t4 == 2) {
        return uint(((c >> 2) << 5) | 28 | (c & 3));
    }
    return uint(t4 == 2 ? c | 96 | (t.w << 7) : c | (t.w << 5) | (t4 << 7));
}

// Appends the first `count` (1..5) of the QUANT_192 codes (trit * 64 + six bits) c.x, c.y, c.z, c.w, c4 at
// `position` as one group of the bounded integer sequence encoding: each value's six bits followed by its share
// of the group's packed trits (2, 2, 1, 2 and 1 bits); a group of fewer than five stops after its last value.
void appendTritGroup(inout uvec4 bits, inout int position, ivec4 c, int c4, int count) {
    uint trits = packTrits(c >> 6, c4 >> 6);
    appendBits(bits, position, 8, uint(c.x & 63) | ((trits & 3u) << 6));
    if (count > 1) { appendBits(bits, position, 8, uint(c.y & 63) | (((trits >> 2) & 3u) << 6)); }
    if (count > 2) { appendBits(bits, position, 7, uint(c.z & 63) | (((trits >> 4) & 1u) << 6)); }
    if (count > 3) { appendBits(bits, position, 8, uint(c.w & 63) | (((trits >> 5) & 3u) << 6)); }
    if (count > 4) { appendBits(bits, position, 7, uint(c4 & 63) | ((trits >> 7) << 6)); }
}

// Packs a single-partition block: mode, colour endpoint mode (12 or 8), the endpoints as r0 r1 g0 g1 b0 b1
// (a0 a1) from bit 17 (bytes, or QUANT_192 codes with `trits`), and the weights of bestGridLevels from bit 127
// down, bit-reversed.
uvec4 packBlock(int gridW, int gridH, int bits, bool rgba, bool trits, vec4 e0, vec4 e1) {
    uvec4 block = uvec4(blockMode(gridW, gridH, bits) | ((rgba ? 12u : 8u) << 13), 0u, 0u, 0u);
    int position = 17;
    if (trits) {
        ivec4 low = ivec4(quantize192(e0.r), quantize192(e1.r), quantize192(e0.g), quantize192(e1.g));
        ivec4 high = ivec4(quantize192(e1.b), rgba ? quantize192(e0.a) : 0, rgba ? quantize192(e1.a) : 0, 0);
        appendTritGroup(block, position, low, quantize192(e0.b), 5);
        appendTritGroup(block, position, high, 0, rgba ? 3 : 1);
    } else {
        uvec4 first = uvec4(e0.r, e1.r, e0.g, e1.g);
        uvec4 second = uvec4(e0.b, e1.b, e0.a, e1.a);
        appendBits(block, position, 32, first.x | (first.y << 8) | (first.z << 16) | (first.w << 24));
        appendBits(block, position, rgba ? 32 : 16, second.x | (second.y << 8) | (rgba ? (second.z << 16) | (second.w << 24) : 0u));
    }
    // The weights' string, stored bit-reversed from bit 127 down.
    return block | uvec4(0u, 0u, reverseBits(bestGridLevels.y), reverseBits(bestGridLevels.x));
}

// A void-extent block of colour c (bytes): LDR, extent coordinates all ones, the colour as UNORM16.
uvec4 voidExtent(vec4 c) {
    uvec4 unorm = uvec4(c) * 257u;
    return uvec4(0xFFFFFDFCu, 0xFFFFFFFFu, unorm.r | (unorm.g << 16), unorm.b | (unorm.a << 16));
}

// The grid size (x, y), weight bits (z) and endpoint level (w: 1 for QUANT_192, 0 for QUANT_256) of candidate
// configuration k for a block with or without alpha; z = 0 past the last candidate.
ivec4 weightGrid(int k, bool rgba) {
#if defined(PVRC_ASTC_8X8)
    if (rgba) {
        return k == 0 ? ivec4(5, 4, 2, 0) : (k == 1 ? ivec4(4, 4, 3, 1) : ivec4(0));
    }
    return k == 0 ? ivec4(6, 5, 2, 0) : (k == 1 ? ivec4(5, 4, 3, 0) : ivec4(0));
#else
    if (k > 0) {
        return ivec4(0);
    }
    return rgba ? ivec4(4, 4, 3, 1) : ivec4(4, 4, 4, 1);
#endif
}

// The ASTC block of the texels.
uvec4 encodeASTC() {
    bool constant = true;
    bool rgba = false;
    for (int i = 0; i < texelCount(); i++) {
        constant = constant && texels[i] == texels[0];
        rgba = rgba || texels[i].a < 255.0;
    }
    if (constant) {
        return voidExtent(texels[0]);
    }
    uvec4 best = uvec4(0u);
    float bestError = 1e30;
    for (int k = 0; k < 2; k++) {
        ivec4 grid = weightGrid(k, rgba);
        if (grid.z == 0) {
            break;
        }
        vec4 e0;
        vec4 e1;
        float error = fitConfiguration(grid.x, grid.y, grid.z, rgba, grid.w == 1, e0, e1);
        if (error < bestError) {
            bestError = error;
            best = packBlock(grid.x, grid.y, grid.z, rgba, grid.w == 1, e0, e1);
        }
    }
    return best;
}

void main() {
    gatherTexels(ivec2(gl_FragCoord.xy));
    o_block = encodeASTC();
}
