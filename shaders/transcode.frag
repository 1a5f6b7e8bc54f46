// pvrc: transcodes a PVRTC level to BC1 (DXT1) blocks, or with PVRC_BC3 defined to BC3 (DXT5) blocks, one
// fragment per 4x4 target block. GLSL ES 3.00: the program is `#version 300 es`, the defines (PVRC_TRANSCODE,
// and PVRC_2BPP / PVRC_PVRTC2 for the source format), pvrtc.frag and then this file, so each pixel is
// decoded by pvrtc.frag's own functions (decodePixelFromWords, decodePixelInTile), exactly as decode-once
// renders it; only the fetching of the words is shared between a block's pixels.
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
// least-squares endpoint refinement for those indices, each kept only when it lowers the block's squared
// error. Always the 4-colour mode (colour0 > colour1; equal endpoints use index 0 only). Alpha encoder (BC3):
// both the 8-value mode on the block's alpha range and the 6-value mode (explicit 0 and 255) on the range of
// its other values, keeping the one with the lower squared error.
precision highp int;

// 16, the pixels of a block: a uniform rather than a constant, so that compilers keep the decoding loops as
// loops. llvmpipe's JIT needs tens of seconds for 16 inlined copies of a pixel's fetches and decode, and for 16
// copies of the 4bpp decode alone about 5 s more than for the loop (for a pass about a quarter faster); 4bpp
// unrolls the 4 pixels of a row.
uniform highp int u_blockPixelCount;

layout(location = 0) out highp uvec4 o_block;

// The block's 16 pixels in bytes (0..255), pixel 4y + x.
vec4 blockPixels[16];

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

// The position along colour0 -> colour1 of BC1 index `code` (0: colour0, 1: colour1, 2: 1/3, 3: 2/3).
float colorWeight(uint code) {
    return code == 0u ? 0.0 : (code == 1u ? 1.0 : (code == 2u ? 1.0 / 3.0 : 2.0 / 3.0));
}

// The indices of the 16 pixels against the 4-colour palette of 8-bit endpoints e0 and e1 (nearest colour),
// and their total squared error.
float fitColorIndices(vec3 e0, vec3 e1, out uint indices) {
    vec3 p2 = (2.0 * e0 + e1) * (1.0 / 3.0);
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
        if (d.w < best) { best = d.w; code = 3u; }
        total += best;
        indices |= code << (2 * i);
    }
    return total;
}

// The endpoints that minimise the squared error of the pixels for fixed `indices` (least squares), or e0 and
// e1 unchanged when every pixel has the same weight.
void refineEndpoints(uint indices, inout vec3 e0, inout vec3 e1) {
    float a = 0.0;
    float b = 0.0;
    float c = 0.0;
    vec3 x0 = vec3(0.0);
    vec3 x1 = vec3(0.0);
    for (int i = 0; i < 16; i++) {
        float w = colorWeight((indices >> (2 * i)) & 3u);
        vec3 p = blockPixels[i].rgb;
        a += (1.0 - w) * (1.0 - w);
        b += w * w;
        c += w * (1.0 - w);
        x0 += (1.0 - w) * p;
        x1 += w * p;
    }
    float determinant = a * b - c * c;
    if (abs(determinant) < 1e-3) {
        return;
    }
    e0 = (b * x0 - c * x1) / determinant;
    e1 = (a * x1 - c * x0) / determinant;
}

