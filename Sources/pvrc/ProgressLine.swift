import Foundation
import PVRTC
import PVRTCSearch

/// A self-overwriting progress line on standard error, shown only when standard error is a terminal.
final class ProgressLine {
    private var lastText = ""

    /// A progress line on stderr, or `nil` when stderr is not a terminal (logs, pipes, CI).
    static func forStandardError() -> ProgressLine? {
        isatty(STDERR_FILENO) == 1 ? ProgressLine() : nil
    }

    /// Shows where an encode has got to.
    func show(_ progress: PVRTCEncoder.Progress) {
        let percent = Int((progress.fraction * 100).rounded(.down))
        let level = min(progress.completedLevels + 1, progress.levelCount)
        let text =
            progress.levelCount == 1
            ? "encoding... \(percent)%"
            : "encoding level \(level)/\(progress.levelCount)... \(percent)%"
        guard text != lastText else { return }
        lastText = text
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    /// Clears the line.
    func finish() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
