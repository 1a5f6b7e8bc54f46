// pvrc: encodes a decoded level as BC1 (DXT1) blocks, or with PVRC_BC3 defined as BC3 (DXT5) blocks, one
// fragment per 4x4 target block; with PVRC_ENCODER_FILE defined, as the blocks of the encoder appended after
// this file (transcode-etc2.frag), whose encodeBlock replaces the BC encoders. GLSL ES 3.00: the program is
// `#version 300 es`, the target's defines, this file and any encoder file. The level has been decoded exactly into u_decoded by pvrtc.frag (the decode-once pass, whatever the
// PVRTC format), so the encoder sees the pixels the PVRTC decoder gives.
//
// Fragment (X, Y) encodes the pixels (4X + x, 4Y + y), x, y = 0..3, clamped to the level (a level smaller
// than 4x4, or one whose size is not a multiple of 4, repeats its last column and row in the padding). Its
// output is the block's bytes as little-endian 32-bit words:
// - BC1 (an RG32UI target): r = colour0 | colour1 << 16 (RGB565), g = the 2-bit indices, pixel 4y + x at
//   bit 2 (4y + x);
// - BC3 (an RGBA32UI target): r = alpha0 | alpha1 << 8 | alpha index bits 0-15 << 16, g = alpha index bits
//   16-47 (3 bits per pixel, pixel i at bit 3i of the 48), b and a = the BC1 colour block.
// Row y = 0 of a block is texture row 4Y, the first of the four in memory, as glCompressedTexImage2D expects.
// With PVRC_ASTC defined this file has no main: transcode-astc.frag follows it and encodes ASTC blocks from
// decodeBlockPixels' pixels.
//
// Colour encoder (per block, on the 16 decoded pixels): the principal axis of the colours (power iteration on
// their covariance), endpoints at the extreme projections or those inset by 1/16 of the range (whichever fits
// better), quantised to RGB565, indices by the nearest of the four palette colours; then up to two rounds of
// endpoint fitting for those indices (least squares, then on each channel the best rounding of the two
// endpoints to RGB565) and index fitting, each kept only when it lowers the block's squared error. BC1 also
// fits the 3-colour mode (colour0 <= colour1: the endpoints and their midpoint; black is never used) from the
// extreme projections the same way and keeps it where its error is lower. With PVRC_THOROUGH defined (the
// thorough effort of `pvrc transcode`), the 4-colour fit starts from six seeds instead of two and searches each
// one's RGB565 neighbours (searchNeighbours) between its refinements. Alpha encoder (BC3): both the
// 8-value mode on the block's alpha range and the 6-value mode (explicit 0 and 255) on the range of its other
// values, keeping the one with the lower squared error.
precision highp float;
precision highp int;

uniform highp sampler2D u_decoded; // the level decoded exactly (RGBA8), as decode-once draws it
uniform highp vec2 u_size;         // level width, height in pixels
// 16, the pixels of a block: a uniform rather than a constant, so that llvmpipe keeps the encoders' loops over
// a block's pixels rolled (its JIT takes seconds longer for their unrolled copies).
uniform highp int u_blockPixelCount;

layout(location = 0) out highp uvec4 o_block;

// The block's 16 pixels in bytes (0..255), pixel 4y + x.
vec4 blockPixels[16];

#if defined(PVRC_ENCODER_FILE)
// The block's texels, from the encoder in the file appended after this one (a target's own encoder, such as
// transcode-etc2.frag), which reads blockPixels.
uvec4 encodeBlock();
#else
// The 8-bit colour that RGB565 components q decode to (bit replication).
vec3 expand565(uvec3 q) {
    return vec3((q.r << 3) | (q.r >> 2), (q.g << 2) | (q.g >> 4), (q.b << 3) | (q.b >> 2));
}

// The RGB565 components nearest to 8-bit colour c, rounded on each channel's scale.
uvec3 quantize565(vec3 c) {
    return uvec3(floor(clamp(c, 0.0, 255.0) * (vec3(31.0, 63.0, 31.0) / 255.0) + 0.5));
}

// The 16-bit RGB565 value of components q.
uint pack565(uvec3 q) {
    return (q.r << 11) | (q.g << 5) | q.b;
}

