/// A problem with a batch build as a whole or with one of its files: a bad manifest, a source folder
/// that cannot be listed, two sources that would write the same output, a state or report file that
/// cannot be written.
public struct PipelineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file the problem concerns, as the user named it.
    public var file: String
    /// What is wrong, in one line.
    public var reason: String

    /// A problem with `file`.
    ///
    /// - Parameters:
    ///   - file: The file the problem concerns, as the user named it.
    ///   - reason: What is wrong, in one line.
    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    /// `FILE: REASON`.
    public var description: String { "\(file): \(reason)" }
}
