// pvrc: PVRTC1 4bpp decoder, bit-exact with the reference integer arithmetic (KDFS / Imagination SDK),
// and with PVRC_2BPP defined (the program prepends it) the PVRTC1 2bpp decoder (8x4 blocks, reference A.9).
// With PVRC_PVRTC2 defined as well (either rate) it decodes PVRTC2 (PVRTC-II) exactly as pvrc's CPU decoder
// does: the same arithmetic, plus the colour word's single opacity flag, the hard-transition flag of each
// region's top-left word (non-interpolated blending and, at 4bpp, the local palette) and transparent-black
// punch-through at 4bpp.
//
// Input: the level's blocks in linear block order as two NEAREST RGBA8 textures of blocks-wide x
// blocks-high texels. u_colorWords texel (bx, by) holds the colour word's bytes (r = bits 0-7 ... a =
// bits 24-31); u_modulationWords texel (bx, by) holds the modulation word, channel y = pixel row y.
// Output bytes k are written as (k + 0.25) / 255 so that both rounding and truncating float-to-unorm
// conversions give k.
//
// All arithmetic is on small integers held in highp floats (every value stays below 2^12), and every
// division is a multiplication by an exact power-of-two reciprocal followed by floor, so each step is
// exact in fp32.
//
// Three entry points share the arithmetic:
// - by default one fragment is one pixel, floor(v_texCoord * u_size) of the level (direct drawing);
// - with PVRC_TILE_ROWS defined (the program prepends it and enables GL_EXT_draw_buffers) the target
//   is width x blocks-high and fragment (x, Y) decodes the four pixels (x, 4Y+2+j), j = 0..3 (rows
//   wrapped at the padded grid's height, 4 x blocks-high; the copy drops the padded rows of a PVRTC2 level
//   whose height is not a multiple of 4), into gl_FragData[j]. Those pixels share their four block words, so decode-once needs a
//   quarter of the fragments and texture fetches.
// - with PVRC_2BPP defined, one fragment is one pixel of a 2bpp level (direct drawing and decode-once),
//   or with PVRC_TILE_ROWS as well four rows of it, as above (decode-once).
// The one-pixel forms decode through decodePixel(pixel), which fetches the pixel's words and hands them to
// decodePixelFromWords (4bpp) or decodePixelInTile (2bpp).
precision highp float;

uniform highp sampler2D u_colorWords;
uniform highp sampler2D u_modulationWords;
uniform highp vec2 u_size;          // level width, height in pixels
uniform highp vec2 u_blocks;        // blocks wide, blocks high (PVRTC1: at least 2, powers of two)
uniform highp vec2 u_inverseBlocks; // 1 / u_blocks (inexact for PVRTC2's other counts; only texel centres use it)
varying highp vec2 v_texCoord;

// floor(v / 2^n) mod 2^m, given 2^-n and 2^m.
float field(float v, float inverseDivisor, float range) {
    float q = floor(v * inverseDivisor);
    return q - range * floor(q * (1.0 / range));
}

// The four bytes of the texel holding block (bx, by).
vec4 fetchBytes(sampler2D words, vec2 block) {
    return floor(texture2D(words, (block + 0.5) * u_inverseBlocks) * 255.0 + 0.5);
}

#if defined(PVRC_PVRTC2)
// PVRTC2: bit 31 is the opacity flag of both colours (bit 15 is the hard-transition flag), and a
// translucent colour B pads its 3-bit alpha with a 1 bit at both rates, as the specification's text says.
bool opaqueA(vec4 c) {
    return c.a >= 128.0;
}
const float translucentAlphaPadB = 1.0;
#else
bool opaqueA(vec4 c) {
    return c.g >= 128.0;
}
const float translucentAlphaPadB = 0.0;
#endif