// The position along colour0 -> colour1 of BC1 index `code`: in the 4-colour mode 0: colour0, 1: colour1,
// 2: 1/3, 3: 2/3; in the 3-colour mode 0, 1 and 2: 1/2 (code 3, black, is never chosen).
float colorWeight(uint code, bool threeColor) {
    if (code < 2u) { return float(code); }
    return threeColor ? 0.5 : (code == 2u ? 1.0 / 3.0 : 2.0 / 3.0);
}

// The indices of the 16 pixels against the palette of 8-bit endpoints e0 and e1 (nearest colour; the
// 3-colour mode's palette is e0, e1 and their mean), and their total squared error.
float fitColorIndices(vec3 e0, vec3 e1, bool threeColor, out uint indices) {
    vec3 p2 = threeColor ? (e0 + e1) * 0.5 : (2.0 * e0 + e1) * (1.0 / 3.0);
    vec3 p3 = (e0 + 2.0 * e1) * (1.0 / 3.0);
    float total = 0.0;
    indices = 0u;
    for (int i = 0; i < 16; i++) {
        vec3 c = blockPixels[i].rgb;
        vec4 d = vec4(dot(c - e0, c - e0), dot(c - e1, c - e1), dot(c - p2, c - p2), dot(c - p3, c - p3));
        uint code = 0u;
        float best = d.x;
        if (d.y < best) { best = d.y; code = 1u; }
        if (d.z < best) { best = d.z; code = 2u; }
        if (!threeColor && d.w < best) { best = d.w; code = 3u; }
        total += best;
        indices |= code << (2 * i);
    }
    return total;
}

// The RGB565 endpoints that minimise the squared error of the pixels for fixed `indices`: the least-squares
// endpoints, then on each channel the best of rounding each of them down or up (for fixed weights the error
// separates by channel and is a quadratic in the two endpoint values, so the four roundings are compared from
// the sums alone). False when every pixel has the same weight (no unique solution).
bool fitEndpoints(uint indices, bool threeColor, out uvec3 q0, out uvec3 q1) {
    float a = 0.0;
    float b = 0.0;
    float c = 0.0;
    vec3 x0 = vec3(0.0);
    vec3 x1 = vec3(0.0);
    for (int i = 0; i < 16; i++) {
        float w = colorWeight((indices >> (2 * i)) & 3u, threeColor);
        vec3 p = blockPixels[i].rgb;
        a += (1.0 - w) * (1.0 - w);
        b += w * w;
        c += w * (1.0 - w);
        x0 += (1.0 - w) * p;
        x1 += w * p;
    }
    float determinant = a * b - c * c;
    if (abs(determinant) < 1e-3) {
        q0 = uvec3(0u);
        q1 = uvec3(0u);
        return false;
    }
    vec3 scale = vec3(31.0, 63.0, 31.0);
    vec3 low0 = floor(clamp((b * x0 - c * x1) / determinant, 0.0, 255.0) * (scale / 255.0));
    vec3 low1 = floor(clamp((a * x1 - c * x0) / determinant, 0.0, 255.0) * (scale / 255.0));
    vec3 best = vec3(3.4e38);
    vec3 chosen0 = low0;
    vec3 chosen1 = low1;
    for (int k = 0; k < 4; k++) {
        vec3 c0 = min(low0 + float(k & 1), scale);
        vec3 c1 = min(low1 + float(k >> 1), scale);
        vec3 e0 = expand565(uvec3(c0));
        vec3 e1 = expand565(uvec3(c1));
        // The error less the constant sum of squared pixels, per channel.
        vec3 error = a * e0 * e0 + 2.0 * c * e0 * e1 + b * e1 * e1 - 2.0 * (x0 * e0 + x1 * e1);
        bvec3 lower = lessThan(error, best);
        best = mix(best, error, lower);
        chosen0 = mix(chosen0, c0, lower);
        chosen1 = mix(chosen1, c1, lower);
    }
    q0 = uvec3(chosen0);
    q1 = uvec3(chosen1);
    return true;
}

