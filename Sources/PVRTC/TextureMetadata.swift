import Imaging

/// What a texture file says about its data besides the blocks: orientation, premultiplied alpha and
/// colour space. Every container reader fills it and every writer records as much of it as the
/// container can hold (see `TextureContainer` for which fields each one has).
public struct TextureMetadata: Sendable, Hashable, Codable {
    /// Which way the stored rows and columns run.
    public var orientation: TextureOrientation
    /// Colour has been multiplied by alpha (PVR v3 flag 0x02, pvrc's KTX key `pvrc.premultipliedAlpha`).
    public var isPremultiplied: Bool
    /// How the stored values relate to light: `ColorSpace/srgb` for PVR v3 colour space 1 and the
    /// KTX sRGB formats 0x8A55/0x8A57, `ColorSpace/linear` otherwise (and for PVR v2, which has no field).
    public var colorSpace: ColorSpace

    /// Creates metadata; the defaults are what pvrc wrote before these fields existed: top-down,
    /// straight alpha, linear labels.
    /// - Parameters:
    ///   - orientation: Which way rows and columns are stored.
    ///   - isPremultiplied: Whether colour is multiplied by alpha.
    ///   - colorSpace: The colour space the data is labelled with.
    public init(
        orientation: TextureOrientation = .topDown, isPremultiplied: Bool = false, colorSpace: ColorSpace = .linear
    ) {
        self.orientation = orientation
        self.isPremultiplied = isPremultiplied
        self.colorSpace = colorSpace
    }
}
