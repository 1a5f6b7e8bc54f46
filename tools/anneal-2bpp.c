// The headroom experiment of tools/measure-2bpp-headroom.py: simulated annealing over every bit of a PVRTC1 2bpp
// texture (modulation bits, mode flags, averaging rules, opaque endpoint channels), starting from an encoding (or
// from random blocks), to see how much lower an error the format allows than the encoder found. It decodes with its
// own straightforward implementation of A.9 (checked by the driver against PyPI texture2ddecoder before every run)
// and scores with pvrc's opaque metric (500 per squared channel difference plus the squared Rec.709 luma difference
// in 64ths; -w sets the channel weight).
// Moves: flip one or two modulation bits, step one or two endpoint channels by one, or flip the mode flag; each is
// scored on the 16x8 pixels a change to one block can reach and kept by the Metropolis rule at a temperature falling
// geometrically from T0 to T1. Writes the best texture seen.
//
// usage: anneal [-w WEIGHT] [-r] LEVEL.bin REF.rgb WIDTH HEIGHT MOVES SEED T0 T1 OUT.bin [DECODED.rgba]
//   LEVEL.bin: the level's blocks (Morton order); REF.rgb: the source, 8-bit RGB rows;
//   DECODED.rgba: if given, LEVEL.bin's decoded texture is written there (for the driver's check);
//   -w: the weight of each squared channel difference beside the luma term (default 500, pvrc's; 0 scores luma only);
//   -r: start from random blocks (opaque endpoints, random modulation bits, modes and rules) instead of LEVEL.bin's.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int W, H, BW, BH;
static uint32_t *MOD, *COL; // modulation and colour words, row-major block grid
static uint8_t *REF;        // source pixels, RGB
static int64_t *PERR;       // current error of every pixel
static int64_t CHANNEL_WEIGHT = 500; // the metric's weight of each squared channel difference

// Block (x, y)'s index in Morton order (the shorter axis' bits interleaved, the longer axis' extra bits on top).
static int twiddle(int bw, int bh, int x, int y) {
    int shorter = bw < bh ? bw : bh, t = 0, src = 1, dst = 1, shift = 0;
    while (src < shorter) {
        if (y & src) t |= dst;
        if (x & src) t |= dst << 1;
        src <<= 1;
        dst <<= 2;
        shift++;
    }
    int longer = (x > y ? x : y) >> shift;
    return t | (longer << (2 * shift));
}

static inline int wrap(int v, int n) { return (v % n + n) % n; }

// A `bits`-bit colour value (3, 4 or 5) widened to 5 bits by repeating its top bits.
static inline int widen(int v, int bits) {
    return bits == 5 ? v : bits == 4 ? (v << 1) | (v >> 3) : (v << 2) | (v >> 1);
}

// Endpoint A (which = 0) or B (1) of colour word c, widened to R5 G5 B5 A4 (A.2). Both read the same way from
// their 15 / 16 bits: opaque flag, then R G B (A's blue one bit shorter), or alpha (3 bits, a zero appended) and
// R G B of 4 bits each (A's blue 3).
static void endpoint(uint32_t c, int which, int out[4]) {
    uint32_t v = which ? c >> 16 : (c >> 1) & 0x7FFF;
    int blue = which ? 5 : 4;
    if (v >> (blue + 10)) {
        out[0] = (v >> (blue + 5)) & 31;
        out[1] = (v >> blue) & 31;
        out[2] = widen(v & ((1 << blue) - 1), blue);
        out[3] = 15;
    } else {
        blue -= 1;
        out[0] = widen((v >> (blue + 4)) & 15, 4);
        out[1] = widen((v >> blue) & 15, 4);
        out[2] = widen(v & ((1 << blue) - 1), blue);
        out[3] = ((v >> (blue + 8)) & 7) << 1;
    }
}

// An interpolated block's modulation word as the decoder reads its stored values: bit 0 takes bit 1, and in the
// one-direction rules bit 20 takes bit 21.
static inline uint32_t effective_bits(uint32_t w) {
    uint32_t b = w;
    if (w & 1) b = (b & ~(1u << 20)) | ((b >> 1) & (1u << 20));
    return (b & ~1u) | ((b >> 1) & 1);
}

// The weight (eighths) of stored pixel (x, y), wrapped into the texture.
static inline int stored_weight(int x, int y) {
    static const int table[4] = {0, 3, 5, 8};
    x = wrap(x, W);
    y = wrap(y, H);
    int i = (y >> 2) * BW + (x >> 3), lx = x & 7, ly = y & 3;
    if (!(COL[i] & 1)) return ((MOD[i] >> (ly * 8 + lx)) & 1) ? 8 : 0;
    int k = ly * 4 + (lx >> 1);
    return table[(effective_bits(MOD[i]) >> (2 * k)) & 3];
}