// Replaces the fit q0, q1, indices, error with the candidate c0, c1, candidateIndices, candidateError where the
// candidate's squared error is lower.
void keepLower(uvec3 c0, uvec3 c1, uint candidateIndices, float candidateError, inout uvec3 q0, inout uvec3 q1,
               inout uint indices, inout float error) {
    if (candidateError < error) {
        q0 = c0;
        q1 = c1;
        indices = candidateIndices;
        error = candidateError;
    }
}

// Up to two rounds of endpoint fitting (fitEndpoints) and index fitting from endpoints q0, q1 with `indices`
// and `error`, each kept only when it lowers the block's squared error.
void refineColor(bool threeColor, inout uvec3 q0, inout uvec3 q1, inout uint indices, inout float error) {
    for (int pass = 0; pass < 2; pass++) {
        uvec3 r0;
        uvec3 r1;
        if (!fitEndpoints(indices, threeColor, r0, r1)) {
            return;
        }
        uint refined;
        float refinedError = fitColorIndices(expand565(r0), expand565(r1), threeColor, refined);
        if (refinedError >= error) {
            return;
        }
        q0 = r0;
        q1 = r1;
        indices = refined;
        error = refinedError;
    }
}

#if defined(PVRC_THOROUGH)
// The steps of the neighbour search: one channel, all three, and each pair.
const ivec3 neighbourSteps[7] = ivec3[7](ivec3(1, 0, 0), ivec3(0, 1, 0), ivec3(0, 0, 1), ivec3(1, 1, 1),
    ivec3(1, 1, 0), ivec3(1, 0, 1), ivec3(0, 1, 1));

// The RGB565 neighbours of endpoints q0, q1 in the 4-colour mode: each step of neighbourSteps, up and down,
// applied to both endpoints, to them in opposite directions, to q0 alone and to q1 alone, the indices refitted
// for each; every one that lowers the block's squared error is kept, and the search goes on from it.
void searchNeighbours(inout uvec3 q0, inout uvec3 q1, inout uint indices, inout float error) {
    ivec3 top = ivec3(31, 63, 31);
    for (int k = 0; k < 56; k++) {
        ivec3 step = (k & 1) == 0 ? neighbourSteps[k >> 3] : -neighbourSteps[k >> 3];
        int pattern = (k >> 1) & 3;
        ivec3 move0 = pattern == 3 ? ivec3(0) : step;
        ivec3 move1 = pattern == 0 || pattern == 3 ? step : (pattern == 1 ? -step : ivec3(0));
        uvec3 n0 = uvec3(clamp(ivec3(q0) + move0, ivec3(0), top));
        uvec3 n1 = uvec3(clamp(ivec3(q1) + move1, ivec3(0), top));
        uint trial;
        float trialError = fitColorIndices(expand565(n0), expand565(n1), false, trial);
        keepLower(n0, n1, trial, trialError, q0, q1, indices, error);
    }
}
#endif

