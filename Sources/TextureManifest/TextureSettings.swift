import EncodeJobs
import Foundation
import PVRTCSearch
import TextureFormats

/// Everything that decides one texture's output bytes besides its input: the encoder options and
/// the container.
public struct TextureSettings: Sendable, Equatable {
    /// The encoder options. `threads` and `pixelLimit` do not change the output, so they are left out
    /// of ``canonicalDescription()``.
    public var options: EncodeOptions
    /// The file container written.
    public var container: TextureContainer

    /// Settings for one texture.
    ///
    /// - Parameters:
    ///   - options: The encoder options.
    ///   - container: The file container written.
    public init(options: EncodeOptions, container: TextureContainer) {
        self.options = options
        self.container = container
    }

    /// The encode job these settings describe.
    public var job: EncodeJob { EncodeJob(options: options, container: container) }

    /// The settings as deterministic JSON (sorted keys): the value of every option in
    /// `EncodingOption.all` that changes the output (so `threads` and `max-pixels` stay out, and an
    /// option added to the schema joins the key by being added; one that is not
    /// `EncodingOption.isKeyedWhenUnset` only when it has a value, as `codec` for PVRTC2), keyed by the
    /// option's name, and `PVRTCEncoder.version`.
    ///
    /// - Returns: One line of JSON; equal settings give equal text on every machine.
    /// - Throws: `EncodingError` from `JSONEncoder` (not expected for these types).
    public func canonicalDescription() throws -> String {
        let job = self.job
        var values: [String: EncodingOptionValue] = [:]
        for option in EncodingOption.all where option.changesOutput {
            let value = option.value(in: job)
            if value != .none || option.isKeyedWhenUnset { values[option.name] = value }
        }
        let canonical = CanonicalSettings(encoder: PVRTCEncoder.version, options: values)
        return String(decoding: try Self.canonicalEncoder().encode(canonical), as: UTF8.self)
    }

    /// A JSON encoder whose output depends only on the values encoded.
    package static func canonicalEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    private struct CanonicalSettings: Encodable {
        let encoder: String
        let options: [String: EncodingOptionValue]
    }
}
