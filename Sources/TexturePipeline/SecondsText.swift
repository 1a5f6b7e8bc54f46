import Foundation

/// How messages write a number of seconds: whole seconds from 10 s up, one decimal below
/// (`2 s`, `2.5 s`, `1026 s`), never a raw `Double` such as `2.002002716064453 s`.
enum SecondsText {
    /// `seconds` in words.
    ///
    /// - Parameter seconds: A duration in seconds.
    /// - Returns: The rounded number and ` s`.
    static func text(_ seconds: Double) -> String {
        let rounded = seconds >= 10 ? seconds.rounded() : (seconds * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) s" : String(format: "%.1f s", rounded)
    }
}
