import Foundation
import ImageFiles
import Imaging
import PVRCTestRequirements
import XCTest

/// Decodes a real image of the image corpus (``TestRequirement/corpusFolder``).
final class PNGCorpusTests: XCTestCase {
    func testCorpusRGBAImageDecodes() throws {
        let image = try PNGCodec.read(from: try TestRequirement.corpusFile("etr_snowy_tree_256_rgba.png"))
        // MANIFEST.tsv: 256x256, RGBA with soft alpha.
        XCTAssertEqual(image.width, 256)
        XCTAssertEqual(image.height, 256)
        XCTAssertTrue(image.hasTransparency)
        var alphaLevels = Set<UInt8>()
        for i in stride(from: 3, to: image.pixels.count, by: 4) { alphaLevels.insert(image.pixels[i]) }
        XCTAssertGreaterThan(alphaLevels.count, 2, "soft alpha has intermediate levels")
        XCTAssertTrue(alphaLevels.contains(255))
    }
}
