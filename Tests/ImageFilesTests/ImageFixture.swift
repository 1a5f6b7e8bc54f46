import Foundation

/// A JPEG or TGA fixture written by `tools/make-jpeg-tga-fixtures.py` and the upright RGBA bytes of
/// the picture it stores (assembled by the script, not by the code under test).
struct ImageFixture: Decodable {
    let width: Int
    let height: Int
    let rgba: [UInt8]

    /// The TGA fixtures, each compared exactly.
    static let tgaNames = [
        "tga-rgb24-bottomup", "tga-rgba32-topdown", "tga-rgb24-rle", "tga-rgba32-rle-topdown", "tga-grey8",
        "tga-grey8-rle", "tga-rgba32-righttoleft",
    ]

    /// The JPEG fixtures, compared within a tolerance (JPEG is lossy).
    static let jpegNames = ["jpeg-rgb", "jpeg-grey", "jpeg-progressive"]

    /// The URL of `NAME.EXT` in the fixture directory.
    static func url(_ name: String, _ ext: String) -> URL {
        PNGFixture.directory.appendingPathComponent("\(name).\(ext)")
    }

    /// The bytes of `NAME.EXT`.
    static func bytes(_ name: String, _ ext: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(name, ext)))
    }

    /// Loads the description `NAME.json`.
    static func load(_ name: String) throws -> ImageFixture {
        try JSONDecoder().decode(ImageFixture.self, from: Data(contentsOf: url(name, "json")))
    }
}
