import TextureManifest

extension TextureSettings {
    /// The cache key of an input with these settings: the SHA-256 of the input's digest and
    /// `TextureSettings.canonicalDescription()`.
    ///
    /// - Parameter input: The SHA-256 of the input file's bytes.
    /// - Returns: The key under which caches store the output.
    /// - Throws: The errors of `TextureSettings.canonicalDescription()`.
    package func cacheKey(input: ContentDigest) throws -> ContentDigest {
        ContentDigest(ofText: "pvrc-texture\n\(input.hex)\n\(try canonicalDescription())")
    }
}