// The BC1 colour block of the 16 pixels: (colour0 | colour1 << 16, indices). `allowThreeColor`: whether the
// 3-colour mode may be used (BC1; BC3's colour block is always read in the 4-colour mode).
uvec2 encodeColor(bool allowThreeColor) {
    vec3 mean = vec3(0.0);
    for (int i = 0; i < 16; i++) {
        mean += blockPixels[i].rgb;
    }
    mean *= 1.0 / 16.0;
    vec3 covX = vec3(0.0);
    vec3 covYZ = vec3(0.0);
    for (int i = 0; i < 16; i++) {
        vec3 d = blockPixels[i].rgb - mean;
        covX += d.x * d;
        covYZ += vec3(d.y * d.y, d.y * d.z, d.z * d.z);
    }
    mat3 covariance = mat3(covX, vec3(covX.y, covYZ.x, covYZ.y), vec3(covX.z, covYZ.y, covYZ.z));
    // Power iteration from the covariance row with the largest norm (the dominant direction's best guess).
    vec3 axis = covariance[0];
    if (dot(covariance[1], covariance[1]) > dot(axis, axis)) { axis = covariance[1]; }
    if (dot(covariance[2], covariance[2]) > dot(axis, axis)) { axis = covariance[2]; }
    for (int k = 0; k < 6; k++) {
        vec3 next = covariance * axis;
        float size = max(max(abs(next.x), abs(next.y)), abs(next.z));
        if (size < 1e-6) {
            break;
        }
        axis = next / size;
    }
    float axisLength = length(axis);
    axis = axisLength > 1e-6 ? axis / axisLength : vec3(0.0);
    float low = 0.0;
    float high = 0.0;
    for (int i = 0; i < 16; i++) {
        float t = dot(blockPixels[i].rgb - mean, axis);
        low = min(low, t);
        high = max(high, t);
    }
#if defined(PVRC_THOROUGH)
    // Six seeds: the extreme projections inset by 0, 1/16, 1/8, 3/16 and 1/4 of their range, and the corners of
    // the colours' bounding box on the axis's diagonal; each refined, searched and refined again, twice. The
    // best wins.
    vec3 lowest = blockPixels[0].rgb;
    vec3 highest = blockPixels[0].rgb;
    for (int i = 1; i < 16; i++) {
        lowest = min(lowest, blockPixels[i].rgb);
        highest = max(highest, blockPixels[i].rgb);
    }
    bvec3 descending = lessThan(axis, vec3(0.0));
    uvec3 q0 = uvec3(0u);
    uvec3 q1 = uvec3(0u);
    uint indices = 0u;
    float error = 3.4e38;
    for (int seed = 0; seed < 6; seed++) {
        float seedInset = (high - low) * float(seed) * (1.0 / 16.0);
        uvec3 s0 = quantize565(seed < 5 ? mean + axis * (high - seedInset) : mix(highest, lowest, descending));
        uvec3 s1 = quantize565(seed < 5 ? mean + axis * (low + seedInset) : mix(lowest, highest, descending));
        uint seedIndices;
        float seedError = fitColorIndices(expand565(s0), expand565(s1), false, seedIndices);
        for (int round = 0; round < 2 && seedError > 0.0; round++) {
            refineColor(false, s0, s1, seedIndices, seedError);
            searchNeighbours(s0, s1, seedIndices, seedError);
        }
        refineColor(false, s0, s1, seedIndices, seedError);
        keepLower(s0, s1, seedIndices, seedError, q0, q1, indices, error);
    }
#else
    // The extreme projections (libsquish's range fit) and the same inset by 1/16 of the range (stb_dxt's
    // inset); the better of the two seeds the refinement.
    uvec3 q0 = quantize565(mean + axis * high);
    uvec3 q1 = quantize565(mean + axis * low);
    uint indices;
    float error = fitColorIndices(expand565(q0), expand565(q1), false, indices);
    float inset = (high - low) * (1.0 / 16.0);
    uvec3 i0 = quantize565(mean + axis * (high - inset));
    uvec3 i1 = quantize565(mean + axis * (low + inset));
    uint insetIndices;
    float insetError = fitColorIndices(expand565(i0), expand565(i1), false, insetIndices);
    keepLower(i0, i1, insetIndices, insetError, q0, q1, indices, error);
    refineColor(false, q0, q1, indices, error);
#endif
    uint c0 = pack565(q0);
    uint c1 = pack565(q1);
    if (allowThreeColor) {
        // The 3-colour mode (midpoint instead of the thirds), from the range fit's endpoints.
        uvec3 t0 = quantize565(mean + axis * high);
        uvec3 t1 = quantize565(mean + axis * low);
        uint threeIndices;
        float threeError = fitColorIndices(expand565(t0), expand565(t1), true, threeIndices);
        refineColor(true, t0, t1, threeIndices, threeError);
        if (threeError < error) {
            // The 3-colour mode needs colour0 <= colour1: swap them if not, and codes 0 and 1 with them.
            uint t0Packed = pack565(t0);
            uint t1Packed = pack565(t1);
            if (t0Packed <= t1Packed) {
                return uvec2(t0Packed | (t1Packed << 16), threeIndices);
            }
            // Codes 0 and 1 swap (bit 0 flips where bit 1 is clear); code 2 stays.
            uint swapped = threeIndices ^ (~(threeIndices >> 1) & 0x55555555u);
            return uvec2(t1Packed | (t0Packed << 16), swapped);
        }
    }
    if (c0 == c1) {
        // Equal endpoints read in the 4-colour mode need colour0 > colour1; with code 0 only, the order does not
        // matter in either mode.
        return uvec2(c0 | (c1 << 16), 0u);
    }
    if (c0 < c1) {
        // The 4-colour mode needs colour0 > colour1: swap them, and each index's colour with them.
        return uvec2(c1 | (c0 << 16), indices ^ 0x55555555u);
    }
    return uvec2(c0 | (c1 << 16), indices);
}

