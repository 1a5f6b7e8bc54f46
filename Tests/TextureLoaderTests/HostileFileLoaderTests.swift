import Foundation
import Imaging
import PVRCTestSupport
import TextureFormats
import TextureLoader
import XCTest

/// A game whose textures include hostile files goes on: each such load fails with its own typed error
/// (counts that overflow, a lying wrapper, a texture over the pixel limit refused from its header),
/// and the good textures among them load.
final class HostileFileLoaderTests: XCTestCase {
    func testHostileFilesFailTheirOwnLoadsAndTheGameGoesOn() async throws {
        let fixtures = try TextureFixtures(seed: 0x35)
        let glThread = ResourceThread { RecordingUploader() }
        let loader = TextureLoader(glThread: glThread)
        let hostile: [(String, [UInt8])] = [
            ("mips.pvr", HostileTextures.pvr2CubeWithMipCountOverflow()),
            ("surfaces.pvr", HostileTextures.pvr3CubeWithSurfaceOverflow()),
            ("arrays.ktx", HostileTextures.ktxFloatArrayWithOverflow()),
            (
                "lying.pvr.ccz",
                HostileTextures.ccz(
                    HostileTextures.pvr3Header(pixelFormat: HostileTextures.pvr3RGBA8888, width: 64, height: 64),
                    declaredSize: 1_400_000_000)
            ),
            ("cube.ktx2", HostileTextures.ktx2ZstdCube()),
        ]
        var urls: [URL] = []
        for (name, bytes) in hostile {
            let url = fixtures.directory.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            urls.append(url)
        }
        let good = try fixtures.write("good.pvr", size: 64)
        for url in urls {
            do {
                _ = try await loader.load(url)
                XCTFail("\(url.lastPathComponent) loaded")
            } catch let error as TextureLoaderError {
                XCTAssertEqual(error.file, TextureKey.canonicalPath(of: url), "\(error)")
                if url.lastPathComponent == "cube.ktx2" {
                    guard case .exceedsPixelLimit = error else { return XCTFail("\(error)") }
                }
            }
        }
        let texture = try await loader.load(good)
        XCTAssertEqual(texture.width, 64)
        await glThread.shutdown()
    }
}
