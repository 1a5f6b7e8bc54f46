import Glibc

/// Writes a file so that readers see either the old file or the complete new one, never a part:
/// the bytes go to a uniquely named temporary file in the destination's directory, which is then
/// renamed over the destination. On any failure the temporary file is removed.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to path: String) throws {
        var template = Array((path + ".tmp-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else {
            throw PNGError.io(file: path, reason: "cannot create a temporary file beside it: \(errorText())")
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
        if let reason = writeAll(bytes, to: fd) {
            failure = "write failed: \(reason)"
        } else if fchmod(fd, 0o644) != 0 {
            failure = "cannot set permissions: \(errorText())"
        }
        if close(fd) != 0, failure == nil {
            failure = "write failed: \(errorText())"
        }
        if failure == nil, rename(temporary, path) != 0 {
            failure = "cannot replace the file: \(errorText())"
        }
        if let failure {
            unlink(temporary)
            throw PNGError.io(file: path, reason: failure)
        }
    }

    /// Writes every byte to `fd`; returns the error text on failure.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        bytes.withUnsafeBytes { raw -> String? in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errorText()
                }
                offset += written
            }
            return nil
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
