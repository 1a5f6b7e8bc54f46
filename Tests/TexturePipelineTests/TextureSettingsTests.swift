import Imaging
import PVRTCEncoding
import TextureEncoding
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
        for change in 0..<7 {
            var settings = base
            switch change {
            case 0: settings.options.quality = .best
            case 1: settings.options.mipmaps = true
            case 2: settings.options.alphaBleed = false
            case 3: settings.options.square = .pad
            case 4: settings.options.pot = .stretch
            case 5: settings.options.format = .pvrtc1_2bpp
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
        settings.options.format = .pvrtc1_2bpp
        let text = try settings.canonicalDescription()
        for field in Mirror(reflecting: settings.options).children.compactMap(\.label) where field != "threads" {
            // The format is stored as `storedFormat` (nil for 4bpp) under the key `format`.
            let key = field == "storedFormat" ? "format" : field
            XCTAssertTrue(text.contains("\"\(key)\""), "\(key) missing from \(text)")
        }
        XCTAssertFalse(text.contains("\"threads\":5"), text)
        XCTAssertTrue(text.contains(PVRTCEncoder.version), text)
        XCTAssertTrue(text.contains("\"container\":\"pvr3\""), text)
    }

    func testOverridesMergeThroughTheOptionTableWithFlagSpelling() throws {
        let base = TextureSettings(options: .init(quality: .fast, mipmaps: false), container: .pvr2)
        let overrides = try OptionOverrides(
            [
                "quality": .string("high"), "alpha-bleed": .bool(false), "mipmaps": .bool(true),
                "format": .string("ktx"), "colorspace": .string("srgb"), "flip": .string("xy"),
                "max-pixels": .integer(4096), "max-size": .integer(64),
            ],
            file: "m.json")
        XCTAssertEqual(overrides.warnings, [])
        let result = try overrides.applied(to: base, file: "m.json")
        XCTAssertEqual(result.options.quality, .high)
        XCTAssertFalse(result.options.alphaBleed)
        XCTAssertTrue(result.options.mipmaps)
        XCTAssertEqual(result.options.colorSpace, .srgb)
        XCTAssertTrue(result.options.flipX && result.options.flipY)
        XCTAssertEqual(result.options.pixelLimit, PixelLimit(maximumPixels: 4096))
        XCTAssertEqual(result.options.maxSize, 64)
        XCTAssertEqual(result.container, .ktx)
        XCTAssertEqual(result.options.threads, base.options.threads)
    }

    /// Every option of the table is a manifest key, spelled as its flag (issue 21 item 5).
    func testEveryFlagIsAManifestKey() throws {
        for option in EncodingOption.all {
            let value: JSONValue
            switch option.kind {
            case .flag: value = .bool(true)
            case .choice(let words): value = .string(words[words.count - 1])
            case .integer(let minimum): value = .integer(minimum + 1)
            }
            XCTAssertNoThrow(try OptionOverrides([option.name: value], file: "m.json"), option.name)
        }
    }

    /// The old camel-case spellings still work, each with a warning naming the new key.
    func testOldSpellingsAreAliasesWithAWarning() throws {
        let overrides = try OptionOverrides(
            [
                "alphaBleed": .bool(false), "colorSpace": .string("linear"), "flipY": .bool(true),
                "pixelLimit": .object(["maximumPixels": .integer(100)]), "normalMap": .bool(true),
            ],
            file: "m.json")
        XCTAssertEqual(overrides.warnings.count, 5, "\(overrides.warnings)")
        XCTAssertTrue(
            overrides.warnings.contains("m.json: option \"colorSpace\" is now spelled \"colorspace\""),
            "\(overrides.warnings)")
        let result = try overrides.applied(to: TextureSettings(options: .init(), container: .pvr3), file: "m.json")
        XCTAssertFalse(result.options.alphaBleed)
        XCTAssertEqual(result.options.colorSpace, .linear)
        XCTAssertTrue(result.options.flipY)
        XCTAssertFalse(result.options.flipX)
        XCTAssertTrue(result.options.normalMap)
        XCTAssertEqual(result.options.pixelLimit, PixelLimit(maximumPixels: 100))
    }

    func testOverrideErrorsNameTheManifestAndTheAllowedValues() throws {
        XCTAssertThrowsError(try OptionOverrides(["qualty": .string("best")], file: "m.json")) { error in
            XCTAssertTrue(String(describing: error).hasPrefix("m.json: unknown option \"qualty\""), "\(error)")
        }
        XCTAssertThrowsError(try OptionOverrides(["quality": .string("ultra")], file: "m.json")) { error in
            XCTAssertEqual(
                String(describing: error),
                "m.json: bad value for option \"quality\": \"ultra\"; allowed: "
                    + PVRTCEncoder.Quality.allCases.map(\.rawValue).joined(separator: ", "))
        }
        XCTAssertThrowsError(try OptionOverrides(["max-size": .integer(0)], file: "m.json")) { error in
            XCTAssertTrue(String(describing: error).contains("at least 1"), "\(error)")
        }
        XCTAssertThrowsError(try OptionOverrides(["mipmaps": .string("yes")], file: "m.json")) { error in
            XCTAssertTrue(String(describing: error).hasSuffix("allowed: true, false"), "\(error)")
        }
        XCTAssertThrowsError(try OptionOverrides(["format": .string("png")], file: "m.json"))
    }

    func testEncodeArgumentsSpellTheCommandLine() throws {
        let settings = TextureSettings(
            options: .init(quality: .high, threads: 3, mipmaps: true, alphaBleed: false, square: .pad), container: .ktx)
        XCTAssertEqual(
            EncodeArguments.arguments(for: settings),
            ["--no-alpha-bleed", "--mipmaps", "--quality", "high", "--square", "pad", "--format", "ktx"])
        XCTAssertEqual(
            EncodeArguments.arguments(for: TextureSettings(options: .init(), container: .pvr2)),
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
            EncodeArguments.arguments(for: TextureSettings(options: options, container: .pvr3)),
            [
                "--flip", "y", "--colorspace", "srgb", "--max-size", "256", "--premultiply", "--quality", "fast",
                "--format", "pvr3",
            ])
        options.flipX = true
        XCTAssertEqual(
            EncodeArguments.arguments(for: TextureSettings(options: options, container: .pvr3)).prefix(2),
            ["--flip", "xy"])
    }
}