// Colour A of a colour word (bytes c), widened to 5-bit R, G, B and 4-bit alpha.
vec4 endpointA(vec4 c) {
    if (opaqueA(c)) {                            // opaque: 1 RRRRR GGGGG BBBB
        float b4 = field(c.r, 0.5, 16.0);
        return vec4(field(c.g, 0.25, 32.0),
                    field(c.g, 1.0, 4.0) * 8.0 + floor(c.r * 0.03125),
                    b4 * 2.0 + floor(b4 * 0.125),
                    15.0);
    }
    float r4 = field(c.g, 1.0, 16.0);            // translucent: 0 AAA RRRR GGGG BBB
    float g4 = floor(c.r * 0.0625);
    float b3 = field(c.r, 0.5, 8.0);
    return vec4(r4 * 2.0 + floor(r4 * 0.125),
                g4 * 2.0 + floor(g4 * 0.125),
                b3 * 4.0 + floor(b3 * 0.5),
                field(c.g, 0.0625, 8.0) * 2.0);
}

// Colour B of a colour word (bytes c), widened to 5-bit R, G, B and 4-bit alpha.
vec4 endpointB(vec4 c) {
    if (c.a >= 128.0) {                          // opaque: 1 RRRRR GGGGG BBBBB
        return vec4(field(c.a, 0.25, 32.0),
                    field(c.a, 1.0, 4.0) * 8.0 + floor(c.b * 0.03125),
                    field(c.b, 1.0, 32.0),
                    15.0);
    }
    float r4 = field(c.a, 1.0, 16.0);            // translucent: 0 AAA RRRR GGGG BBBB
    float g4 = floor(c.b * 0.0625);
    float b4 = field(c.b, 1.0, 16.0);
    return vec4(r4 * 2.0 + floor(r4 * 0.125),
                g4 * 2.0 + floor(g4 * 0.125),
                b4 * 2.0 + floor(b4 * 0.125),
                field(c.a, 0.0625, 8.0) * 2.0 + translucentAlphaPadB);
}

// Block coordinates wrapped into [0, u_blocks): the colour samples wrap around the image.
vec2 wrapBlock(vec2 b) {
    return b + u_blocks * (step(b, vec2(-0.5)) - step(u_blocks - 0.5, b));
}

// The fragment of a tile-rows pass (width x blocks-high): its pixel column x and block row Y.
vec2 tileFragment() {
    vec2 extent = vec2(u_size.x, u_blocks.y);
    return clamp(floor(v_texCoord * extent), vec2(0.0), extent - 1.0);
}

// The 8-bit colour from four 4555 samples and bilinear weights: RGB C/2 + C/64, alpha C + C/16.
vec4 toBytes(vec4 c) {
    vec4 rgb = floor(c * 0.5) + floor(c * 0.015625);
    return vec4(rgb.rgb, c.a + floor(c.a * 0.0625));
}

// A 0/1 vector selecting component i (0..3).
vec4 selector(float i) {
    return vec4(equal(vec4(i), vec4(0.0, 1.0, 2.0, 3.0)));
}

// A 4bpp pixel's two modulation bits, from `rowByte` (the modulation word's byte for the pixel's row) at
// `column` (0..3).
float modulationBits(float rowByte, float column) {
    return field(rowByte, dot(vec4(1.0, 0.25, 0.0625, 0.015625), selector(column)), 4.0);
}

// The output of 8-bit colours A and B blended by weight w (in eighths).
vec4 blendOutput(vec4 colorA, vec4 colorB, float w) {
    return (floor((colorA * (8.0 - w) + colorB * w) * 0.125) + 0.25) * (1.0 / 255.0);
}

// The final colour of a pixel: 8-bit A and B, blended by the pixel's two modulation bits, taken from
// `rowByte` at `column` (modulationBits), in the mode of the pixel's own block (bit 0 of `modeByte`, the
// low byte of that block's colour word). A punch-through pixel gets alpha 0 (PVRTC1) or is transparent
// black (PVRTC2).
vec4 modulate(vec4 colorA, vec4 colorB, float modeByte, float rowByte, float column) {
    float punchThrough = field(modeByte, 1.0, 2.0);
    float bits = modulationBits(rowByte, column);
    vec4 weights = punchThrough > 0.5 ? vec4(0.0, 4.0, 4.0, 8.0) : vec4(0.0, 3.0, 5.0, 8.0);
    float w = dot(weights, selector(bits));
    vec4 result = floor((colorA * (8.0 - w) + colorB * w) * 0.125);
    if (punchThrough > 0.5 && bits == 2.0) {
#if defined(PVRC_PVRTC2)
        result = vec4(0.0);
#else
        result.a = 0.0;
#endif
    }
    return (result + 0.25) * (1.0 / 255.0);
}

