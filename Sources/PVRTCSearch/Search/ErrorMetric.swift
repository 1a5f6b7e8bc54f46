import PVRTC

/// How the search weighs the difference `d` (decoded − source, R, G, B, A) of one pixel: per-channel
/// weights on the squared differences plus, for opaque images, the square of a luma difference:
/// `Σ wᶜ·dᶜ² + (l·d)²`.
///
/// The luma term is what separates errors the eye sees from those it does not: an error of +4 in red
/// and −1 in green changes brightness hardly at all, one of +4 in green changes it a lot, and a purely
/// per-channel weighting cannot tell them apart (it has no cross terms). Weighting the luma
/// difference strongly and every channel a little keeps brightness — edges and detail — accurate
/// without letting colour drift freely.
package struct ErrorMetric: Sendable, Equatable {
    /// Weights (R, G, B, A) of the squared per-channel differences. For images with alpha the
    /// workspace scales R, G and B further by the pixel's alpha; they must then be 1 or 2 so window
    /// sums stay within `Int32`.
    package var channelWeights: SIMD4<Int32>
    /// Luma coefficients (R, G, B, 0) whose dot product with the difference is squared and added;
    /// zero for no luma term. Only opaque images use it (the workspace drops it otherwise, as it is not
    /// scaled by alpha).
    package var lumaWeights: SIMD4<Int32>
    /// Images with alpha: the factor of the alpha difference's weight in each pixel's weights, against the
    /// pixel's alpha (at most 255) that scales R, G and B; 255 counts an alpha difference like a colour
    /// difference of an opaque pixel. At most 255, so window sums stay within `Int32`.
    package var alphaScale: Int32

    /// Creates a metric.
    package init(channelWeights: SIMD4<Int32>, lumaWeights: SIMD4<Int32> = .zero, alphaScale: Int32 = 255) {
        self.channelWeights = channelWeights
        self.lumaWeights = lumaWeights
        self.alphaScale = alphaScale
    }

    /// Opaque images: Rec.709 luma in 64ths (13, 46, 5 ≈ 0.2126, 0.7152, 0.0722), so the luma term is
    /// 4096·ΔY², plus 500 per channel, so an error of the same size in every channel costs about as
    /// much through each term. Measured against the per-channel weights (2, 7, 1) it replaced, at
    /// `best`: Kodak crops +0.17 dB luma PSNR and −0.03 dB RGB PSNR; the hard-edged colobot_factory_1024
    /// +0.51 dB luma and −0.15 dB RGB. Weighting the channels 1000 instead gains in both (+0.06 dB luma,
    /// +0.07 dB RGB on Kodak) but only +0.18 dB luma on colobot_factory_1024; 300 gains +0.25 dB luma on
    /// Kodak for −0.16 dB RGB. Largest error of one pixel: 4096·255² + 1500·255² < 2³¹.
    package static let opaque = ErrorMetric(
        channelWeights: SIMD4(500, 500, 500, 0), lumaWeights: SIMD4(13, 46, 5, 0))

    /// Images with alpha: green counts double, leaning towards luma (Rec.709 Y is 72 % green); no luma
    /// term, as colour error is weighted by each pixel's alpha.
    package static let alpha = ErrorMetric(channelWeights: SIMD4(1, 2, 1, 1))

    /// PVRTC2 images with alpha, in the search's rounds: R, G and B double and alike, the alpha difference at
    /// half weight (``alphaScale`` 128), so colour counts four times as much against alpha as an opaque
    /// pixel's colour does in ``alpha`` (twice for green): it trades alpha PSNR for alpha-weighted RGB PSNR.
    /// Measured at 4bpp `best` on ferris_512 (linearised), region trials in the first round only, alpha-weighted
    /// RGB / alpha PSNR: ``alpha`` 40.38 / 42.27 dB, R, G, B double at full alpha weight 40.62 / 41.69 dB, this
    /// 40.90 / 41.03 dB. PVRTC1 keeps ``alpha``.
    package static let pvrtc2Alpha = ErrorMetric(channelWeights: SIMD4(2, 2, 2, 1), alphaScale: 128)

    /// Tangent-space normal maps: X (red) and Y (green) count double, Z (blue) single, since Z is the
    /// large, slowly varying component and X/Y carry the surface detail. No luma term: a normal map's
    /// channels are not colours.
    package static let normalMap = ErrorMetric(channelWeights: SIMD4(2, 2, 1, 1))

    /// The default metric for an image: ``alpha`` when it has transparency, ``opaque`` otherwise.
    package static func `default`(hasTransparency: Bool) -> ErrorMetric {
        hasTransparency ? alpha : opaque
    }

    /// The default metric of the search's rounds for an image encoded as `format`: ``pvrtc2Alpha`` for a
    /// PVRTC2 image with transparency, otherwise ``default(hasTransparency:)``.
    package static func `default`(hasTransparency: Bool, format: PVRTCFormat) -> ErrorMetric {
        format.isPVRTC2 && hasTransparency ? pvrtc2Alpha : .default(hasTransparency: hasTransparency)
    }
}

