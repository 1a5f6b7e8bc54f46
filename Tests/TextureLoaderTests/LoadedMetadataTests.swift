import Foundation
import PVRCTestSupport
import PVRTC
import TextureFormats
import TextureLoader
import XCTest

/// The loader hands out what the file says about its data: orientation, premultiplied alpha, colour space.
final class LoadedMetadataTests: XCTestCase {
    func testLoadedTextureCarriesTheFilesMetadata() async throws {
        let fixtures = try TextureFixtures()
        let glThread = ResourceThread { RecordingUploader() }
        let loader = TextureLoader(glThread: glThread)
        let metadata = TextureMetadata(
            orientation: TextureOrientation(yUp: true), isPremultiplied: true, colorSpace: .srgb)
        var texture = try fixtures.randomTexture(size: 16)
        texture.metadata = metadata
        for container in [TextureContainer.pvr3, .ktx] {
            let url = fixtures.directory.appendingPathComponent("m.\(container.rawValue)")
            try TextureFile(container: container, texture: texture).write(to: url)
            let loaded = try await loader.load(url)
            XCTAssertEqual(loaded.metadata, metadata, "\(container)")
            XCTAssertTrue(loaded.isPremultiplied)
        }
        let plain = try fixtures.write("plain.pvr", size: 16)
        let loaded = try await loader.load(plain)
        XCTAssertFalse(loaded.isPremultiplied)
        XCTAssertEqual(loaded.metadata, TextureMetadata())
        await loader.shutdown()
    }
}
