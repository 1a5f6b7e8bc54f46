import EncodeJobs
import PVRTC
import PVRTCSearch
import TextureManifest
import TexturePipeline
import XCTest

/// The `codec` option through the pipeline: in the cache key (PVRTC1 jobs keep the keys they had before
/// the option existed, PVRTC2 jobs get keys of their own), in manifests and in emitted arguments.
final class CodecPipelineTests: XCTestCase {
    private let digest = ContentDigest(ofText: "input")

    /// Settings, their canonical description and their key, as main's code (commit 0d3e807, before
    /// `codec` existed) computed them for `digest`, with encoder version `pvrc-encoder-2`.
    private let onMain: [(TextureSettings, String, String)] = [
        (
            TextureSettings(options: .init(quality: .fast, threads: 1), container: .pvr2),
            #"{"encoder":"pvrc-encoder-2","options":{"allow-rectangular":false,"alpha-bleed":true,"bpp":null,"colorspace":null,"flip":null,"format":"pvr2","max-size":null,"mipmaps":false,"normal-map":false,"pot":null,"premultiply":false,"quality":"fast","square":null}}"#,
            "209a195b1a07c40f67fdab48c065f767a57bfb66dfd169a7f2f66c837498e4fc"
        ),
        (
            TextureSettings(
                options: .init(mipmaps: true, square: .pad, pot: .stretch, format: .pvrtc1_2bpp), container: .ktx2),
            #"{"encoder":"pvrc-encoder-2","options":{"allow-rectangular":false,"alpha-bleed":true,"bpp":"2","colorspace":null,"flip":null,"format":"ktx2","max-size":null,"mipmaps":true,"normal-map":false,"pot":"stretch","premultiply":false,"quality":"best","square":"pad"}}"#,
            "81d587dda0c4376408b8b3da162b4783e0797fb7d479927b936f3d342f7d3e49"
        ),
        (
            TextureSettings(
                options: .init(quality: .high, premultiply: true, colorSpace: .srgb, maxSize: 512), container: .pvr3),
            #"{"encoder":"pvrc-encoder-2","options":{"allow-rectangular":false,"alpha-bleed":true,"bpp":null,"colorspace":"srgb","flip":null,"format":"pvr3","max-size":512,"mipmaps":false,"normal-map":false,"pot":null,"premultiply":true,"quality":"high","square":null}}"#,
            "700934552ee1e3114816f31d8356d0b60ee4f805fcf91f6ad2300cb9f800f5d9"
        ),
    ]

    /// Each PVRTC1 setting's description is main's, word for word (with this encoder's version), and
    /// so is its key while the encoder version is the one main had; `codec pvrtc1` given explicitly
    /// changes nothing.
    func testPVRTC1KeysAreMainKeys() throws {
        let codec = try XCTUnwrap(EncodingOption.named("codec"))
        for (settings, text, key) in onMain {
            let current = text.replacingOccurrences(of: "pvrc-encoder-2", with: PVRTCEncoder.version)
            XCTAssertEqual(try settings.canonicalDescription(), current)
            XCTAssertEqual(ContentDigest(ofText: "pvrc-texture\n\(digest.hex)\n\(text)").hex, key)
            if PVRTCEncoder.version == "pvrc-encoder-2" {
                XCTAssertEqual(try settings.cacheKey(input: digest).hex, key)
            }
            var job = settings.job
            try codec.set(.word("pvrtc1"), in: &job)
            XCTAssertEqual(
                try TextureSettings(options: job.options, container: job.container).cacheKey(input: digest),
                try settings.cacheKey(input: digest))
        }
    }

    /// PVRTC2 at either rate has a key of its own, which names the codec.
    func testPVRTC2KeysDiffer() throws {
        var keys: Set<ContentDigest> = []
        for format in PVRTCFormat.allCases {
            let settings = TextureSettings(options: .init(quality: .fast, threads: 1, format: format), container: .ktx2)
            XCTAssertTrue(keys.insert(try settings.cacheKey(input: digest)).inserted, "\(format)")
            let text = try settings.canonicalDescription()
            XCTAssertEqual(text.contains(#""codec":"pvrtc2""#), format.isPVRTC2, text)
            XCTAssertEqual(text.contains("codec"), format.isPVRTC2, text)
        }
    }

    /// A manifest's `codec` sets the generation and keeps the rate the settings had.
    func testManifestCodecKeepsTheRate() throws {
        let base = TextureSettings(options: .init(quality: .fast, format: .pvrtc1_2bpp), container: .ktx2)
        let pvrtc2 = try OptionOverrides(["codec": .string("pvrtc2")], file: "m.json").applied(to: base, file: "m.json")
        XCTAssertEqual(pvrtc2.options.format, .pvrtc2_2bpp)
        let back = try OptionOverrides(["codec": .string("pvrtc1")], file: "m.json").applied(to: pvrtc2, file: "m.json")
        XCTAssertEqual(back.options.format, .pvrtc1_2bpp)
        XCTAssertThrowsError(try OptionOverrides(["codec": .string("etc2")], file: "m.json")) {
            XCTAssertTrue("\($0)".hasSuffix("allowed: pvrtc1, pvrtc2"), "\($0)")
        }
    }

    /// Ninja edges and reports pass `--codec pvrtc2` (after `--bpp`, in the table's order) for PVRTC2 only.
    func testEncodeArgumentsNameTheCodecOnlyForPVRTC2() {
        XCTAssertEqual(
            EncodeArguments.arguments(
                for: TextureSettings(options: .init(quality: .fast, format: .pvrtc2_2bpp), container: .ktx2)),
            ["--quality", "fast", "--bpp", "2", "--codec", "pvrtc2", "--format", "ktx2"])
        XCTAssertEqual(
            EncodeArguments.arguments(
                for: TextureSettings(options: .init(quality: .fast, format: .pvrtc1_2bpp), container: .ktx2)),
            ["--quality", "fast", "--bpp", "2", "--format", "ktx2"])
    }
}