/// The luma term as a type parameter of the per-pixel loops, so that each loop is compiled once with
/// the term and once without: images with alpha pay nothing for a term they never use.
protocol LumaTerm: SendableMetatype {
    /// The error of one difference: `Σ weights·d²`, plus `(luma·d)²` where the term is used.
    static func error(_ d: SIMD4<Int32>, weights: SIMD4<Int32>, luma: SIMD4<Int32>) -> Int32

    /// ``error(_:weights:luma:)`` of eight differences of one pixel at once, given channel by channel
    /// (`r`, `g`, `b`, `a`: lane `i` is difference `i`'s channel): the same integers, so the same errors.
    static func errors(
        r: SIMD8<Int32>, g: SIMD8<Int32>, b: SIMD8<Int32>, a: SIMD8<Int32>, weights: SIMD4<Int32>, luma: SIMD4<Int32>
    ) -> SIMD8<Int32>
}

extension LumaTerm {
    /// `Σ weights·d²` of eight differences given channel by channel.
    @inline(__always)
    static func channelErrors(
        r: SIMD8<Int32>, g: SIMD8<Int32>, b: SIMD8<Int32>, a: SIMD8<Int32>, weights: SIMD4<Int32>
    ) -> SIMD8<Int32> {
        r &* r &* weights[0] &+ g &* g &* weights[1] &+ b &* b &* weights[2] &+ a &* a &* weights[3]
    }
}

/// No luma term (the luma coefficients are zero).
enum WithoutLuma: LumaTerm {
    @inline(__always)
    static func error(_ d: SIMD4<Int32>, weights: SIMD4<Int32>, luma: SIMD4<Int32>) -> Int32 {
        (d &* d &* weights).wrappedSum()
    }

    @inline(__always)
    static func errors(
        r: SIMD8<Int32>, g: SIMD8<Int32>, b: SIMD8<Int32>, a: SIMD8<Int32>, weights: SIMD4<Int32>, luma: SIMD4<Int32>
    ) -> SIMD8<Int32> {
        channelErrors(r: r, g: g, b: b, a: a, weights: weights)
    }
}

/// With the luma term (also exact, if slower, where the luma coefficients are zero).
enum WithLuma: LumaTerm {
    @inline(__always)
    static func error(_ d: SIMD4<Int32>, weights: SIMD4<Int32>, luma: SIMD4<Int32>) -> Int32 {
        let y = (d &* luma).wrappedSum()
        return (d &* d &* weights).wrappedSum() &+ y &* y
    }

    @inline(__always)
    static func errors(
        r: SIMD8<Int32>, g: SIMD8<Int32>, b: SIMD8<Int32>, a: SIMD8<Int32>, weights: SIMD4<Int32>, luma: SIMD4<Int32>
    ) -> SIMD8<Int32> {
        let y = r &* luma[0] &+ g &* luma[1] &+ b &* luma[2] &+ a &* luma[3]
        return channelErrors(r: r, g: g, b: b, a: a, weights: weights) &+ y &* y
    }
}
