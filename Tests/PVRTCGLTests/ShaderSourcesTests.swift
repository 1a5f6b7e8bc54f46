import Foundation
import PVRTCGL
import XCTest

/// The shader sources compiled into the library are byte-identical to the files in `shaders/`
/// (regenerate with `tools/embed-shaders.sh` when this fails).
final class ShaderSourcesTests: XCTestCase {
    private static let shaderDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shaders")

    private func assertEmbedded(_ embedded: String, file name: String) throws {
        let onDisk = try Data(contentsOf: Self.shaderDirectory.appendingPathComponent(name))
        XCTAssertFalse(onDisk.isEmpty)
        XCTAssertEqual(Data(embedded.utf8), onDisk, "ShaderSources is stale for \(name): run tools/embed-shaders.sh")
    }

    func testQuadVertexShaderIsEmbeddedVerbatim() throws {
        try assertEmbedded(ShaderSources.quadVertex, file: "quad.vert")
    }

    func testTextureFragmentShaderIsEmbeddedVerbatim() throws {
        try assertEmbedded(ShaderSources.textureFragment, file: "texture.frag")
    }

    func testPVRTC4FragmentShaderIsEmbeddedVerbatim() throws {
        try assertEmbedded(ShaderSources.pvrtcFragment, file: "pvrtc.frag")
    }

    func testTranscodeFragmentShaderIsEmbeddedVerbatim() throws {
        try assertEmbedded(ShaderSources.transcodeFragment, file: "transcode.frag")
    }

    func testETC2EncoderIsEmbeddedVerbatim() throws {
        try assertEmbedded(ShaderSources.transcodeETC2Fragment, file: "transcode-etc2.frag")
    }

    func testASTCTranscodeFragmentShaderIsEmbeddedVerbatim() throws {
        try assertEmbedded(ShaderSources.astcTranscodeFragment, file: "transcode-astc.frag")
    }
}
