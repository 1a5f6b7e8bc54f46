import Foundation
import ImageFiles
import Imaging
import TextureFormats
import XCTest

/// Uncompressed cube maps written by libktx (Fixtures/libktx-cube, see its README): pvrc's reading of
/// every face and level equals the PNG square libktx was given, exactly for RGBA8888 and within one
/// 4-bit step's rounding (8) for RGBA4444, whose small levels have rows padded to 4 bytes.
final class LibKTXCubeTests: XCTestCase {
    private func fixture(_ path: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: "Fixtures/" + path, withExtension: nil) else {
            throw MissingFixture(name: path)
        }
        return url
    }

    /// The `size`-pixel square of `image` at (`x`, `y`).
    private func square(_ image: RGBAImage, x: Int, y: Int, size: Int) throws -> RGBAImage {
        var pixels: [UInt8] = []
        for row in y..<(y + size) {
            let start = (row * image.width + x) * 4
            pixels += image.pixels[start..<(start + size * 4)]
        }
        return try RGBAImage(width: size, height: size, pixels: pixels)
    }

    func testEveryFaceAndLevelIsTheSquareLibktxWasGiven() throws {
        let png = try PNGCodec.read(from: try fixture("cocos2d-objc/test_image.png"))
        for (name, tolerance) in [("cube_rgba8888.ktx", 0), ("cube_rgba4444.ktx", 8)] {
            let description = try TextureFileDescription.read(from: try fixture("libktx-cube/" + name))
            XCTAssertEqual(description.faceCount, 6, name)
            XCTAssertEqual(description.levelCount, 5, name)
            for level in 0..<5 {
                for face in 0..<6 {
                    let expected = try square(png, x: 16 * face, y: 32 + 16 * level, size: 16 >> level)
                    let image = try description.image(level: level, face: face)
                    XCTAssertEqual(image.width, expected.width)
                    let worst = zip(image.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
                    XCTAssertLessThanOrEqual(worst, tolerance, "\(name) face \(face) level \(level)")
                }
            }
        }
    }
}
