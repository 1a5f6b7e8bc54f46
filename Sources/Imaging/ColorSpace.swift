/// How a texture's stored colour values relate to light.
public enum ColorSpace: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
    /// Colour data encoded with the sRGB transfer function (photos, painted colour textures): filtering
    /// and mip averaging happen in linear light, and GPUs decode it when the texture is uploaded with an
    /// sRGB format.
    case srgb
    /// Data used as stored (normal, height, roughness or mask maps): averaged and sampled as stored values.
    case linear

    /// The name as the command line spells it.
    public var description: String { rawValue }
}
