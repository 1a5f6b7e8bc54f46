/// How to reach a size PVRTC1 needs (``EncodeOptions/square``, ``EncodeOptions/pot``).
public enum ResizePolicy: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
    /// Enlarge the canvas, the image at the top-left (transparent pad for images with alpha,
    /// edge-extended for opaque ones).
    case pad
    /// Resample the image to the new size (Lanczos-3, alpha-weighted).
    case stretch

    /// The policy's name, as the command line spells it.
    public var description: String { rawValue }
}
