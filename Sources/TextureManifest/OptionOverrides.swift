import Foundation
import PVRTCEncoding
import TextureFormats

/// A partial set of encode options from a manifest, applied on top of other settings.
///
/// Keys are the fields of `PVRTCEncoder.Options` in their `Codable` form, in camel case
/// (`alphaBleed`) or spelled as the command-line flag without dashes (`alpha-bleed`), plus `format`
/// for the container. Values are what the field's `Codable` form takes: `"best"`, `true`, `"pad"`,
/// `null` for an absent optional. Because the merge goes through `Codable`, fields added to
/// `PVRTCEncoder.Options` later can be overridden without any change here.
public struct OptionOverrides: Sendable, Equatable {
    /// The overridden values by field name (camel case), without `format`.
    public private(set) var values: [String: JSONValue]
    /// The container, when the overrides name one.
    public private(set) var container: TextureContainer?

    /// No overrides.
    public init() {
        values = [:]
        container = nil
    }

    /// Overrides read from a manifest object.
    ///
    /// - Parameters:
    ///   - object: The JSON object's members.
    ///   - file: The manifest, for error messages.
    /// - Throws: ``PipelineError`` for an unknown key or a bad `format`.
    public init(_ object: [String: JSONValue], file: String) throws {
        values = [:]
        container = nil
        let known = Self.optionFields()
        for (rawKey, value) in object {
            let key = Self.camelCase(rawKey)
            if key == "format" {
                guard case .string(let name) = value, let format = TextureContainer(rawValue: name) else {
                    throw PipelineError(
                        file: file,
                        reason:
                            "\"format\" must be one of \(TextureContainer.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                container = format
            } else if known.contains(key) {
                values[key] = value
            } else {
                throw PipelineError(
                    file: file,
                    reason:
                        "unknown option \"\(rawKey)\"; known: \((known + ["format"]).sorted().joined(separator: ", "))")
            }
        }
    }

    /// `settings` with these overrides applied.
    ///
    /// - Parameters:
    ///   - settings: The settings to start from.
    ///   - file: The manifest, for error messages.
    /// - Returns: The settings with every overridden field replaced.
    /// - Throws: ``PipelineError`` when a value does not fit its field.
    public func applied(to settings: TextureSettings, file: String) throws -> TextureSettings {
        var result = settings
        if let container { result.container = container }
        guard !values.isEmpty else { return result }
        let encoder = TextureSettings.canonicalEncoder()
        guard
            case .object(var fields) = try JSONDecoder().decode(JSONValue.self, from: encoder.encode(settings.options))
        else {
            throw PipelineError(file: file, reason: "the encoder options do not encode as a JSON object")
        }
        for (key, value) in values {
            fields[key] = value
        }
        do {
            result.options = try JSONDecoder().decode(
                PVRTCEncoder.Options.self, from: encoder.encode(JSONValue.object(fields)))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.dataCorrupted(context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw PipelineError(file: file, reason: "bad value for option \"\(field)\": \(context.debugDescription)")
        } catch {
            throw PipelineError(file: file, reason: "bad option values: \(error)")
        }
        return result
    }

    /// The field names of `PVRTCEncoder.Options`: its stored properties, which are also the keys of
    /// its synthesized `Codable` form (optionals that are `nil` are absent from that form, so it is
    /// not asked).
    static func optionFields() -> [String] {
        Mirror(reflecting: PVRTCEncoder.Options()).children.compactMap(\.label).sorted()
    }

    /// `alpha-bleed` → `alphaBleed`; camel-case names stay as they are.
    static func camelCase(_ name: String) -> String {
        let parts = name.split(separator: "-", omittingEmptySubsequences: true)
        guard let first = parts.first else { return name }
        return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