#if defined(PVRC_BC3)
// The alpha of BC3 code `code` for endpoints a0, a1: the 8-value mode when a0 > a1, else the 6-value mode.
float alphaValue(float a0, float a1, uint code) {
    if (code == 0u) { return a0; }
    if (code == 1u) { return a1; }
    float k = float(code);
    if (a0 > a1) {
        return ((8.0 - k) * a0 + (k - 1.0) * a1) * (1.0 / 7.0);
    }
    if (code == 6u) { return 0.0; }
    if (code == 7u) { return 255.0; }
    return ((6.0 - k) * a0 + (k - 1.0) * a1) * (1.0 / 5.0);
}

// The codes of the 16 alphas for endpoints a0, a1 (nearest value; 48 bits as low and high words), and their
// total squared error.
float fitAlphaIndices(float a0, float a1, out uvec2 bits) {
    float total = 0.0;
    bits = uvec2(0u);
    for (int i = 0; i < 16; i++) {
        float a = blockPixels[i].a;
        uint code = 0u;
        float best = 1e9;
        for (uint k = 0u; k < 8u; k++) {
            float d = a - alphaValue(a0, a1, k);
            if (d * d < best) {
                best = d * d;
                code = k;
            }
        }
        total += best;
        uint bit = uint(3 * i);
        if (bit < 32u) {
            bits.x |= code << bit;
            if (bit > 29u) {
                bits.y |= code >> (32u - bit);
            }
        } else {
            bits.y |= code << (bit - 32u);
        }
    }
    return total;
}

// The BC3 alpha block of the 16 pixels as two little-endian words.
uvec2 encodeAlpha() {
    float low = 255.0;
    float high = 0.0;
    float innerLow = 255.0;
    float innerHigh = 0.0;
    for (int i = 0; i < 16; i++) {
        float a = blockPixels[i].a;
        low = min(low, a);
        high = max(high, a);
        if (a > 0.0 && a < 255.0) {
            innerLow = min(innerLow, a);
            innerHigh = max(innerHigh, a);
        }
    }
    // 8-value mode: a0 = the highest alpha > a1 = the lowest (equal endpoints decode every code 0 as a0).
    float a0 = high;
    float a1 = low;
    uvec2 bits;
    float error = fitAlphaIndices(a0, a1, bits);
    if (error > 0.0 && innerLow <= innerHigh) {
        // 6-value mode: a0 <= a1 span the other values; 0 and 255 have codes of their own.
        uvec2 sixBits;
        float sixError = fitAlphaIndices(innerLow, innerHigh, sixBits);
        if (sixError < error) {
            a0 = innerLow;
            a1 = innerHigh;
            bits = sixBits;
        }
    }
    return uvec2(uint(a0) | (uint(a1) << 8) | ((bits.x & 0xFFFFu) << 16), (bits.x >> 16) | (bits.y << 16));
}
#endif
#endif

// Loads the 16 pixels of target block `block` into blockPixels from the level's exact decode (u_decoded, drawn
// by the decode-once pass), clamped to the level: a level smaller than 4x4, or one whose size is not a multiple
// of 4, repeats its last column and row in the padding.
void loadBlockPixels(ivec2 block) {
    ivec2 last = ivec2(u_size) - 1;
    for (int i = 0; i < 16; i++) {
        ivec2 pixel = min(block * 4 + ivec2(i & 3, i >> 2), last);
        blockPixels[i] = floor(texelFetch(u_decoded, pixel, 0) * 255.0 + 0.5);
    }
}

#if !defined(PVRC_ASTC)
void main() {
    loadBlockPixels(ivec2(gl_FragCoord.xy));
#if defined(PVRC_ENCODER_FILE)
    o_block = encodeBlock();
#elif defined(PVRC_BC3)
    o_block = uvec4(encodeAlpha(), encodeColor(false));
#else
    o_block = uvec4(encodeColor(true), 0u, 0u);
#endif
}
#endif
