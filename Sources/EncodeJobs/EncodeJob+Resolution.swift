import PVRTCSearch
import TextureFormats

extension EncodeJob {
    /// The whole job an encode's options ask for, resolved through the option table
    /// (``EncodingOption/all``): the container from `format`, else from `output`'s extension
    /// (`TextureContainer.forPathExtension(_:)`), else legacy PVR v2; then every option's value,
    /// the pixel limit (`max-pixels`) included. Options not in `values` keep their defaults. A PVR v2
    /// container that was only implied (by a `.pvr` name or by default) becomes PVR v3 for PVRTC2, which
    /// PVR v2 cannot hold; one named in `format` stays, and ``check()`` refuses it.
    ///
    /// - Parameters:
    ///   - values: Option values by option name (``EncodingOption/name``).
    ///   - output: The texture file written, when its name is to choose the container.
    /// - Throws: ``EncodingOptionError`` for a value that does not fit its option;
    ///   ``EncodeJobError/unknownContainer(output:)`` when neither `format` nor `output`'s extension
    ///   names a container.
    public init(resolving values: [String: EncodingOptionValue], output: String? = nil) throws {
        let container: TextureContainer
        let named = values["format"]?.word.flatMap { TextureContainer(rawValue: $0) }
        if let named {
            container = named
        } else if let output {
            guard let implied = TextureContainer.forPathExtension(output) else {
                throw EncodeJobError.unknownContainer(output: output)
            }
            container = implied
        } else {
            container = .pvr2
        }
        self.init(container: container)
        for option in EncodingOption.all {
            guard let value = values[option.name] else { continue }
            try option.set(value, in: &self)
        }
        if named == nil { holdFormatInImpliedContainer() }
    }

    /// Makes the container PVR v3 where it cannot hold the format (PVR v2 and PVRTC2), for a container that was
    /// implied (by a `.pvr` name or by default) rather than named: PVR v3 is the PVR version that can.
    package mutating func holdFormatInImpliedContainer() {
        if !container.canHold(options.format) { container = .pvr3 }
    }
}