#if defined(PVRC_PVRTC2)
// True when the region whose top-left word has colour bytes `c` is a hard transition (bit 15, H).
bool isHard(vec4 c) {
    return c.g >= 128.0;
}

// Colour A (slot 0) or B (slot 1) of colour bytes `c`, in 8 bits by bit replication: the bilinear sum with
// all 16 of its weight on one sample, converted like any other.
vec4 unscaledBytes(vec4 c, float slot) {
    return toBytes((slot > 0.5 ? endpointB(c) : endpointA(c)) * 16.0);
}

// The 4bpp local palette (H = 1, M = 1): column `bits` (the modulation value), component yr (the region
// row) holds the colour of each region column xr as base-8 digit xr; colour k is A (k even) or B (k odd) of
// word floor(k / 2) of P, Q, R, S. At offset (0, 0) values 1 and 2 blend P's A and B instead (digit 0 unused).
const mat4 localPalette = mat4(0.0, 3072.0, 3072.0, 3456.0,
                               584.0, 585.0, 4041.0, 4089.0,
                               1168.0, 1172.0, 1316.0, 2340.0,
                               1753.0, 1773.0, 1773.0, 1901.0);

// A 4bpp pixel of a hard-transition region (P's H = 1) at region offset `offset` (xr, yr), with modulation
// value `bits` and own word `own` (colour bytes): M = 0 blends the own word's colours with the standard
// weights; M = 1 takes the local palette's colour (HardTransitionTable in the CPU decoder).
vec4 hardPixel(vec4 wordP, vec4 wordQ, vec4 wordR, vec4 wordS, vec4 own, vec2 offset, float bits) {
    if (field(own.r, 1.0, 2.0) < 0.5) {
        return blendOutput(unscaledBytes(own, 0.0), unscaledBytes(own, 1.0),
                           dot(vec4(0.0, 3.0, 5.0, 8.0), selector(bits)));
    }
    if (offset.x == 0.0 && offset.y == 0.0 && (bits == 1.0 || bits == 2.0)) {
        return blendOutput(unscaledBytes(wordP, 0.0), unscaledBytes(wordP, 1.0), bits == 1.0 ? 3.0 : 5.0);
    }
    float digits = dot(localPalette * selector(bits), selector(offset.y));
    float k = field(digits, dot(vec4(1.0, 0.125, 0.015625, 0.001953125), selector(offset.x)), 8.0);
    vec4 word = mat4(wordP, wordQ, wordR, wordS) * selector(floor(k * 0.5));
    return blendOutput(unscaledBytes(word, field(k, 1.0, 2.0)), vec4(0.0), 0.0);
}
#endif

#if defined(PVRC_2BPP)
// PVRTC1 2bpp. Colour: block centres sit at pixel (4, 2) of each 8x4 block, bilinear weights sum to 32,
// 8 bits are RGB v/128 + v/4 and alpha v/32 + v/2. Modulation: per block, bit 0 of the colour word picks
// direct mode (one bit per pixel, weight 0 or 8) or interpolated mode (two bits per checkerboard pixel,
// weights 0, 3, 5, 8; the other pixels average their stored neighbours, across block edges and wrapping at
// the level's edges, by the rule in bits 0 and 20 of their own block's modulation word). No punch-through.

// The 8-bit colour from four 4555 samples with bilinear weights summing to 32.
vec4 toBytes2bpp(vec4 v) {
    vec4 rgb = floor(v * 0.0078125) + floor(v * 0.25);
    return vec4(rgb.rgb, floor(v.a * 0.03125) + floor(v.a * 0.5));
}

