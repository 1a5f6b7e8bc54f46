import Foundation

/// A path pattern of a manifest override, matched against source paths relative to the source
/// folder: `*` and `?` and `[...]` match within one path segment (as in the shell), `**` as a whole
/// segment matches any number of segments, zero included (`ui/**` matches everything under `ui/`,
/// `**/*_n.png` every file ending in `_n.png`).
///
/// The pattern is compiled once, when it is made: each segment is a literal (compared byte for
/// byte), `**`, or a wildcard segment matched by `fnmatch`.
public struct GlobPattern: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as written.
    public let description: String
    private let segments: [Segment]

    /// One compiled segment.
    private enum Segment: Sendable, Equatable {
        /// No wildcard characters: matches exactly these bytes.
        case literal([UInt8])
        /// `**`: any number of segments.
        case anySegments
        /// A segment with `*`, `?`, `[` or `\`, for `fnmatch`.
        case wildcard(String)
    }

    /// A pattern as written in a manifest.
    ///
    /// - Parameter pattern: Segments separated by `/`.
    public init(_ pattern: String) {
        description = pattern
        segments = Self.segments(of: pattern).map { segment in
            if segment == "**" { return .anySegments }
            if segment.utf8.contains(where: { Self.wildcardBytes.contains($0) }) { return .wildcard(segment) }
            return .literal(Array(segment.utf8))
        }
    }

    /// Whether `path` (relative, `/`-separated) matches the pattern.
    ///
    /// - Parameter path: A source path relative to the source folder.
    /// - Returns: `true` when every segment matches.
    public func matches(_ path: String) -> Bool {
        matches(segments: Self.segments(of: path))
    }

    /// Whether a path split into `parts` (``segments(of:)``) matches the pattern.
    ///
    /// Matched by dynamic programming over (pattern segment, path segment) pairs, so any number of
    /// `**` costs at most segments × segments steps (a recursive matcher backtracks exponentially).
    ///
    /// - Parameter parts: The path's segments.
    /// - Returns: `true` when every segment matches.
    package func matches(segments parts: [String]) -> Bool {
        // reachable[j]: the first i pattern segments can match the first j path segments.
        var reachable = [Bool](repeating: false, count: parts.count + 1)
        reachable[0] = true
        for segment in segments {
            var next = [Bool](repeating: false, count: parts.count + 1)
            switch segment {
            case .anySegments:
                var any = false
                for j in 0...parts.count {
                    any = any || reachable[j]
                    next[j] = any
                }
            case .literal(let bytes):
                for j in 0..<parts.count where reachable[j] && parts[j].utf8.elementsEqual(bytes) {
                    next[j + 1] = true
                }
            case .wildcard(let pattern):
                for j in 0..<parts.count where reachable[j] && fnmatch(pattern, parts[j], 0) == 0 {
                    next[j + 1] = true
                }
            }
            reachable = next
        }
        return reachable[parts.count]
    }

    /// The path every match must equal, when the pattern has no wildcard (segments joined by `/`).
    package var exactPath: [UInt8]? {
        var bytes: [UInt8] = []
        for (index, segment) in segments.enumerated() {
            guard case .literal(let literal) = segment else { return nil }
            if index > 0 { bytes.append(UInt8(ascii: "/")) }
            bytes += literal
        }
        return bytes
    }

    /// The first segment every match must have, when the pattern starts with a literal segment.
    package var firstLiteralSegment: [UInt8]? {
        guard case .literal(let literal) = segments.first else { return nil }
        return literal
    }

    /// The non-empty `/`-separated segments of `path`, as both patterns and paths are split.
    ///
    /// - Parameter path: A pattern or a relative path.
    /// - Returns: Its segments.
    package static func segments(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// Bytes that make a segment a wildcard for `fnmatch` (`\` escapes the next character).
    private static let wildcardBytes: Set<UInt8> = [
        UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "["), UInt8(ascii: "\\"),
    ]
}
