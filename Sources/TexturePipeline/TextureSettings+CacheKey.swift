import TextureManifest

extension TextureSettings {
    /// The cache key of an input with these settings: the SHA-256 of the input's digest and
    /// `TextureSettings.canonicalDescription()` (and of `encoder`, when given). `pvrc build` and the
    /// plugin's tool both key their caches with it.
    ///
    /// - Parameters:
    ///   - input: The SHA-256 of the input file's bytes.
    ///   - encoder: The SHA-256 of the executable that encodes, for a cache kept beside one build of
    ///     it (the plugin's tool, whose encoder may change without `PVRTCEncoder.version`); `nil`
    ///     for caches shared between machines, keyed by the encoder version alone.
    /// - Returns: The key under which caches store the output.
    /// - Throws: The errors of `TextureSettings.canonicalDescription()`.
    package func cacheKey(input: ContentDigest, encoder: ContentDigest? = nil) throws -> ContentDigest {
        let executable = encoder.map { "encoder \($0.hex)\n" } ?? ""
        return ContentDigest(ofText: "pvrc-texture\n\(executable)\(input.hex)\n\(try canonicalDescription())")
    }
}