// 2^-n for n = 0..7, from exact literals.
float inversePowerOfTwo(float n) {
    float high = step(4.0, n);
    return dot(vec4(1.0, 0.5, 0.25, 0.125), selector(n - 4.0 * high)) * (1.0 - high * 0.9375);
}

// The weight (in eighths) that a pixel at `inBlock` of a block contributes as a neighbour, or has itself
// when it is stored, given the block's modulation word (bytes `modulation`) and the low byte of its colour
// word (`modeByte`): the bit of a direct block, or the two stored bits of an interpolated block (bit 0, and
// in the one-direction rules bit 20, read as a copy of the bit above it).
float weightIn(vec4 modulation, float modeByte, vec2 inBlock) {
    float rowByte = dot(modulation, selector(inBlock.y));
    if (field(modeByte, 1.0, 2.0) < 0.5) {
        return 8.0 * field(rowByte, inversePowerOfTwo(inBlock.x), 2.0);
    }
    float pair = floor(inBlock.x * 0.5);
    float value = field(rowByte, dot(vec4(1.0, 0.25, 0.0625, 0.015625), selector(pair)), 4.0);
    if (inBlock.x == 0.0 && inBlock.y == 0.0) {
        value = 3.0 * field(rowByte, 0.5, 2.0);
    } else if (inBlock.x == 4.0 && inBlock.y == 2.0 && field(modulation.r, 1.0, 2.0) > 0.5) {
        value = 3.0 * field(rowByte, 0.03125, 2.0);
    }
    return dot(vec4(0.0, 3.0, 5.0, 8.0), selector(value));
}

// The weight of an averaged pixel (one not stored in an interpolated block) from the sums of its
// horizontal and vertical neighbours' weights, by the rule in its own block's modulation word (bytes
// `modulation`): bit 0 clear averages all four, else bit 20 picks vertical over horizontal.
float averagedWeight(float horizontal, float vertical, vec4 modulation) {
    if (field(modulation.r, 1.0, 2.0) < 0.5) {
        return floor((horizontal + vertical + 2.0) * 0.25);
    } else if (field(modulation.b, 0.0625, 2.0) < 0.5) {
        return floor((horizontal + 1.0) * 0.5);
    }
    return floor((vertical + 1.0) * 0.5);
}

// True when the pixel at `inBlock` of a block with colour-word low byte `modeByte` is averaged from its
// neighbours: the block is interpolated and the pixel is off the stored checkerboard.
bool isAveraged(float modeByte, vec2 inBlock) {
    return field(modeByte, 1.0, 2.0) > 0.5 && field(inBlock.x + inBlock.y, 1.0, 2.0) > 0.5;
}


// The 2x2 blocks P Q (block row Y) over R S (block row Y+1) whose centres surround a pixel, columns X and
// X + 1, hold its colour samples and every neighbour it averages: in tile coordinates, with P's top-left
// pixel (8X, 4Y) at (0, 0), the pixel sits in columns 4..11 and rows 2..5 and its neighbours in columns
// 3..12 and rows 1..6. So the four blocks' colour and modulation words, eight fetches, decode it.

// The block under tile pixel t (0..15, 0..7): its modulation word and mode byte, and t within it.
vec2 tileBlock(vec2 t, vec4 modP, vec4 modQ, vec4 modR, vec4 modS, vec4 modes,
               out vec4 modulation, out float modeByte) {
    vec2 far = step(vec2(8.0, 4.0), t);
    modulation = mix(mix(modP, modQ, far.x), mix(modR, modS, far.x), far.y);
    modeByte = mix(mix(modes.x, modes.y, far.x), mix(modes.z, modes.w, far.x), far.y);
    return t - far * vec2(8.0, 4.0);
}

