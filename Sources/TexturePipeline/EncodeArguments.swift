import Foundation
import PVRTCEncoding
import TextureManifest

/// The `pvrc encode` arguments that ask for given settings, derived from the options' `Codable`
/// form so that options added later are passed on too: each field `someOption` becomes
/// `--some-option VALUE` for strings and numbers, `--some-option` for a `true` that is not the
/// default and `--no-some-option` for a `false` that is not the default; `nil` optionals,
/// `threads` and `pixelLimit` (neither changes the output) are left out; the container is always
/// given as `--format`. Fields whose flag is spelt otherwise: `flipX`/`flipY` become
/// `--flip x|y|xy`, `colorSpace` becomes `--colorspace`.
public enum EncodeArguments {
    /// The arguments for `settings`.
    ///
    /// - Parameter settings: The effective settings of a texture.
    /// - Returns: Arguments in field-name order, ending with `--format NAME`.
    /// - Throws: `PipelineError` for a field whose value has no command-line form (arrays, objects).
    public static func arguments(for settings: TextureSettings) throws -> [String] {
        let fields = try jsonFields(of: settings.options)
        let defaults = try jsonFields(of: PVRTCEncoder.Options())
        var arguments: [String] = []
        let flip = (settings.options.flipX ? "x" : "") + (settings.options.flipY ? "y" : "")
        if !flip.isEmpty { arguments += ["--flip", flip] }
        let handled: Set<String> = ["threads", "pixelLimit", "flipX", "flipY"]
        for key in fields.keys.sorted() where !handled.contains(key) {
            guard let value = fields[key] else { continue }
            let flag = key == "colorSpace" ? "colorspace" : kebabCase(key)
            switch value {
            case .null:
                continue
            case .bool(let on):
                if value != defaults[key] { arguments.append(on ? "--\(flag)" : "--no-\(flag)") }
            case .integer(let number):
                arguments += ["--\(flag)", String(number)]
            case .number(let number):
                arguments += ["--\(flag)", String(number)]
            case .string(let text):
                arguments += ["--\(flag)", text]
            case .array, .object:
                throw PipelineError(file: "--emit", reason: "option \(key) has no command-line form")
            }
        }
        return arguments + ["--format", settings.container.rawValue]
    }

    private static func jsonFields(of options: PVRTCEncoder.Options) throws -> [String: JSONValue] {
        let data = try TextureSettings.canonicalEncoder().encode(options)
        guard case .object(let fields) = try JSONDecoder().decode(JSONValue.self, from: data) else { return [:] }
        return fields
    }

    /// `alphaBleed` → `alpha-bleed`.
    static func kebabCase(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase {
                result += "-" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
