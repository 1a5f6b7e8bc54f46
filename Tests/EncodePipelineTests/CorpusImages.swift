import Foundation
import ImageFiles
import Imaging
import PVRCTestRequirements
import XCTest

/// The real images of the image corpus (``TestRequirement/corpusFolder``), for the corpus tests of
/// this target.
enum CorpusImages {
    /// The corpus PNG at `name` (relative to the corpus folder).
    ///
    /// - Throws: ``TestRequirement/missing(_:)`` naming the path when the image is absent; the PNG
    ///   reader's errors.
    static func image(_ name: String) throws -> RGBAImage {
        try PNGCodec.read(from: try TestRequirement.corpusFile(name))
    }
}