// The stored weight at tile pixel t, from the four blocks' modulation words and mode bytes.
float tileWeight(vec2 t, vec4 modP, vec4 modQ, vec4 modR, vec4 modS, vec4 modes) {
    vec4 modulation;
    float modeByte;
    vec2 inBlock = tileBlock(t, modP, modQ, modR, modS, modes, modulation, modeByte);
    return weightIn(modulation, modeByte, inBlock);
}

// The weight of tile pixel t: stored, or averaged by its own block's rule.
float tilePixelWeight(vec2 t, vec4 modP, vec4 modQ, vec4 modR, vec4 modS, vec4 modes) {
    vec4 modulation;
    float modeByte;
    vec2 inBlock = tileBlock(t, modP, modQ, modR, modS, modes, modulation, modeByte);
    if (!isAveraged(modeByte, inBlock)) {
        return weightIn(modulation, modeByte, inBlock);
    }
    float horizontal = tileWeight(t - vec2(1.0, 0.0), modP, modQ, modR, modS, modes)
                     + tileWeight(t + vec2(1.0, 0.0), modP, modQ, modR, modS, modes);
    float vertical = tileWeight(t - vec2(0.0, 1.0), modP, modQ, modR, modS, modes)
                   + tileWeight(t + vec2(0.0, 1.0), modP, modQ, modR, modS, modes);
    return averagedWeight(horizontal, vertical, modulation);
}

// The four blocks around lower-left sample block `low` (wrapped): colour words and modulation words.
void fetchTile(vec2 low, out vec4 wordP, out vec4 wordQ, out vec4 wordR, out vec4 wordS,
               out vec4 modP, out vec4 modQ, out vec4 modR, out vec4 modS) {
    vec2 block0 = wrapBlock(low);
    vec2 block1 = wrapBlock(low + 1.0);
    vec2 blockQ = vec2(block1.x, block0.y);
    vec2 blockR = vec2(block0.x, block1.y);
    wordP = fetchBytes(u_colorWords, block0);
    wordQ = fetchBytes(u_colorWords, blockQ);
    wordR = fetchBytes(u_colorWords, blockR);
    wordS = fetchBytes(u_colorWords, block1);
    modP = fetchBytes(u_modulationWords, block0);
    modQ = fetchBytes(u_modulationWords, blockQ);
    modR = fetchBytes(u_modulationWords, blockR);
    modS = fetchBytes(u_modulationWords, block1);
}

