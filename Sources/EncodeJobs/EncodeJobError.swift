import PVRTC
import TextureFormats

/// Why an ``EncodeJob`` refuses to run, beyond the encoder's own `EncodingError`.
public enum EncodeJobError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The container cannot record something that changes how the picture reads (a horizontal flip
    /// in PVR v2 would show the image mirrored).
    case containerCannotRecord(TextureContainer, EncodeWarning.Loss)
    /// The container has no code for the format (`TextureContainer.canHold(_:)`: PVR v2 cannot hold
    /// PVRTC2).
    case containerCannotHold(TextureContainer, PVRTCFormat)
    /// A reference level was asked for that the texture does not have.
    case noSuchLevel(Int, levels: Int)
    /// Neither the `format` option nor the output's extension names a container.
    case unknownContainer(output: String)
    /// A cube map was asked for with this many faces instead of six.
    case cubeMapFaceCount(Int)
    /// A cube map's face encodes to a rectangle.
    case cubeFaceNotSquare(width: Int, height: Int)
    /// A cube map's face encodes to another size than the first face (whose side is `first`).
    case cubeFaceSizeDiffers(width: Int, height: Int, first: Int)

    /// A one-line explanation, for example `PVR v2 (legacy) cannot record a horizontal flip`.
    public var description: String {
        switch self {
        case .containerCannotRecord(let container, .horizontalFlip):
            return "\(container.displayName) cannot record a horizontal flip"
        case .containerCannotRecord(let container, let loss):
            return "\(container.displayName) cannot record \(loss.description)"
        case .containerCannotHold(let container, let format):
            return "\(container.displayName) cannot hold \(format.displayName) (it has no pixel format for it)"
        case .noSuchLevel(let level, let levels):
            return "level \(level) does not exist (the texture has \(levels))"
        case .unknownContainer:
            return "unknown texture extension; use .pvr, .ktx, .ktx2, .pvr.ccz or .pvr.gz, or --format "
                + TextureContainer.allCases.map(\.rawValue).joined(separator: "|")
        case .cubeMapFaceCount(let count):
            return "a cube map has 6 faces (+X, -X, +Y, -Y, +Z, -Z), not \(count)"
        case .cubeFaceNotSquare(let width, let height):
            return "cube faces must be square, not \(width)x\(height)"
        case .cubeFaceSizeDiffers(let width, let height, let first):
            return "encodes to \(width)x\(height) but the first face is \(first)x\(first)"
        }
    }
}
