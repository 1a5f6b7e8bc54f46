import PVRCTestSupport
import PVRTCSearch
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

/// Issue 35 (D9): overrides are found through an index, not by testing every override against
/// every source, with the same result and order as testing each in turn.
final class OverrideIndexTests: XCTestCase {
    private func manifest(_ patterns: [String]) throws -> BuildManifest {
        let overrides = try patterns.enumerated().map { index, pattern in
            BuildManifest.Override(
                match: GlobPattern(pattern),
                options: try OptionOverrides(["max-size": .integer(index + 1)], file: "m.json"))
        }
        return BuildManifest(
            sourceFolder: URL(fileURLWithPath: "/src"), options: OptionOverrides(), overrides: overrides, name: "m.json"
        )
    }

    /// 10,000 sources, each with its own exact-path override: every source tests one override, not
    /// 10,000 (100,000,000 glob matches took 85–100 s per no-op rebuild).
    func testTenThousandExactOverridesAreFoundByLookup() throws {
        let paths = (0..<10_000).map { "set\($0 % 100)/texture\($0).png" }
        let manifest = try manifest(paths.reversed())
        let base = TextureSettings(options: .init(quality: .fast), container: .pvr2)
        var tested = 0
        var misplaced = 0
        for (index, path) in paths.enumerated() {
            let candidates = manifest.overrideCandidates(for: path)
            tested += candidates.count
            if candidates != [paths.count - 1 - index] { misplaced += 1 }
        }
        XCTAssertEqual(tested, 10_000, "overrides tested for 10,000 sources")
        XCTAssertEqual(misplaced, 0)
        XCTAssertEqual(try manifest.settings(for: paths[42], base: base).options.maxSize, 10_000 - 42)
        XCTAssertEqual(try manifest.settings(for: "other.png", base: base).options.maxSize, nil)
    }

    /// Mixed exact, leading-literal and wildcard patterns over many paths: the indexed overrides
    /// are exactly those that match, in manifest order, and the settings are those of applying
    /// every matching override in turn.
    func testIndexedMatchingAgreesWithTestingEveryOverride() throws {
        let patterns = [
            "ui/**", "ui/button.png", "**/*.png", "terrain/*/grass.png", "ui//button.png", "/ui/icons/star.png",
            "*.png", "ui/icons/*", "[a-z]*/**", "terrain/**", "ui/button.png", "**", "a.png", "u?/**",
            "ui/icons/star.png", "terrain/rock/grass.png", "\\ui/button.png", "", "x/**/y.png",
        ]
        let paths = [
            "a.png", "ui/button.png", "ui/icons/star.png", "terrain/rock/grass.png", "terrain/grass.png",
            "x/y.png", "x/1/2/y.png", "ui//button.png", "UI/button.png", "b.jpg", "deep/a/b/c/d.png",
        ]
        let manifest = try manifest(patterns)
        let base = TextureSettings(options: .init(quality: .fast), container: .pvr2)
        for path in paths {
            let expected = manifest.overrides.indices.filter { manifest.overrides[$0].match.matches(path) }
            let found = manifest.overrideCandidates(for: path).filter { manifest.overrides[$0].match.matches(path) }
            XCTAssertEqual(found, expected, path)
            var settings = base
            for index in expected { settings = try manifest.overrides[index].options.applied(to: settings, file: "m") }
            XCTAssertEqual(try manifest.settings(for: path, base: base).options.maxSize, settings.options.maxSize, path)
        }
        // Replacing the overrides re-indexes them.
        var changed = manifest
        changed.overrides = [BuildManifest.Override(match: GlobPattern("b.jpg"), options: OptionOverrides())]
        XCTAssertEqual(changed.overrideCandidates(for: "b.jpg"), [0])
        XCTAssertEqual(changed.overrideCandidates(for: "a.png"), [])
    }
}
