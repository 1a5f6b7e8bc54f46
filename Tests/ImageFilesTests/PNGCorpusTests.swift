import Foundation
import ImageFiles
import Imaging
import XCTest

/// Decodes a real image of the shared corpus (`../shared/corpus` beside the repository).
final class PNGCorpusTests: XCTestCase {
    func testCorpusRGBAImageDecodes() throws {
        let corpus = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus")
        let path = corpus.appendingPathComponent("etr_snowy_tree_256_rgba.png").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw XCTSkip("corpus not found at \(corpus.path)")
        }
        let image = try PNGCodec.read(from: URL(fileURLWithPath: path))
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
