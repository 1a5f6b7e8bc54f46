import PVRCTestSupport
import PVRTCEncoding
import TextureManifest
import TexturePipeline
import XCTest

final class BuildManifestTests: XCTestCase {
    func testLaterMatchingOverridesWinOverManifestAndCommandLine() throws {
        let directory = try TemporaryDirectory()
        let manifest = directory.url.appendingPathComponent("textures.json")
        try Data(
            """
            {
              "source": "art",
              "options": { "quality": "normal" },
              "overrides": [
                { "match": "ui/**", "options": { "quality": "best", "alpha-bleed": false } },
                { "match": "terrain/**", "options": { "mipmaps": true } },
                { "match": "ui/icons/*.png", "options": { "quality": "fast", "format": "pvr3" } }
              ]
            }
            """.utf8
        ).write(to: manifest)
        let parsed = try BuildManifest.read(from: manifest)
        XCTAssertEqual(
            parsed.sourceFolder.standardizedFileURL.path,
            directory.url.appendingPathComponent("art").standardizedFileURL.path)
        let base = TextureSettings(options: .init(quality: .fast, mipmaps: false), container: .pvr2)

        let plain = try parsed.settings(for: "props/crate.png", base: base)
        XCTAssertEqual(plain.options.quality, .normal)
        XCTAssertFalse(plain.options.mipmaps)

        let button = try parsed.settings(for: "ui/button.png", base: base)
        XCTAssertEqual(button.options.quality, .best)
        XCTAssertFalse(button.options.alphaBleed)

        let icon = try parsed.settings(for: "ui/icons/star.png", base: base)
        XCTAssertEqual(icon.options.quality, .fast)
        XCTAssertFalse(icon.options.alphaBleed)
        XCTAssertEqual(icon.container, .pvr3)

        let grass = try parsed.settings(for: "terrain/grass.png", base: base)
        XCTAssertTrue(grass.options.mipmaps)
        XCTAssertEqual(grass.options.quality, .normal)
    }

    func testMalformedManifestNamesTheFile() throws {
        let directory = try TemporaryDirectory()
        let manifest = directory.url.appendingPathComponent("bad.json")
        try Data(#"{ "overrides": [ { "match": 3 } ] }"#.utf8).write(to: manifest)
        XCTAssertThrowsError(try BuildManifest.read(from: manifest)) { error in
            XCTAssertTrue(String(describing: error).contains("bad.json: not a valid manifest"), "\(error)")
        }
    }

    func testTheExampleManifestParses() throws {
        let example = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/pvrc-build.json")
        let manifest = try BuildManifest.read(from: example)
        XCTAssertFalse(manifest.overrides.isEmpty)
    }
}
