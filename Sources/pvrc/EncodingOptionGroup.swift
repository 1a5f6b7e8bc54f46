import ArgumentParser
import EncodeJobs
import PVRTC

/// The options every command that encodes shares (`pvrc encode`, `pvrc build`, and `pvrc compare`
/// for how its reference was prepared). Names, help and allowed values come from the option
/// descriptions (`EncodingOption.all`), and so does the resolution of the whole job and the
/// check of each value; ArgumentParser needs one declared property per flag, which is all this
/// type adds.
struct EncodingOptionGroup: ParsableArguments {
    @Option(name: .customLong("quality"), help: Self.help("quality"))
    var quality = Self.defaultWord("quality")

    @Option(name: .customLong("format"), help: Self.help("format"))
    var format: String?

    @Flag(name: .customLong("mipmaps"), help: Self.help("mipmaps"))
    var mipmaps = false

    /// Optional so that help shows only the option's own "(default: all processors)".
    @Option(name: .customLong("threads"), help: Self.help("threads"))
    var threads: Int?

    @Flag(name: .customLong("alpha-bleed"), inversion: .prefixedNo, help: Self.help("alpha-bleed"))
    var alphaBleed = true

    @Option(name: .customLong("square"), help: Self.help("square"))
    var square: String?

    @Option(name: .customLong("bpp"), help: Self.help("bpp"))
    var bpp: String?

    @Option(name: .customLong("codec"), help: Self.help("codec"))
    var codec: String?

    @Option(name: .customLong("pot"), help: Self.help("pot"))
    var pot: String?

    @Option(name: .customLong("flip"), help: Self.help("flip"))
    var flip: String?

    @Flag(name: .customLong("premultiply"), help: Self.help("premultiply"))
    var premultiply = false

    @Option(name: .customLong("colorspace"), help: Self.help("colorspace"))
    var colorSpace: String?

    @Flag(name: .customLong("normal-map"), help: Self.help("normal-map"))
    var normalMap = false

    @Option(name: .customLong("max-size"), help: Self.help("max-size"))
    var maxSize: Int?

    @Flag(name: .customLong("allow-rectangular"), help: Self.help("allow-rectangular"))
    var allowRectangular = false

    /// Each option's value as given (or defaulted), by option name.
    private var values: [String: EncodingOptionValue] {
        [
            "quality": .word(quality), "format": format.map(EncodingOptionValue.word) ?? .none,
            "mipmaps": .flag(mipmaps), "threads": .integer(threads ?? Parallel.processorCount),
            "alpha-bleed": .flag(alphaBleed),
            "square": square.map(EncodingOptionValue.word) ?? .none, "pot": pot.map(EncodingOptionValue.word) ?? .none,
            "bpp": bpp.map(EncodingOptionValue.word) ?? .none, "codec": codec.map(EncodingOptionValue.word) ?? .none,
            "flip": flip.map(EncodingOptionValue.word) ?? .none, "premultiply": .flag(premultiply),
            "colorspace": colorSpace.map(EncodingOptionValue.word) ?? .none, "normal-map": .flag(normalMap),
            "max-size": maxSize.map(EncodingOptionValue.integer) ?? .none, "allow-rectangular": .flag(allowRectangular),
        ]
    }

    func validate() throws {
        for option in EncodingOption.all {
            guard let value = values[option.name] else { continue }
            do {
                try option.check(value)
            } catch {
                var allowed = "one of: \(error.allowed)"
                if case .integer = option.kind { allowed = error.allowed }
                throw ValidationError("--\(option.name) must be \(allowed) (got \(value))")
            }
        }
    }

    /// The encode job these arguments ask for, resolved through the option table
    /// (`EncodeJob.init(resolving:output:)`): the container from `--format`, else from `output`'s
    /// extension, else legacy PVR v2; the pixel limit from `limits`.
    ///
    /// - Throws: A failure naming `output` when neither `--format` nor its extension names a container.
    func job(output: String? = nil, limits: PixelLimitOptions) throws -> EncodeJob {
        var values = self.values
        values["max-pixels"] = .integer(limits.maxPixels)
        do {
            return try EncodeJob(resolving: values, output: output)
        } catch let error as EncodeJobError {
            throw error.commandFailure(output: output ?? "")
        }
    }

    /// The option's help line and value name.
    private static func help(_ name: String) -> ArgumentHelp {
        guard let option = EncodingOption.named(name) else { return ArgumentHelp() }
        return ArgumentHelp(option.help, valueName: option.kind == .flag ? nil : option.valueName)
    }

    /// The default of a choice option.
    private static func defaultWord(_ name: String) -> String {
        if case .word(let word) = EncodingOption.named(name)?.defaultValue { return word }
        return ""
    }
}