// The BC1 colour block of the 16 pixels: (colour0 | colour1 << 16, indices).
uvec2 encodeColor() {
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
    // The extreme projections (libsquish's range fit) and the same inset by 1/16 of the range (stb_dxt's
    // inset); the better of the two seeds the refinement.
    uvec3 q0 = quantize565(mean + axis * high);
    uvec3 q1 = quantize565(mean + axis * low);
    uint indices;
    float error = fitColorIndices(expand565(q0), expand565(q1), indices);
    float inset = (high - low) * (1.0 / 16.0);
    uvec3 i0 = quantize565(mean + axis * (high - inset));
    uvec3 i1 = quantize565(mean + axis * (low + inset));
    uint insetIndices;
    float insetError = fitColorIndices(expand565(i0), expand565(i1), insetIndices);
    if (insetError < error) {
        q0 = i0;
        q1 = i1;
        indices = insetIndices;
        error = insetError;
    }
    for (int pass = 0; pass < 2; pass++) {
        vec3 e0 = expand565(q0);
        vec3 e1 = expand565(q1);
        refineEndpoints(indices, e0, e1);
        uvec3 r0 = quantize565(e0);
        uvec3 r1 = quantize565(e1);
        uint refined;
        float refinedError = fitColorIndices(expand565(r0), expand565(r1), refined);
        if (refinedError >= error) {
            break;
        }
        q0 = r0;
        q1 = r1;
        indices = refined;
        error = refinedError;
    }
    uint c0 = pack565(q0);
    uint c1 = pack565(q1);
    if (c0 == c1) {
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

// Pixel i (4y + x) of target block `block`, clamped to the level. Clamping keeps it in the block's own
// 4x4 pixels, so in the same source blocks as the unclamped pixel would be.
vec2 blockPixel(vec2 block, int i) {
    return min(block * 4.0 + vec2(float(i & 3), float(i >> 2)), u_size - 1.0);
}

#if defined(PVRC_2BPP)
// Decodes the 16 pixels of target block `block` into blockPixels. A target block is the left or right half of
// an 8x4 source block: its columns share the lower sample column, rows 0-1 the lower sample row Y - 1 and rows
// 2-3 the row Y, so two tiles of four source blocks (fetchTile: 8 fetches each) serve all 16 pixels.
void decodeBlockPixels(vec2 block) {
    for (int rows = 0; rows < 2; rows++) {
        vec2 low = lowBlock(blockPixel(block, 8 * rows));
        vec4 wordP, wordQ, wordR, wordS, modP, modQ, modR, modS;
        fetchTile(low, wordP, wordQ, wordR, wordS, modP, modQ, modR, modS);
        for (int k = 8 * rows; k < 8 * rows + u_blockPixelCount / 2; k++) {
            blockPixels[k] = floor(decodePixelInTile(blockPixel(block, k), low, wordP, wordQ, wordR, wordS,
                                                     modP, modQ, modR, modS) * 255.0);
        }
    }
}
#else
// Decodes the 16 pixels of target block `block` into blockPixels. A target block is source block `block`
// (both 4x4): its pixels' sample blocks are the 3x3 source blocks around it (wrapped) and their modulation
// word its own, so 10 fetches serve all 16 pixels. Each pixel's four words are selected with mix (weights 0
// and 1 on small integers: exact), which llvmpipe runs faster than indexing the array with a computed index.
void decodeBlockPixels(vec2 block) {
    vec4 words[9];
    for (int j = 0; j < 3; j++) {
        for (int i = 0; i < 3; i++) {
            words[3 * j + i] = fetchBytes(u_colorWords, wrapBlock(block + vec2(float(i - 1), float(j - 1))));
        }
    }
    vec4 modulation = fetchBytes(u_modulationWords, block);
    for (int y = 0; y < u_blockPixelCount / 4; y++) {
        // The row's lower sample row (P, Q) and the one above it (R, S), for sample columns 0..2.
        float lowY = lowBlock(blockPixel(block, 4 * y)).y - block.y + 1.0;
        vec4 lower0 = mix(words[0], words[3], lowY);
        vec4 lower1 = mix(words[1], words[4], lowY);
        vec4 lower2 = mix(words[2], words[5], lowY);
        vec4 upper0 = mix(words[3], words[6], lowY);
        vec4 upper1 = mix(words[4], words[7], lowY);
        vec4 upper2 = mix(words[5], words[8], lowY);
        for (int x = 0; x < 4; x++) {
            vec2 pixel = blockPixel(block, 4 * y + x);
            float lowX = lowBlock(pixel).x - block.x + 1.0;
            vec4 color = decodePixelFromWords(pixel, mix(lower0, lower1, lowX), mix(lower1, lower2, lowX),
                                              mix(upper0, upper1, lowX), mix(upper1, upper2, lowX), modulation);
            blockPixels[4 * y + x] = floor(color * 255.0);
        }
    }
}
#endif

#if !defined(PVRC_ASTC)
void main() {
    decodeBlockPixels(floor(gl_FragCoord.xy));
#if defined(PVRC_BC3)
    o_block = uvec4(encodeAlpha(), encodeColor());
#else
    o_block = uvec4(encodeColor(), 0u, 0u);
#endif
}
#endif
