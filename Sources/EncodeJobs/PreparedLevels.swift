import Imaging
import PVRTC

/// An image made ready for the codec by ``EncodeOptions/prepare(_:)``: the levels to encode, the
/// levels quality is judged against, and the metadata the texture records.
public struct PreparedLevels: Sendable, Equatable {
    /// What the encoder approximates, largest level first: the source after `maxSize` halving, the
    /// PVRTC1 size policies, the flip, the mip chain and premultiplication. Quality figures of the
    /// texture are measured against these.
    public var references: [RGBAImage]
    /// What the codec is given: ``references`` with alpha bleed applied where the options ask for it
    /// (it only changes the colour under fully transparent pixels, which the encoder is free to choose).
    public var levels: [RGBAImage]
    /// The orientation, premultiplied flag and colour space the texture records.
    public var metadata: TextureMetadata
}
