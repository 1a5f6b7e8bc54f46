/// Why one face of a cube map cannot be encoded: the face's file and the problem (the image file's
/// error, `EncodingError`, or an ``EncodeJobError`` about the face's size).
public struct CubeFaceError: Error, CustomStringConvertible {
    /// The face's file, as given.
    public let file: String
    /// The problem.
    public let underlying: any Error

    /// An error.
    ///
    /// - Parameters:
    ///   - file: The face's file.
    ///   - underlying: The problem.
    public init(file: String, underlying: any Error) {
        self.file = file
        self.underlying = underlying
    }

    /// One line naming the face's file once, for example `sky/px.png: cube faces must be square, not 64x32`.
    public var description: String {
        let text = String(describing: underlying)
        return text.hasPrefix("\(file): ") ? text : "\(file): \(text)"
    }
}
