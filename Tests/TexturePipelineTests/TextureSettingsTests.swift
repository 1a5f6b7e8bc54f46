import EncodeJobs
import Foundation
import Imaging
import PVRTCSearch
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

    func testEveryValueOfEveryOptionInTheSchemaDecidesTheKeyExactlyWhenItChangesTheOutput() throws {
        let base = TextureSettings(options: .init(quality: .fast, threads: 1), container: .pvr2)
        let baseKey = try base.cacheKey(input: digest)
        var keys: [ContentDigest: String] = [baseKey: "defaults"]
        for option in EncodingOption.all {
            for value in Self.values(of: option) {
                var job = base.job
                try option.set(value, in: &job)
                // Values that mean the default (`bpp` 4, no `format`) read back as the default.
                guard option.value(in: job) != option.value(in: base.job) else { continue }
                let key = try TextureSettings(options: job.options, container: job.container).cacheKey(input: digest)
                if option.changesOutput {
                    let other = keys.updateValue("\(option.name)=\(value)", forKey: key)
                    XCTAssertNil(other, "\(option.name)=\(value) has the key of \(other ?? "")")
                } else {
                    XCTAssertEqual(key, baseKey, "\(option.name)=\(value) must not change the key")
                }
            }
        }
        XCTAssertNotEqual(baseKey, try base.cacheKey(input: ContentDigest(ofText: "other")))
        let text = try base.canonicalDescription()
        XCTAssertTrue(text.contains(PVRTCEncoder.version), text)
        XCTAssertTrue(text.contains("\"format\":\"pvr2\""), text)
    }

    /// The plugin's tool keys its cache with its own executable's digest as well: another encoder
    /// gives another key, and no encoder leaves `pvrc build`'s key as it was.
    func testAnEncoderDigestJoinsTheKey() throws {
        let settings = TextureSettings(options: .init(quality: .fast, threads: 1), container: .pvr2)
        let plain = try settings.cacheKey(input: digest)
        let canonical = try settings.canonicalDescription()
        XCTAssertEqual(plain, ContentDigest(ofText: "pvrc-texture\n\(digest.hex)\n\(canonical)"))
        let tool = try settings.cacheKey(input: digest, encoder: ContentDigest(ofText: "tool"))
        XCTAssertNotEqual(tool, plain)
        XCTAssertNotEqual(tool, try settings.cacheKey(input: digest, encoder: ContentDigest(ofText: "other tool")))
        XCTAssertEqual(tool, try settings.cacheKey(input: digest, encoder: ContentDigest(ofText: "tool")))
    }

    func testEveryFieldOfTheEncoderOptionsIsReachedByTheSchema() throws {
        // An options field that no schema entry sets would stay out of the command line, manifests,
        // ninja edges, reports and the cache key: each field must change for some option's value.
        let defaults = try Self.fields(of: EncodeOptions())
        var reached: Set<String> = []
        for option in EncodingOption.all {
            for value in Self.values(of: option) {
                var job = EncodeJob(container: .pvr2)
                try option.set(value, in: &job)
                let fields = try Self.fields(of: job.options)
                reached.formUnion(fields.keys.filter { fields[$0] != defaults[$0] })
            }
        }
        // The format is stored as `storedFormat` under the key `format`.
        let all = Set(
            Mirror(reflecting: EncodeOptions()).children.compactMap(\.label).map {
                $0 == "storedFormat" ? "format" : $0
            })
        XCTAssertEqual(all.subtracting(reached), [], "fields no encoding option sets")
    }

    /// Every value an option allows (two numbers for a numeric one), and no value for optional ones.
    private static func values(of option: EncodingOption) -> [EncodingOptionValue] {
        let given: [EncodingOptionValue]
        switch option.kind {
        case .flag: given = [.flag(true), .flag(false)]
        case .choice(let words): given = words.map(EncodingOptionValue.word)
        case .integer(let minimum): given = [.integer(minimum), .integer(minimum + 63)]
        }
        return option.isOptional ? [.none] + given : given
    }

    /// The options' fields as their JSON form spells them, each value as JSON text.
    private static func fields(of options: EncodeOptions) throws -> [String: String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let object = try JSONSerialization.jsonObject(with: encoder.encode(options)) as? [String: Any] ?? [:]
        return try object.mapValues {
            String(
                decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .fragmentsAllowed]),
                as: UTF8.self)
        }
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
        var options = EncodeOptions(quality: .fast, threads: 1)
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
