import TextureFormats

/// Something of the texture that its container cannot record; the pixels are right, a reader
/// loses the label.
public struct EncodeWarning: Sendable, Equatable, CustomStringConvertible {
    /// What can be lost.
    public enum Loss: Sendable, Equatable, CaseIterable {
        /// The texture is premultiplied; the container has no flag for it.
        case premultipliedAlpha
        /// The texture is labelled sRGB; the container has no colour-space field.
        case srgbColorSpace
        /// The texture is stored mirrored left-right; the container has only a vertical-flip flag.
        case horizontalFlip

        /// In words, for example `premultiplied alpha (v2 has no flag for it)`.
        public var description: String {
            switch self {
            case .premultipliedAlpha: return "premultiplied alpha (v2 has no flag for it)"
            case .srgbColorSpace: return "the sRGB colour space (v2 has no colour-space field)"
            case .horizontalFlip: return "the horizontal flip (v2 has only a vertical-flip flag)"
            }
        }
    }

    /// The container.
    public var container: TextureContainer
    /// What it cannot record.
    public var lost: Loss

    /// A warning.
    ///
    /// - Parameters:
    ///   - container: The container.
    ///   - lost: What it cannot record.
    public init(container: TextureContainer, lost: Loss) {
        self.container = container
        self.lost = lost
    }

    /// For example `PVR v2 (legacy) cannot record premultiplied alpha (v2 has no flag for it)`.
    public var description: String { "\(container.displayName) cannot record \(lost.description)" }
}
