import Foundation

/// Identifies one cached texture: a file's canonical path and the options it was loaded with.
///
/// The path is canonical (absolute, `.`/`..` removed, symbolic links resolved) so that different
/// spellings of one file share a cache entry. Textures loaded from bytes in memory have the
/// caller's name instead, as `memory:NAME` (never a file's path, which starts with `/`).
public struct TextureKey: Hashable, Sendable, CustomStringConvertible {
    /// The canonical path of the file, or `memory:NAME` for bytes loaded from memory.
    public let path: String
    /// The options the texture is uploaded with.
    public let options: TextureLoadOptions

    /// Builds the key of `url` loaded with `options`, resolving the path against the file system.
    public init(url: URL, options: TextureLoadOptions = TextureLoadOptions()) {
        self.path = TextureKey.canonicalPath(of: url)
        self.options = options
    }

    /// Builds the key of texture bytes in memory that the caller names `name`
    /// (``TextureLoader/load(_:named:options:)``).
    public init(name: String, options: TextureLoadOptions = TextureLoadOptions()) {
        self.path = "memory:" + name
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
