import Imaging
import PVRTC
import PVRTCSearch
import TextureFormats

extension EncodingOption {
    /// Every encoding option, in the order emitted arguments list them; the cache key of a batch
    /// build is the value of each one that changes the output. Adding an option to the encoder
    /// means adding its description here, its property to `EncodeOptions` and its flag to
    /// the CLI (tests fail until the three agree).
    public static let all: [EncodingOption] = [
        EncodingOption(
            name: "flip", kind: .choice(["x", "y", "xy"]), isOptional: true, defaultValue: .none,
            help:
                "Mirror before encoding and record it in the file: y stores the bottom row first (OpenGL t=0 at the bottom).",
            read: { job in
                let axes = (job.options.flipX ? "x" : "") + (job.options.flipY ? "y" : "")
                return axes.isEmpty ? .none : .word(axes)
            },
            write: { job, value in
                let axes = value.word ?? ""
                job.options.flipX = axes.contains("x")
                job.options.flipY = axes.contains("y")
            }),
        flag(
            "allow-rectangular", \.allowRectangular,
            help: "Write non-square power-of-two textures (valid PVRTC1, but iOS refuses them); PVRTC2 takes any size."),
        flag(
            "alpha-bleed", \.alphaBleed,
            help: "Fill the colour under fully transparent pixels from nearby visible colour."),
        choice(
            "colorspace", \.colorSpace,
            help:
                "srgb: average mips in linear light and label the file sRGB; linear: average stored values, label linear (default: mips as sRGB, file labelled linear, as before)."
        ),
        EncodingOption(
            name: "max-size", kind: .integer(minimum: 1), isOptional: true, defaultValue: .none,
            help: "Halve the image (Lanczos-3, alpha-weighted) until both sides are at most N.",
            read: { $0.options.maxSize.map(EncodingOptionValue.integer) ?? .none },
            write: { $0.options.maxSize = $1.integer }),
        flag("mipmaps", \.mipmaps, help: "Build and encode the full mip chain down to 1x1."),
        flag(
            "normal-map", \.normalMap,
            help:
                "Tangent-space normal map: linear, mips renormalised to unit vectors, X/Y error weighted double, no alpha bleed."
        ),
        choice(
            "pot", \.pot,
            help:
                "Take non-power-of-two sides to the next power of two (PVRTC1 needs it; pvrtc2 resizes only if given)."),
        flag(
            "premultiply", \.premultiply,
            help:
                "Multiply colour by alpha (in linear light with --colorspace srgb, else on stored values) and mark the file premultiplied."
        ),
        EncodingOption(
            name: "quality", kind: .choice(PVRTCEncoder.Quality.allCases.map(\.rawValue)),
            defaultValue: .word(EncodeOptions().quality.rawValue), help: "Search effort.",
            read: { .word($0.options.quality.rawValue) },
            write: { job, value in
                if let quality = value.word.flatMap(PVRTCEncoder.Quality.init(rawValue:)) {
                    job.options.quality = quality
                }
            }),
        choice(
            "square", \.square, help: "Make a non-square image square (PVRTC1 needs it; pvrtc2 resizes only if given)."),
        EncodingOption(
            name: "bpp", kind: .choice(["4", "2"]), isOptional: true, defaultValue: .none,
            help: "Bits per pixel: 4 (4x4-pixel blocks, the default) or 2 (8x4-pixel blocks, half the size).",
            read: { $0.options.format.bitsPerPixel == 2 ? .word("2") : .none },
            write: { job, value in
                job.options.format = PVRTCFormat(
                    isPVRTC2: job.options.format.isPVRTC2, bitsPerPixel: value.word == "2" ? 2 : 4)
            }),
        EncodingOption(
            name: "codec", kind: .choice(["pvrtc1", "pvrtc2"]), isOptional: true, defaultValue: .none,
            help:
                "pvrtc1 (the default): PowerVR and Apple GPUs, square power-of-two sizes for iOS; pvrtc2 (PVRTC-II): "
                + "any size, no resizing unless --square/--pot ask, PowerVR SGX 5XT and later only, not Apple GPUs.",
            isKeyedWhenUnset: false, read: { $0.options.format.isPVRTC2 ? .word("pvrtc2") : .none },
            write: { job, value in
                job.options.format = PVRTCFormat(
                    isPVRTC2: value.word == "pvrtc2", bitsPerPixel: job.options.format.bitsPerPixel)
            }),
        EncodingOption(
            name: "format", kind: .choice(TextureContainer.allCases.map(\.rawValue)), isOptional: true,
            defaultValue: .none,
            help:
                "Container: pvr2 (legacy PVR), pvr3, ktx, ktx2, ktx2-zstd (Zstandard), pvr-ccz or pvr-gz "
                + "(default: from OUT's extension).",
            read: { .word($0.container.rawValue) },
            write: { job, value in
                if let container = value.word.flatMap(TextureContainer.init(rawValue:)) { job.container = container }
            }),
        EncodingOption(
            name: "threads", kind: .integer(minimum: 1), defaultValue: .integer(Parallel.processorCount),
            help: "Worker threads (default: all processors); the output does not depend on it.", changesOutput: false,
            read: { .integer($0.options.threads) }, write: { $0.options.threads = $1.integer ?? 1 }),
        EncodingOption(
            name: "max-pixels", kind: .integer(minimum: 1), defaultValue: .integer(PixelLimit.standard.maximumPixels),
            help: "Refuse images and textures with more pixels than this (width x height), checked before decoding.",
            changesOutput: false, read: { .integer($0.options.pixelLimit.maximumPixels) },
            write: { $0.options.pixelLimit = PixelLimit(maximumPixels: $1.integer ?? 1) }),
    ]

