import FileIO
import Foundation
import TextureManifest

/// The JSON files a build writes (its state and its report): sorted keys, indented, non-finite
/// numbers as the strings `inf`, `-inf` and `nan`, written atomically.
enum JSONFile {
    /// Encodes `value` and writes it to `url` atomically.
    /// - Throws: `PipelineError` naming the file when it cannot be written.
    static func write(_ value: some Encodable, to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            try AtomicFileWriter.write(Array(try encoder.encode(value)), to: url)
        } catch let error as FileIOError {
            throw PipelineError(file: error.file, reason: error.reason)
        }
    }
}
