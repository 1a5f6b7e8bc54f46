import EncodeJobs
import Foundation
import PVRTCSearch
import TextureManifest

/// The `pvrc encode` arguments that ask for given settings, derived from the option descriptions
/// (`EncodingOption.all`), so that options added later are passed on too: in the table's order,
/// every option that changes the output and has a value (`--quality best`, `--max-size 256`), flags
/// only where they differ from the default (`--mipmaps`, `--no-alpha-bleed`), and the container
/// last as `--format`. `threads` and `max-pixels` do not change the output and are left out.
package enum EncodeArguments {
    /// The arguments for `settings`.
    ///
    /// - Parameter settings: The effective settings of a texture.
    /// - Returns: Arguments in the options' table order, ending with `--format NAME`.
    package static func arguments(for settings: TextureSettings) -> [String] {
        let job = settings.job
        var arguments: [String] = []
        for option in EncodingOption.all where option.changesOutput && option.name != "format" {
            arguments += option.arguments(for: option.value(in: job))
        }
        return arguments + ["--format", settings.container.rawValue]
    }
}