#if defined(PVRC_TILE_ROWS)
// Four rows per fragment (as for 4bpp): the target is width x blocks-high and fragment (x, Y) decodes the
// pixels (x, 4Y+2+j), j = 0..3 (rows wrapped), into gl_FragData[j]: tile rows 2..5 of one tile, so eight
// fetches serve four pixels.
void main() {
    vec2 fragment = tileFragment();
    float x = fragment.x;

    // Rows 4Y+2 .. 4Y+5 all have lower sample row Y (centres at row 4Y+2) and vertical offsets 0..3.
    float low = floor((x - 4.0) * 0.125);
    float offset = x - 4.0 - 8.0 * low;
    vec4 wordP, wordQ, wordR, wordS, modP, modQ, modR, modS;
    fetchTile(vec2(low, fragment.y), wordP, wordQ, wordR, wordS, modP, modQ, modR, modS);
    vec4 modes = vec4(wordP.r, wordQ.r, wordR.r, wordS.r);

    // Horizontal halves of the bilinear sums (weights 8 - offset and offset); row j weighs them 4 - j, j.
    vec4 aTop = endpointA(wordP) * (8.0 - offset) + endpointA(wordQ) * offset;
    vec4 aBottom = endpointA(wordR) * (8.0 - offset) + endpointA(wordS) * offset;
    vec4 bTop = endpointB(wordP) * (8.0 - offset) + endpointB(wordQ) * offset;
    vec4 bBottom = endpointB(wordR) * (8.0 - offset) + endpointB(wordS) * offset;

    vec2 t = vec2(4.0 + offset, 2.0);
#if defined(PVRC_PVRTC2)
    if (isHard(wordP)) {
        // Each pixel blends its own word's colours (rows 0, 1 in block row Y, rows 2, 3 in Y+1).
        float own = step(4.0, offset);
        vec4 top = mix(wordP, wordQ, own);
        vec4 bottom = mix(wordR, wordS, own);
        vec4 topA = toBytes2bpp(endpointA(top) * 32.0);
        vec4 topB = toBytes2bpp(endpointB(top) * 32.0);
        vec4 bottomA = toBytes2bpp(endpointA(bottom) * 32.0);
        vec4 bottomB = toBytes2bpp(endpointB(bottom) * 32.0);
        gl_FragData[0] = blendOutput(topA, topB, tilePixelWeight(t, modP, modQ, modR, modS, modes));
        gl_FragData[1] = blendOutput(topA, topB, tilePixelWeight(t + vec2(0.0, 1.0), modP, modQ, modR, modS, modes));
        gl_FragData[2] = blendOutput(bottomA, bottomB,
                                     tilePixelWeight(t + vec2(0.0, 2.0), modP, modQ, modR, modS, modes));
        gl_FragData[3] = blendOutput(bottomA, bottomB,
                                     tilePixelWeight(t + vec2(0.0, 3.0), modP, modQ, modR, modS, modes));
        return;
    }
#endif
    gl_FragData[0] = blendOutput(toBytes2bpp(aTop * 4.0), toBytes2bpp(bTop * 4.0),
                               tilePixelWeight(t, modP, modQ, modR, modS, modes));
    gl_FragData[1] = blendOutput(toBytes2bpp(aTop * 3.0 + aBottom), toBytes2bpp(bTop * 3.0 + bBottom),
                               tilePixelWeight(t + vec2(0.0, 1.0), modP, modQ, modR, modS, modes));
    gl_FragData[2] = blendOutput(toBytes2bpp(aTop * 2.0 + aBottom * 2.0), toBytes2bpp(bTop * 2.0 + bBottom * 2.0),
                               tilePixelWeight(t + vec2(0.0, 2.0), modP, modQ, modR, modS, modes));
    gl_FragData[3] = blendOutput(toBytes2bpp(aTop + aBottom * 3.0), toBytes2bpp(bTop + bBottom * 3.0),
                               tilePixelWeight(t + vec2(0.0, 3.0), modP, modQ, modR, modS, modes));
}
#else
// The lower-left sample block of 2bpp pixel `pixel` (unwrapped): its centre (8X + 4, 4Y + 2) is the nearest
// at or below and left of the pixel.
vec2 lowBlock(vec2 pixel) {
    return floor((pixel - vec2(4.0, 2.0)) * vec2(0.125, 0.25));
}

// The output of 2bpp pixel `pixel` whose lower-left sample block is `low` (lowBlock), from that tile's colour
// and modulation words (fetchTile): bytes k as (k + 0.25) / 255.
vec4 decodePixelInTile(vec2 pixel, vec2 low, vec4 wordP, vec4 wordQ, vec4 wordR, vec4 wordS,
                       vec4 modP, vec4 modQ, vec4 modR, vec4 modS) {
    vec2 offset = pixel - vec2(4.0, 2.0) - vec2(8.0, 4.0) * low;
    float wp = (8.0 - offset.x) * (4.0 - offset.y);
    float wq = offset.x * (4.0 - offset.y);
    float wr = (8.0 - offset.x) * offset.y;
    float ws = offset.x * offset.y;
    vec4 colorA = toBytes2bpp(endpointA(wordP) * wp + endpointA(wordQ) * wq
                            + endpointA(wordR) * wr + endpointA(wordS) * ws);
    vec4 colorB = toBytes2bpp(endpointB(wordP) * wp + endpointB(wordQ) * wq
                            + endpointB(wordR) * wr + endpointB(wordS) * ws);
#if defined(PVRC_PVRTC2)
    if (isHard(wordP)) {
        // A hard transition skips the upscale: the pixel blends its own word's colours.
        vec2 own = step(vec2(4.0, 2.0), offset);
        vec4 ownWord = mix(mix(wordP, wordQ, own.x), mix(wordR, wordS, own.x), own.y);
        colorA = toBytes2bpp(endpointA(ownWord) * 32.0);
        colorB = toBytes2bpp(endpointB(ownWord) * 32.0);
    }
#endif
    vec4 modes = vec4(wordP.r, wordQ.r, wordR.r, wordS.r);
    float w = tilePixelWeight(vec2(4.0, 2.0) + offset, modP, modQ, modR, modS, modes);
    return blendOutput(colorA, colorB, w);
}

