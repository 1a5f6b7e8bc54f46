import Foundation

/// Identifies one cached texture: a file's canonical path and the options it was loaded with.
///
/// The path is canonical (absolute, `.`/`..` removed, symbolic links resolved) so that different
/// spellings of one file share a cache entry.
public struct TextureKey: Hashable, Sendable, CustomStringConvertible {
    /// The canonical path of the file.
    public let path: String
    /// The options the texture is uploaded with.
    public let options: TextureLoadOptions

    /// Builds the key of `url` loaded with `options`, resolving the path against the file system.
    public init(url: URL, options: TextureLoadOptions = TextureLoadOptions()) {
        self.path = TextureKey.canonicalPath(of: url)
        self.options = options
    }

    /// The canonical form of a file URL's path: standardised, with symbolic links resolved (a path
    /// that does not exist is only standardised).
    public static func canonicalPath(of url: URL) -> String {
        url.standardizedFileURL.resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// The canonical path.
    public var description: String { path }
}