// The modulation weight of pixel (x, y).
static inline int weight(int x, int y) {
    int i = (y >> 2) * BW + (x >> 3);
    if (!(COL[i] & 1)) return ((MOD[i] >> ((y & 3) * 8 + (x & 7))) & 1) ? 8 : 0;
    if (((x ^ y) & 1) == 0) return stored_weight(x, y);
    uint32_t m = MOD[i];
    int l = stored_weight(x - 1, y), r = stored_weight(x + 1, y);
    int u = stored_weight(x, y - 1), d = stored_weight(x, y + 1);
    if (!(m & 1)) return (l + r + u + d + 2) >> 2;
    if (!(m & (1u << 20))) return (l + r + 1) >> 1;
    return (u + d + 1) >> 1;
}

// The decoded RGBA of pixel (x, y).
static void pixel(int x, int y, int out[4]) {
    int xl = (x - 4) >> 3, xr = (x - 4) - 8 * xl, yl = (y - 2) >> 2, yr = (y - 2) - 4 * yl;
    int p = wrap(yl, BH) * BW + wrap(xl, BW), q = wrap(yl, BH) * BW + wrap(xl + 1, BW);
    int r = wrap(yl + 1, BH) * BW + wrap(xl, BW), s = wrap(yl + 1, BH) * BW + wrap(xl + 1, BW);
    int w = weight(x, y);
    for (int e = 0; e < 2; e++) {
        int P[4], Q[4], R[4], S[4];
        endpoint(COL[p], e, P);
        endpoint(COL[q], e, Q);
        endpoint(COL[r], e, R);
        endpoint(COL[s], e, S);
        for (int ch = 0; ch < 4; ch++) {
            int v = (4 - yr) * (8 * P[ch] + xr * (Q[ch] - P[ch])) + yr * (8 * R[ch] + xr * (S[ch] - R[ch]));
            int c8 = ch < 3 ? (v >> 7) + (v >> 2) : (v >> 5) + (v >> 1);
            out[ch] = e == 0 ? c8 : (out[ch] * (8 - w) + c8 * w) >> 3;
        }
    }
}

// pvrc's opaque metric for pixel (x, y) (with CHANNEL_WEIGHT 500).
static inline int64_t pixel_error(int x, int y) {
    int o[4];
    pixel(x, y, o);
    const uint8_t *s = REF + 3 * (y * W + x);
    int dr = o[0] - s[0], dg = o[1] - s[1], db = o[2] - s[2];
    int64_t luma = 13 * dr + 46 * dg + 5 * db;
    return CHANNEL_WEIGHT * (dr * dr + dg * dg + db * db) + luma * luma;
}

