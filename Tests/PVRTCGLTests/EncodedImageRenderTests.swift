import Foundation
import ImageFiles
import Imaging
import PVRCTestRequirements
import PVRTC
import PVRTCGL
import PVRTCSearch
import XCTest

/// Real images encoded by pvrc's own encoder, with full mip chains, render on the GPU exactly as the
/// CPU decodes them: every level, both shader modes, zero differing bytes.
final class EncodedImageRenderTests: XCTestCase {
    private static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func assertEveryLevelExact(_ image: RGBAImage, name: String) throws {
        let context = try SharedContext.get()
        let levels = MipChain.build(from: image, colorSpace: .srgb)
        let texture = try PVRTCEncoder.encodeSynchronously(levels, options: .init(quality: .fast, threads: 2))
        XCTAssertEqual(texture.levels.count, PVRTCTexture.fullChainLength(width: image.width, height: image.height))
        for mode in [PVRTCUploadMode.decodeOnce, .direct] {
            for (index, level) in texture.levels.enumerated() {
                let rendered = try RenderCheck.render(texture, level: index, mode: mode, context: context)
                XCTAssertEqual(
                    RenderCheck.differingBytes(rendered, PVRTCDecoder.decode(level, threads: 2)), 0,
                    "\(name) level \(index) \(mode)")
            }
        }
    }

    /// The repository's example texture (a soft-alpha sprite from the corpus).
    func testExampleSpriteWithMipsRendersExactly() throws {
        let path = Self.repositoryRoot.appendingPathComponent("examples/snowy-tree-256-rgba.png").path
        try assertEveryLevelExact(try PNGCodec.read(from: URL(fileURLWithPath: path)), name: "snowy-tree-256-rgba.png")
    }

    /// An opaque photo-like corpus texture (see ``TestRequirement`` when the corpus is missing).
    func testOpaqueCorpusTextureWithMipsRendersExactly() throws {
        let url = try TestRequirement.corpusFile("etr_pebbles04_256.png")
        try assertEveryLevelExact(try PNGCodec.read(from: url), name: "etr_pebbles04_256.png")
    }
}