// The output of 2bpp pixel `pixel` (a pixel of the level): bytes k as (k + 0.25) / 255.
vec4 decodePixel(vec2 pixel) {
    vec2 low = lowBlock(pixel);
    vec4 wordP, wordQ, wordR, wordS, modP, modQ, modR, modS;
    fetchTile(low, wordP, wordQ, wordR, wordS, modP, modQ, modR, modS);
    return decodePixelInTile(pixel, low, wordP, wordQ, wordR, wordS, modP, modQ, modR, modS);
}
#endif
#elif defined(PVRC_TILE_ROWS)
void main() {
    vec2 fragment = tileFragment();
    float x = fragment.x;

    // Rows 4Y+2 .. 4Y+5 all have lower sample row Y and vertical offsets 0..3.
    float low = floor((x - 2.0) * 0.25);
    float offset = x - 2.0 - 4.0 * low;
    vec2 block0 = wrapBlock(vec2(low, fragment.y));
    vec2 block1 = wrapBlock(vec2(low + 1.0, fragment.y + 1.0));

    vec4 wordP = fetchBytes(u_colorWords, block0);
    vec4 wordQ = fetchBytes(u_colorWords, vec2(block1.x, block0.y));
    vec4 wordR = fetchBytes(u_colorWords, vec2(block0.x, block1.y));
    vec4 wordS = fetchBytes(u_colorWords, block1);

    // Horizontal halves of the bilinear sums (weights 4 - offset and offset).
    vec4 aTop = endpointA(wordP) * (4.0 - offset) + endpointA(wordQ) * offset;
    vec4 aBottom = endpointA(wordR) * (4.0 - offset) + endpointA(wordS) * offset;
    vec4 bTop = endpointB(wordP) * (4.0 - offset) + endpointB(wordQ) * offset;
    vec4 bBottom = endpointB(wordR) * (4.0 - offset) + endpointB(wordS) * offset;

    // Own blocks: column floor(x / 4) is Q's where the offset is 2 or 3; rows 4Y+2, 4Y+3 are rows 2, 3
    // of block row Y, rows 4Y+4, 4Y+5 are rows 0, 1 of block row Y+1.
    float own = step(2.0, offset);
    float ownTop = mix(wordP.r, wordQ.r, own);
    float ownBottom = mix(wordR.r, wordS.r, own);
    float ownX = floor(x * 0.25);
    float column = x - 4.0 * ownX;
    vec4 modulationTop = fetchBytes(u_modulationWords, vec2(ownX, block0.y));
    vec4 modulationBottom = fetchBytes(u_modulationWords, vec2(ownX, block1.y));
#if defined(PVRC_PVRTC2)
    if (isHard(wordP)) {
        vec4 ownWordTop = mix(wordP, wordQ, own);
        vec4 ownWordBottom = mix(wordR, wordS, own);
        gl_FragData[0] = hardPixel(wordP, wordQ, wordR, wordS, ownWordTop, vec2(offset, 0.0),
                                   modulationBits(modulationTop.b, column));
        gl_FragData[1] = hardPixel(wordP, wordQ, wordR, wordS, ownWordTop, vec2(offset, 1.0),
                                   modulationBits(modulationTop.a, column));
        gl_FragData[2] = hardPixel(wordP, wordQ, wordR, wordS, ownWordBottom, vec2(offset, 2.0),
                                   modulationBits(modulationBottom.r, column));
        gl_FragData[3] = hardPixel(wordP, wordQ, wordR, wordS, ownWordBottom, vec2(offset, 3.0),
                                   modulationBits(modulationBottom.g, column));
        return;
    }
#endif

    gl_FragData[0] = modulate(toBytes(aTop * 4.0), toBytes(bTop * 4.0), ownTop, modulationTop.b, column);
    gl_FragData[1] = modulate(toBytes(aTop * 3.0 + aBottom), toBytes(bTop * 3.0 + bBottom),
                              ownTop, modulationTop.a, column);
    gl_FragData[2] = modulate(toBytes(aTop * 2.0 + aBottom * 2.0), toBytes(bTop * 2.0 + bBottom * 2.0),
                              ownBottom, modulationBottom.r, column);
    gl_FragData[3] = modulate(toBytes(aTop + aBottom * 3.0), toBytes(bTop + bBottom * 3.0),
                              ownBottom, modulationBottom.g, column);
}
#else
// The lower-left sample block of 4bpp pixel `pixel` (unwrapped): its centre (4X + 2, 4Y + 2) is the nearest
// at or below and left of the pixel.
vec2 lowBlock(vec2 pixel) {
    return floor((pixel - 2.0) * 0.25);
}