static uint64_t rng = 88172645463325252ULL;
static inline uint64_t next_random(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

// The error of the pixels a change to block (bx, by) can reach: recomputed (and stored if `store`), or the cached sum.
static int64_t region_error(int bx, int by, int recompute, int store) {
    int64_t sum = 0;
    for (int yy = 4 * by - 2; yy < 4 * by + 6; yy++) {
        for (int xx = 8 * bx - 4; xx < 8 * bx + 12; xx++) {
            int x = wrap(xx, W), y = wrap(yy, H);
            int64_t e = recompute ? pixel_error(x, y) : PERR[y * W + x];
            if (store) PERR[y * W + x] = e;
            sum += e;
        }
    }
    return sum;
}

// Colour word c with the `bits`-bit field at `low` moved by d, clamped to the field's range.
static uint32_t step_field(uint32_t c, int low, int bits, int d) {
    int max = (1 << bits) - 1, v = (int)((c >> low) & (uint32_t)max) + d;
    v = v < 0 ? 0 : v > max ? max : v;
    return (c & ~((uint32_t)max << low)) | ((uint32_t)v << low);
}

int main(int argc, char **argv) {
    int random_start = 0;
    for (int option; (option = getopt(argc, argv, "w:r")) != -1;) {
        if (option == 'w') CHANNEL_WEIGHT = atol(optarg);
        else if (option == 'r') random_start = 1;
        else return 2;
    }
    argc -= optind - 1;
    argv += optind - 1;
    if (argc < 10 || CHANNEL_WEIGHT < 0 || CHANNEL_WEIGHT > 10000) {
        fprintf(stderr, "usage: anneal [-w WEIGHT 0-10000] [-r] LEVEL.bin REF.rgb WIDTH HEIGHT MOVES SEED T0 T1 "
                        "OUT.bin [DECODED.rgba]\n");
        return 2;
    }
    W = atoi(argv[3]);
    H = atoi(argv[4]);
    long moves = atol(argv[5]);
    rng ^= (uint64_t)atol(argv[6]) * 0x9E3779B97F4A7C15ULL;
    double t0 = atof(argv[7]), t1 = atof(argv[8]);
    if (W < 16 || H < 8 || (W & (W - 1)) || (H & (H - 1)) || W > 4096 || H > 4096) {
        fprintf(stderr, "anneal: %dx%d is not a power-of-two size from 16x8 to 4096x4096\n", W, H);
        return 2;
    }
    BW = W / 8;
    BH = H / 4;
    int n = BW * BH;
    MOD = malloc(4 * n);
    COL = malloc(4 * n);
    REF = malloc(3 * W * H);
    PERR = malloc(8 * W * H);
    uint32_t *raw = malloc(8 * n), *best_mod = malloc(4 * n), *best_col = malloc(4 * n);
    FILE *f = fopen(argv[1], "rb");
    if (!f || fread(raw, 8, n, f) != (size_t)n) {
        fprintf(stderr, "anneal: %s: cannot read %d blocks\n", argv[1], n);
        return 1;
    }
    fclose(f);
    for (int by = 0; by < BH; by++) {
        for (int bx = 0; bx < BW; bx++) {
            int t = twiddle(BW, BH, bx, by);
            MOD[by * BW + bx] = raw[2 * t];
            COL[by * BW + bx] = raw[2 * t + 1];
        }
    }
    f = fopen(argv[2], "rb");
    if (!f || fread(REF, 1, 3 * W * H, f) != (size_t)(3 * W * H)) {
        fprintf(stderr, "anneal: %s: cannot read %dx%d RGB pixels\n", argv[2], W, H);
        return 1;
    }
    fclose(f);
    if (argc > 10) {
        FILE *o = fopen(argv[10], "wb");
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                int p[4];
                pixel(x, y, p);
                uint8_t bytes[4] = {(uint8_t)p[0], (uint8_t)p[1], (uint8_t)p[2], (uint8_t)p[3]};
                fwrite(bytes, 1, 4, o);
            }
        }
        fclose(o);
    }
    if (random_start) {
        for (int i = 0; i < n; i++) {
            MOD[i] = (uint32_t)next_random();
            COL[i] = (uint32_t)next_random() | 0x80008000u; // both endpoints opaque
        }
    }
    int64_t total = 0;
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            PERR[y * W + x] = pixel_error(x, y);
            total += PERR[y * W + x];
        }
    }
    int64_t start = total, best = total;
    memcpy(best_mod, MOD, 4 * n);
    memcpy(best_col, COL, 4 * n);
    // Opaque endpoint fields: A's R, G, B (5, 5, 4 bits), then B's (5, 5, 5).
    static const int low[6] = {10, 5, 1, 26, 21, 16}, bits[6] = {5, 5, 4, 5, 5, 5};
    long accepted = 0;
    for (long move = 0; move < moves; move++) {
        double temperature = t0 * pow(t1 / t0, (double)move / moves);
        int i = next_random() % n, bx = i % BW, by = i / BW;
        uint32_t old_mod = MOD[i], old_col = COL[i];
        int kind = next_random() % 8;
        if (kind < 4) {
            MOD[i] ^= 1u << (next_random() % 32);
            if (kind == 0) MOD[i] ^= 1u << (next_random() % 32);
        } else if (kind < 7) {
            int d = (next_random() & 1) ? 1 : -1, ch = next_random() % 6;
            COL[i] = step_field(COL[i], low[ch], bits[ch], d);
            if (kind == 6) {
                int ch2 = next_random() % 6;
                COL[i] = step_field(COL[i], low[ch2], bits[ch2], (next_random() & 1) ? 1 : -1);
            }
        } else {
            COL[i] ^= 1;
        }
        if (MOD[i] == old_mod && COL[i] == old_col) continue;
        int64_t delta = region_error(bx, by, 1, 0) - region_error(bx, by, 0, 0);
        if (delta <= 0 || exp(-(double)delta / temperature) * 4294967296.0 > (double)(next_random() & 0xFFFFFFFF)) {
            region_error(bx, by, 1, 1);
            total += delta;
            accepted++;
            if (total < best) {
                best = total;
                memcpy(best_mod, MOD, 4 * n);
                memcpy(best_col, COL, 4 * n);
            }
        } else {
            MOD[i] = old_mod;
            COL[i] = old_col;
        }
    }
    fprintf(stderr, "start %lld, best %lld (%.3f dB in the metric), %ld moves accepted\n", (long long)start,
            (long long)best, 10 * log10((double)start / best), accepted);
    for (int by = 0; by < BH; by++) {
        for (int bx = 0; bx < BW; bx++) {
            int t = twiddle(BW, BH, bx, by);
            raw[2 * t] = best_mod[by * BW + bx];
            raw[2 * t + 1] = best_col[by * BW + bx];
        }
    }
    f = fopen(argv[9], "wb");
    if (!f || fwrite(raw, 8, n, f) != (size_t)n) {
        fprintf(stderr, "anneal: %s: cannot write\n", argv[9]);
        return 1;
    }
    fclose(f);
    return 0;
}
