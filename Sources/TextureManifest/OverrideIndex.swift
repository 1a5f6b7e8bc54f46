/// The overrides of a manifest, indexed so that finding those that match a path does not test every
/// override: patterns without wildcards are found by a dictionary lookup of the path, wildcard
/// patterns that start with a literal segment by a lookup of the path's first segment, and only
/// the remaining wildcard patterns (`**/…`, `*.png`, …) are tested for every path. The index only
/// narrows the overrides down; each one it names is still matched by ``GlobPattern``, so the result
/// and its order are those of testing every override in turn.
package struct OverrideIndex: Sendable {
    /// Overrides whose pattern has no wildcard, by the path they name (segments joined by `/`).
    private var exact: [[UInt8]: [Int]] = [:]
    /// Wildcard overrides whose first segment is literal, by that segment.
    private var byFirstSegment: [[UInt8]: [Int]] = [:]
    /// Every other wildcard override.
    private var others: [Int] = []

    /// The index of `patterns` (override `i` has pattern `patterns[i]`).
    ///
    /// - Parameter patterns: The overrides' patterns, in manifest order.
    package init(_ patterns: [GlobPattern]) {
        for (index, pattern) in patterns.enumerated() {
            if let path = pattern.exactPath {
                exact[path, default: []].append(index)
            } else if let first = pattern.firstLiteralSegment {
                byFirstSegment[first, default: []].append(index)
            } else {
                others.append(index)
            }
        }
    }

    /// The overrides that may match a path split into `segments`, in manifest order: a superset of
    /// those that match, each still to be matched.
    ///
    /// - Parameter segments: The path's segments (`GlobPattern.segments(of:)`).
    /// - Returns: Override indices, ascending.
    package func candidates(for segments: [String]) -> [Int] {
        let path = Array(segments.joined(separator: "/").utf8)
        var found = exact[path] ?? []
        if let first = segments.first { found += byFirstSegment[Array(first.utf8)] ?? [] }
        guard !found.isEmpty else { return others }
        return (found + others).sorted()
    }
}
