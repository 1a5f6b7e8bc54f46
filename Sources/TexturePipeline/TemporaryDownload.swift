import Foundation
import TextureManifest

/// An unnamed temporary file a cache download streams into: created in the temporary folder and
/// unlinked at once, so nothing is left behind whatever happens; closed by ``remove()``.
struct TemporaryDownload {
    /// The open, writable descriptor.
    let descriptor: Int32

    /// Creates the file.
    ///
    /// - Throws: `PipelineError` when no temporary file can be created.
    init() throws {
        let folder = FileManager.default.temporaryDirectory.path
        var template = Array("\(folder)/.pvrc-cache-download-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let path = buffer.baseAddress else { return -1 }
            let fd = mkstemp(path)
            if fd >= 0 { unlink(path) }
            return fd
        }
        guard fd >= 0 else {
            throw PipelineError(file: folder, reason: "cannot create a temporary file for a cache download")
        }
        descriptor = fd
    }

    /// Reads the file back.
    ///
    /// - Parameter expectedSize: The size the download was allowed to reach.
    /// - Returns: The bytes.
    /// - Throws: `PipelineError` when the file cannot be read or does not have that size.
    func contents(expectedSize: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: expectedSize)
        var offset = 0
        while offset < expectedSize {
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress.map { $0 + offset }, expectedSize - offset, off_t(offset))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw PipelineError(file: "cache download", reason: "cannot read it back") }
            offset += count
        }
        return bytes
    }

    /// Closes (and so frees) the file.
    func remove() {
        close(descriptor)
    }
}