    /// The option called `name`, or `nil`.
    public static func named(_ name: String) -> EncodingOption? { all.first { $0.name == name } }

    /// An on/off option stored in a `Bool` of the encoder options.
    private static func flag(
        _ name: String, _ field: WritableKeyPath<EncodeOptions, Bool> & Sendable, help: String
    ) -> EncodingOption {
        EncodingOption(
            name: name, kind: .flag, defaultValue: .flag(EncodeOptions()[keyPath: field]), help: help,
            read: { .flag($0.options[keyPath: field]) },
            write: { job, value in
                if case .flag(let on) = value { job.options[keyPath: field] = on }
            })
    }

    /// An optional choice stored in an optional `String`-backed enumeration of the encoder options.
    private static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ field: WritableKeyPath<EncodeOptions, Value?> & Sendable, help: String
    ) -> EncodingOption where Value.RawValue == String {
        EncodingOption(
            name: name, kind: .choice(Value.allCases.map(\.rawValue)), isOptional: true, defaultValue: .none,
            help: help, read: { $0.options[keyPath: field].map { .word($0.rawValue) } ?? .none },
            write: { job, value in job.options[keyPath: field] = value.word.flatMap(Value.init(rawValue:)) })
    }
}

extension EncodingOptionValue {
    /// The word, for ``word(_:)`` values.
    var word: String? {
        if case .word(let word) = self { return word }
        return nil
    }

    /// The number, for ``integer(_:)`` values.
    var integer: Int? {
        if case .integer(let number) = self { return number }
        return nil
    }
}

extension PVRTCFormat {
    /// The variant of a generation (`codec`) and a rate (`bpp`): PVRTC2 when `isPVRTC2`, 2bpp when
    /// `bitsPerPixel` is 2, 4bpp otherwise.
    init(isPVRTC2: Bool, bitsPerPixel: Int) {
        switch (isPVRTC2, bitsPerPixel == 2) {
        case (false, false): self = .pvrtc1_4bpp
        case (false, true): self = .pvrtc1_2bpp
        case (true, false): self = .pvrtc2_4bpp
        case (true, true): self = .pvrtc2_2bpp
        }
    }
}
