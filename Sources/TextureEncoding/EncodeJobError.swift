import TextureFormats

/// Why an ``EncodeJob`` refuses to run, beyond the encoder's own `EncodingError`.
public enum EncodeJobError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The container cannot record something that changes how the picture reads (a horizontal flip
    /// in PVR v2 would show the image mirrored).
    case containerCannotRecord(TextureContainer, EncodeWarning.Loss)
    /// A reference level was asked for that the texture does not have.
    case noSuchLevel(Int, levels: Int)

    /// A one-line explanation, for example `PVR v2 (legacy) cannot record a horizontal flip`.
    public var description: String {
        switch self {
        case .containerCannotRecord(let container, .horizontalFlip):
            return "\(container.displayName) cannot record a horizontal flip"
        case .containerCannotRecord(let container, let loss):
            return "\(container.displayName) cannot record \(loss.description)"
        case .noSuchLevel(let level, let levels):
            return "level \(level) does not exist (the texture has \(levels))"
        }
    }
}
