import Foundation

/// A path pattern of a manifest override, matched against source paths relative to the source
/// folder: `*` and `?` and `[...]` match within one path segment (as in the shell), `**` as a whole
/// segment matches any number of segments, zero included (`ui/**` matches everything under `ui/`,
/// `**/*_n.png` every file ending in `_n.png`).
public struct GlobPattern: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as written.
    public let description: String
    private let segments: [String]

    /// A pattern as written in a manifest.
    ///
    /// - Parameter pattern: Segments separated by `/`.
    public init(_ pattern: String) {
        description = pattern
        segments = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// Whether `path` (relative, `/`-separated) matches the pattern.
    ///
    /// - Parameter path: A source path relative to the source folder.
    /// - Returns: `true` when every segment matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        return Self.match(segments[...], parts[...])
    }

    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            var remaining = path
            while true {
                if match(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let segment = path.first, fnmatch(first, segment, 0) == 0 else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }
}