// The output of 4bpp pixel `pixel` from the colour words of its sample blocks, P = lowBlock(pixel) (wrapped),
// Q to its right, R above it, S above Q, and its own block's modulation word (bytes `modulation`): bytes k as
// (k + 0.25) / 255.
vec4 decodePixelFromWords(vec2 pixel, vec4 wordP, vec4 wordQ, vec4 wordR, vec4 wordS, vec4 modulation) {
    vec2 offset = pixel - 2.0 - 4.0 * lowBlock(pixel);
    float wp = (4.0 - offset.x) * (4.0 - offset.y);
    float wq = offset.x * (4.0 - offset.y);
    float wr = (4.0 - offset.x) * offset.y;
    float ws = offset.x * offset.y;
    vec4 colorA = toBytes(endpointA(wordP) * wp + endpointA(wordQ) * wq
                        + endpointA(wordR) * wr + endpointA(wordS) * ws);
    vec4 colorB = toBytes(endpointB(wordP) * wp + endpointB(wordQ) * wq
                        + endpointB(wordR) * wr + endpointB(wordS) * ws);

    // The pixel's own block is the upper/right neighbour where the offset is 2 or 3.
    vec2 own = step(2.0, offset);
    vec4 ownWord = mix(mix(wordP, wordQ, own.x), mix(wordR, wordS, own.x), own.y);
    vec2 inBlock = pixel - 4.0 * floor(pixel * 0.25);
    float row = dot(modulation, selector(inBlock.y));
#if defined(PVRC_PVRTC2)
    if (isHard(wordP)) {
        return hardPixel(wordP, wordQ, wordR, wordS, ownWord, offset, modulationBits(row, inBlock.x));
    }
#endif
    return modulate(colorA, colorB, ownWord.r, row, inBlock.x);
}

// The output of 4bpp pixel `pixel` (a pixel of the level): bytes k as (k + 0.25) / 255.
vec4 decodePixel(vec2 pixel) {
    vec2 low = lowBlock(pixel);
    vec2 block0 = wrapBlock(low);
    vec2 block1 = wrapBlock(low + 1.0);
    return decodePixelFromWords(pixel, fetchBytes(u_colorWords, block0),
                                fetchBytes(u_colorWords, vec2(block1.x, block0.y)),
                                fetchBytes(u_colorWords, vec2(block0.x, block1.y)),
                                fetchBytes(u_colorWords, block1),
                                fetchBytes(u_modulationWords, floor(pixel * 0.25)));
}
#endif

#if !defined(PVRC_TILE_ROWS)
// One pixel per fragment: the pixel under the fragment's texture coordinate.
void main() {
    gl_FragColor = decodePixel(clamp(floor(v_texCoord * u_size), vec2(0.0), u_size - 1.0));
}
#endif
