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
    /// Matched by dynamic programming over (pattern segment, path segment) pairs, so any number of
    /// `**` costs at most segments × segments steps (a recursive matcher backtracks exponentially).
    ///
    /// - Parameter path: A source path relative to the source folder.
    /// - Returns: `true` when every segment matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        // reachable[j]: the first i pattern segments can match the first j path segments.
        var reachable = [Bool](repeating: false, count: parts.count + 1)
        reachable[0] = true
        for segment in segments {
            var next = [Bool](repeating: false, count: parts.count + 1)
            if segment == "**" {
                var any = false
                for j in 0...parts.count {
                    any = any || reachable[j]
                    next[j] = any
                }
            } else {
                for j in 0..<parts.count where reachable[j] && fnmatch(segment, parts[j], 0) == 0 {
                    next[j + 1] = true
                }
            }
            reachable = next
        }
        return reachable[parts.count]
    }
}
