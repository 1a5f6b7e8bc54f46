/// One encoding option, described once: its name (the long command-line flag without dashes, which
/// is also its manifest key), the kind of value it takes, its default and its help. The command
/// line, manifests, the arguments of emitted ninja edges and build reports all derive from the
/// descriptions in ``all``.
public struct EncodingOption: Sendable {
    /// The kind of value an option takes.
    public enum Kind: Sendable, Equatable {
        /// On or off: `--name` (and `--no-name` for an option that is on by default); `true` or
        /// `false` in a manifest.
        case flag
        /// One of these words.
        case choice([String])
        /// A whole number, at least `minimum`.
        case integer(minimum: Int)
    }

    /// The long flag without dashes and the manifest key, for example `alpha-bleed`.
    public let name: String
    /// The kind of value.
    public let kind: Kind
    /// Whether the option may have no value (`nil` options: `--square` given or not).
    public let isOptional: Bool
    /// The value when the option is not given (``EncodingOptionValue/none`` for optional ones).
    public let defaultValue: EncodingOptionValue
    /// One line of help.
    public let help: String
    /// Whether the value changes the texture's bytes; `threads` and `max-pixels` do not, so they
    /// stay out of emitted ninja edges and reports.
    public let changesOutput: Bool
    /// Whether the cache key records the option when it has no value (``EncodingOptionValue/none``).
    /// `false` for an option added after keys were published (`codec`): a job that does not use it
    /// keeps the key it had before the option existed.
    public let isKeyedWhenUnset: Bool
    private let read: @Sendable (EncodeJob) -> EncodingOptionValue
    private let write: @Sendable (inout EncodeJob, EncodingOptionValue) -> Void

    /// Describes an option; `read` and `write` connect it to the job (`write` receives only values
    /// ``check(_:)`` accepts).
    package init(
        name: String, kind: Kind, isOptional: Bool = false, defaultValue: EncodingOptionValue, help: String,
        changesOutput: Bool = true, isKeyedWhenUnset: Bool = true,
        read: @escaping @Sendable (EncodeJob) -> EncodingOptionValue,
        write: @escaping @Sendable (inout EncodeJob, EncodingOptionValue) -> Void
    ) {
        self.name = name
        self.kind = kind
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.help = help
        self.changesOutput = changesOutput
        self.isKeyedWhenUnset = isKeyedWhenUnset
        self.read = read
        self.write = write
    }

    /// The words a choice allows, or the value's form, as help and errors show it: `fast|normal|high|best`, `N`.
    public var valueName: String {
        switch kind {
        case .flag: return "true|false"
        case .choice(let words): return words.joined(separator: "|")
        case .integer: return "N"
        }
    }

    /// The option's value in `job`.
    public func value(in job: EncodeJob) -> EncodingOptionValue { read(job) }

    /// Sets the option in `job`.
    ///
    /// - Throws: ``EncodingOptionError`` for a value of the wrong kind, a word not allowed or a
    ///   number out of range.
    public func set(_ value: EncodingOptionValue, in job: inout EncodeJob) throws(EncodingOptionError) {
        try check(value)
        write(&job, value)
    }

    /// Checks that `value` fits the option.
    ///
    /// - Throws: ``EncodingOptionError`` naming the option, the value and what is allowed.
    public func check(_ value: EncodingOptionValue) throws(EncodingOptionError) {
        switch (kind, value) {
        case (_, .none) where isOptional: return
        case (.flag, .flag): return
        case (.choice(let words), .word(let word)) where words.contains(word): return
        case (.integer(let minimum), .integer(let number)) where number >= minimum: return
        case (.integer(let minimum), .integer):
            throw EncodingOptionError(option: name, value: value, allowed: "a whole number of at least \(minimum)")
        case (.choice(let words), _):
            throw EncodingOptionError(option: name, value: value, allowed: words.joined(separator: ", "))
        case (.flag, _):
            throw EncodingOptionError(option: name, value: value, allowed: "true, false")
        case (.integer(let minimum), _):
            throw EncodingOptionError(option: name, value: value, allowed: "a whole number of at least \(minimum)")
        }
    }

    /// Parses the option's command-line text (`best`, `256`; `true`/`false` for flags).
    ///
    /// - Throws: ``EncodingOptionError`` when the text does not fit.
    public func parse(_ text: String) throws(EncodingOptionError) -> EncodingOptionValue {
        let value: EncodingOptionValue
        switch kind {
        case .flag: value = text == "true" ? .flag(true) : text == "false" ? .flag(false) : .word(text)
        case .choice: value = .word(text)
        case .integer: value = Int(text).map(EncodingOptionValue.integer) ?? .word(text)
        }
        try check(value)
        return value
    }

    /// The command-line arguments that ask for `value`: `[]` for no value and for a flag at its
    /// default, `--name` / `--no-name` for flags, `--name VALUE` otherwise.
    public func arguments(for value: EncodingOptionValue) -> [String] {
        switch value {
        case .none: return []
        case .flag(let on): return value == defaultValue ? [] : [on ? "--\(name)" : "--no-\(name)"]
        case .word(let word): return ["--\(name)", word]
        case .integer(let number): return ["--\(name)", String(number)]
        }
    }
}

/// An option's value, in the forms the command line and manifests share.
public enum EncodingOptionValue: Sendable, Equatable, Encodable, CustomStringConvertible {
    /// Not given (optional options only).
    case none
    /// On or off.
    case flag(Bool)
    /// A word of a choice.
    case word(String)
    /// A whole number.
    case integer(Int)

    /// Encodes the value as a manifest spells it: `null`, `true`, `"best"`, `256`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: The encoder's errors.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .none: try container.encodeNil()
        case .flag(let on): try container.encode(on)
        case .word(let word): try container.encode(word)
        case .integer(let number): try container.encode(number)
        }
    }

    /// As a manifest spells it: `null`, `true`, `"best"`, `256`.
    public var description: String {
        switch self {
        case .none: return "null"
        case .flag(let on): return on ? "true" : "false"
        case .word(let word): return "\"\(word)\""
        case .integer(let number): return String(number)
        }
    }
}

/// A value that does not fit its option.
public struct EncodingOptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The option's name.
    public var option: String
    /// The value given.
    public var value: EncodingOptionValue
    /// What the option allows, in words (`fast, normal, high, best`).
    public var allowed: String

    /// An error.
    ///
    /// - Parameters:
    ///   - option: The option's name.
    ///   - value: The value given.
    ///   - allowed: What the option allows.
    public init(option: String, value: EncodingOptionValue, allowed: String) {
        self.option = option
        self.value = value
        self.allowed = allowed
    }

    /// For example `bad value for option "quality": "ultra"; allowed: fast, normal, high, best`.
    public var description: String { "bad value for option \"\(option)\": \(value); allowed: \(allowed)" }
}
