import EncodeJobs
import Foundation
import PVRTCSearch
import TextureFormats

/// A partial set of encode options from a manifest, applied on top of other settings.
///
/// Keys are exactly the long command-line flags without dashes (`alpha-bleed`, `colorspace`,
/// `flip`, `max-pixels`, `format`; see `EncodingOption.all`), values what the flag takes: `"best"`,
/// `true`, `"pad"`, `256`, and `null` to clear an optional one. The older spellings (the camel-case
/// field names `alphaBleed`, `colorSpace`, `flipX`, `pixelLimit`, ...) are still accepted, each
/// with a warning. Values are checked when the manifest is read, and a bad one is refused with
/// what the option allows.
public struct OptionOverrides: Sendable, Equatable {
    /// The overridden values by option name.
    public private(set) var values: [String: EncodingOptionValue]
    /// The old key spellings used, each with a warning naming its replacement.
    public private(set) var warnings: [String]
    /// `flipX` / `flipY` (old spellings that set one axis of `flip`).
    private var flipAxes: [Character: Bool] = [:]

    /// No overrides.
    public init() {
        values = [:]
        warnings = []
    }

    /// Overrides read from a manifest object.
    ///
    /// - Parameters:
    ///   - object: The JSON object's members.
    ///   - file: The manifest, for error messages.
    /// - Throws: ``PipelineError`` for an unknown key or a value the option does not allow.
    public init(_ object: [String: JSONValue], file: String) throws {
        self.init()
        for (key, json) in object.sorted(by: { $0.key < $1.key }) {
            var name = key
            var value = json
            if EncodingOption.named(key) == nil, let legacy = Self.legacyKeys[key] {
                name = legacy
                warnings.append("\(file): option \"\(key)\" is now spelled \"\(legacy)\"")
                if legacy == "max-pixels", case .object(let fields) = json, let limit = fields["maximumPixels"] {
                    value = limit
                }
                if let axis = Self.legacyFlipAxes[key] {
                    guard case .bool(let on) = json else {
                        throw PipelineError(
                            file: file, reason: "bad value for option \"\(key)\": \(json); allowed: true, false")
                    }
                    flipAxes[axis] = on
                    continue
                }
            }
            guard let option = EncodingOption.named(name) else {
                let known = EncodingOption.all.map(\.name).sorted().joined(separator: ", ")
                throw PipelineError(file: file, reason: "unknown option \"\(key)\"; known: \(known)")
            }
            let converted = Self.value(of: value)
            do {
                try option.check(converted)
            } catch {
                throw PipelineError(file: file, reason: error.description)
            }
            values[name] = converted
        }
    }

    /// The container, when the overrides name one.
    public var container: TextureContainer? {
        if case .word(let name) = values["format"] { return TextureContainer(rawValue: name) }
        return nil
    }

    /// `settings` with these overrides applied. Where they turn the settings' format into PVRTC2 but name no
    /// container and the settings' container (PVR v2) cannot hold it, the result is PVR v3.
    ///
    /// - Parameters:
    ///   - settings: The settings to start from.
    ///   - file: The manifest, for error messages.
    /// - Returns: The settings with every overridden option replaced.
    /// - Throws: ``PipelineError`` when a value does not fit its option.
    public func applied(to settings: TextureSettings, file: String) throws -> TextureSettings {
        var job = settings.job
        for option in EncodingOption.all {
            guard let value = values[option.name] else { continue }
            do {
                try option.set(value, in: &job)
            } catch {
                throw PipelineError(file: file, reason: error.description)
            }
        }
        if let x = flipAxes["x"] { job.options.flipX = x }
        if let y = flipAxes["y"] { job.options.flipY = y }
        if container == nil, settings.container.canHold(settings.options.format) {
            // The settings' container is implied by the `.pvr` output the overrides do not change.
            job.holdFormatInImpliedContainer()
        }
        return TextureSettings(options: job.options, container: job.container)
    }

    /// A JSON value in the options' terms (objects and arrays fit no option and are refused by it).
    private static func value(of json: JSONValue) -> EncodingOptionValue {
        switch json {
        case .null: return .none
        case .bool(let on): return .flag(on)
        case .string(let text): return .word(text)
        case .integer(let number): return .integer(number)
        case .number, .array, .object: return .word(String(describing: json))
        }
    }

    /// Old key spellings (the encoder options' field names, and their kebab case) → option names.
    static let legacyKeys: [String: String] = [
        "allowRectangular": "allow-rectangular", "alphaBleed": "alpha-bleed", "colorSpace": "colorspace",
        "color-space": "colorspace", "maxSize": "max-size", "normalMap": "normal-map", "pixelLimit": "max-pixels",
        "pixel-limit": "max-pixels", "flipX": "flip", "flip-x": "flip", "flipY": "flip", "flip-y": "flip",
    ]

    /// The old one-axis flip keys.
    private static let legacyFlipAxes: [String: Character] = ["flipX": "x", "flip-x": "x", "flipY": "y", "flip-y": "y"]
}
