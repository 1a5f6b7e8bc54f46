import Imaging
import PVRTCEncoding
import TextureFormats
import TextureManifest
import TexturePipeline
import XCTest

final class TextureSettingsTests: XCTestCase {
    private let digest = ContentDigest(ofText: "input")

    func testDigestIsSHA256() {
        // FIPS 180-2 test vector.
        XCTAssertEqual(
            ContentDigest(ofText: "abc").hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func testKeyIgnoresThreadsButNotOptionsOrContainer() throws {
        let base = TextureSettings(options: .init(quality: .fast, threads: 1), container: .pvr2)
        var moreThreads = base
        moreThreads.options.threads = 8
        XCTAssertEqual(try base.cacheKey(input: digest), try moreThreads.cacheKey(input: digest))

        var variants: [TextureSettings] = []
        for change in 0..<6 {
            var settings = base
            switch change {
            case 0: settings.options.quality = .best
            case 1: settings.options.mipmaps = true
            case 2: settings.options.alphaBleed = false
            case 3: settings.options.square = .pad
            case 4: settings.options.pot = .stretch
            default: settings.container = .ktx
            }
            variants.append(settings)
        }
        let keys = try ([base] + variants).map { try $0.cacheKey(input: digest) }
        XCTAssertEqual(Set(keys).count, keys.count, "every option change must change the key")
        XCTAssertNotEqual(try base.cacheKey(input: digest), try base.cacheKey(input: ContentDigest(ofText: "other")))
    }

    func testCanonicalDescriptionNamesEveryOptionFieldAndTheEncoderVersion() throws {
        var settings = TextureSettings(options: .init(square: .pad, pot: .pad), container: .pvr3)
        settings.options.threads = 5
        // Optional fields appear when set (a nil one is absent, which no set value can be confused with).
        settings.options.maxSize = 512
        settings.options.colorSpace = .linear
        let text = try settings.canonicalDescription()
        for field in Mirror(reflecting: settings.options).children.compactMap(\.label) where field != "threads" {
            XCTAssertTrue(text.contains("\"\(field)\""), "\(field) missing from \(text)")
        }
        XCTAssertFalse(text.contains("\"threads\":5"), text)
        XCTAssertTrue(text.contains(PVRTCEncoder.version), text)
        XCTAssertTrue(text.contains("\"container\":\"pvr3\""), text)
    }

    func testOverridesMergeThroughCodableAndAcceptFlagSpelling() throws {
        let base = TextureSettings(options: .init(quality: .fast, mipmaps: false), container: .pvr2)
        let overrides = try OptionOverrides(
            [
                "quality": .string("high"), "alpha-bleed": .bool(false), "mipmaps": .bool(true),
                "format": .string("ktx"),
            ],
            file: "m.json")
        let result = try overrides.applied(to: base, file: "m.json")
        XCTAssertEqual(result.options.quality, .high)
        XCTAssertFalse(result.options.alphaBleed)
        XCTAssertTrue(result.options.mipmaps)
        XCTAssertEqual(result.container, .ktx)
        XCTAssertEqual(result.options.threads, base.options.threads)
    }

    func testOverrideErrorsNameTheManifest() throws {
        XCTAssertThrowsError(try OptionOverrides(["qualty": .string("best")], file: "m.json")) { error in
            XCTAssertTrue(String(describing: error).hasPrefix("m.json: unknown option \"qualty\""), "\(error)")
        }
        let overrides = try OptionOverrides(["quality": .string("ultra")], file: "m.json")
        let base = TextureSettings(options: .init(), container: .pvr2)
        XCTAssertThrowsError(try overrides.applied(to: base, file: "m.json")) { error in
            XCTAssertTrue(String(describing: error).hasPrefix("m.json: bad value for option \"quality\""), "\(error)")
        }
        XCTAssertThrowsError(try OptionOverrides(["format": .string("png")], file: "m.json"))
    }

    func testEncodeArgumentsSpellTheCommandLine() throws {
        let settings = TextureSettings(
            options: .init(quality: .high, threads: 3, mipmaps: true, alphaBleed: false, square: .pad), container: .ktx)
        XCTAssertEqual(
            try EncodeArguments.arguments(for: settings),
            ["--no-alpha-bleed", "--mipmaps", "--quality", "high", "--square", "pad", "--format", "ktx"])
        XCTAssertEqual(
            try EncodeArguments.arguments(for: TextureSettings(options: .init(), container: .pvr2)),
            ["--quality", "best", "--format", "pvr2"])
    }

    /// Options whose flags are not the kebab case of their names, and options that do not change the output.
    func testTextureOptionArgumentsUseTheCommandLineSpelling() throws {
        var options = PVRTCEncoder.Options(quality: .fast, threads: 1)
        options.flipY = true
        options.colorSpace = .srgb
        options.premultiply = true
        options.maxSize = 256
        options.pixelLimit = PixelLimit(maximumPixels: 1024)
        XCTAssertEqual(
            try EncodeArguments.arguments(for: TextureSettings(options: options, container: .pvr3)),
            [
                "--flip", "y", "--colorspace", "srgb", "--max-size", "256", "--premultiply", "--quality", "fast",
                "--format", "pvr3",
            ])
        options.flipX = true
        XCTAssertEqual(
            try EncodeArguments.arguments(for: TextureSettings(options: options, container: .pvr3)).prefix(2),
            ["--flip", "xy"])
    }
}
