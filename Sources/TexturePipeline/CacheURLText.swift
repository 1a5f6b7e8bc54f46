/// How a cache URL appears in messages: with any `user:password@` replaced by `***@`, so tokens
/// passed in a `--cache` URL never reach a log.
enum CacheURLText {
    /// `text` with the credentials of its URL hidden (`http://u:p@host/x` → `http://***@host/x`).
    ///
    /// - Parameter text: A URL, possibly malformed.
    /// - Returns: The text without credentials.
    static func redacted(_ text: String) -> String {
        guard let scheme = text.range(of: "://") else { return text }
        let authorityEnd =
            text[scheme.upperBound...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? text.endIndex
        guard let at = text[scheme.upperBound..<authorityEnd].lastIndex(of: "@") else { return text }
        return String(text[..<scheme.upperBound]) + "***" + String(text[at...])
    }
}
