import Foundation
import ImageFiles
import PVRCTestSupport
import PVRTC
import TextureFormats
import XCTest

/// PVRTC1 2bpp through the pipeline front ends: a manifest override asks for it, and `pvrc build` and
/// the plugin's tool write exactly what `pvrc encode --bpp 2` writes; `pvrc compare` reads the
/// result as `pvrc decode` decodes it.
final class TwoBppPipelineCommandTests: XCTestCase {
    private let manifestText = #"""
        {"source": "src", "options": {"quality": "fast"},
         "overrides": [{"match": "sky/**", "options": {"bpp": "2", "mipmaps": true}}]}
        """#

    func testManifestOverrideBuildsWhatEncodeWrites() throws {
        let directory = try TemporaryDirectory()
        let sky = try writeImage(directory.path + "/src/sky/clouds.png", seed: 3)
        let ground = try writeImage(directory.path + "/src/ground.png", seed: 4)
        let manifest = directory.path + "/textures.json"
        try Data(manifestText.utf8).write(to: URL(fileURLWithPath: manifest))
        let build = try PVRCProcess.run(["build", manifest, directory.path + "/out", "--quiet"])
        XCTAssertEqual(build.status, 0, build.standardError)

        let twoBpp = try encode(sky, ["--bpp", "2", "--mipmaps"], in: directory)
        let fourBpp = try encode(ground, [], in: directory)
        XCTAssertEqual(try bytes(directory.path + "/out/sky/clouds.pvr"), try bytes(twoBpp))
        XCTAssertEqual(try bytes(directory.path + "/out/ground.pvr"), try bytes(fourBpp))
        let built = try TextureFile.read(from: URL(fileURLWithPath: directory.path + "/out/sky/clouds.pvr")).texture
        XCTAssertEqual(Set(built.levels.map(\.format)), [.pvrtc1_2bpp])
        XCTAssertEqual(built.levels.count, 7)

        let tool = try PVRCProcess.run(
            executable: PVRCProcess.executable(named: "PVRTCTextureTool"),
            [sky, directory.path + "/plugin/clouds.pvr", "--path", "sky/clouds.png", "--manifest", manifest])
        XCTAssertEqual(tool.status, 0, tool.standardError)
        XCTAssertEqual(try bytes(directory.path + "/plugin/clouds.pvr"), try bytes(twoBpp))
    }

    func testCompareReadsA2bppTextureAsDecodeDecodesIt() throws {
        let directory = try TemporaryDirectory()
        let image = try writeImage(directory.path + "/a.png", seed: 5)
        let texture = try encode(image, ["--bpp", "2"], in: directory)
        let decoded = directory.path + "/decoded.png"
        let decode = try PVRCProcess.run(["decode", texture, decoded])
        XCTAssertEqual(decode.status, 0, decode.standardError)
        let figures = try assertCompareReadsTheTextureAsItsDecodedPNG(reference: image, texture: texture, png: decoded)
        XCTAssertEqual(figures["width"] as? Int, 64, "\(figures)")
    }

    private func writeImage(_ path: String, seed: UInt64) throws -> String {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNGCodec.write(PipelineTestImages.noise(width: 64, height: 64, seed: seed, alpha: .mixed), to: url)
        return path
    }

    private func encode(_ image: String, _ options: [String], in directory: TemporaryDirectory) throws -> String {
        let output = directory.path + "/encoded-\(UUID().uuidString).pvr"
        let result = try PVRCProcess.run(["encode", image, output, "--quality", "fast", "--quiet"] + options)
        XCTAssertEqual(result.status, 0, result.standardError)
        return output
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }
}
