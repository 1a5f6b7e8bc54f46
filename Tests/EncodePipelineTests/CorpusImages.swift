import Foundation
import ImageFiles
import Imaging
import XCTest

/// The real images of `../shared/corpus`, for the corpus tests of this target.
enum CorpusImages {
    /// `../shared/corpus` beside the repository, or the folder named by `PVRC_CORPUS`
    /// (for checkouts that do not sit beside `shared/`).
    static let folder: URL = {
        if let override = ProcessInfo.processInfo.environment["PVRC_CORPUS"] {
            return URL(fileURLWithPath: override)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("../shared/corpus").standardized
    }()

    /// The corpus PNG at `name` (relative to the corpus folder).
    ///
    /// - Throws: `XCTSkip` naming the path when the image is absent; the PNG reader's errors.
    static func image(_ name: String) throws -> RGBAImage {
        let path = folder.appendingPathComponent(name).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw XCTSkip("corpus image \(path) is absent (set PVRC_CORPUS to the corpus folder)")
        }
        return try PNGCodec.read(from: URL(fileURLWithPath: path))
    }
}
