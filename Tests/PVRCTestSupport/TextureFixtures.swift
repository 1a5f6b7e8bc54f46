import Foundation
import PVRTC
import TextureFormats

/// Writes small PVR files of random blocks into a fresh temporary directory.
package final class TextureFixtures {
    /// The temporary directory the files are written to (removed with the fixtures).
    package let directory: URL
    private var random: SplitMix64

    /// Creates an empty temporary directory; `seed` fixes the random blocks.
    package init(seed: UInt64 = 0x5eed) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("pvrc-loader-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        random = SplitMix64(seed: seed)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A `size` x `size` texture of random blocks with a full mip chain (or one level).
    package func randomTexture(size: Int, mipmaps: Bool = true) throws -> PVRTCTexture {
        let count = mipmaps ? PVRTCTexture.fullChainLength(width: size, height: size) : 1
        var levels: [PVRTCImage] = []
        var side = size
        for _ in 0..<count {
            let bytes = random.bytes(PVRTCImage.byteCount(width: side, height: side))
            levels.append(try PVRTCImage(width: side, height: side, data: bytes))
            side = max(side / 2, 1)
        }
        return try PVRTCTexture(levels: levels, hasAlpha: false)
    }

    /// Writes a random texture as a legacy PVR file named `name` and returns its URL.
    @discardableResult
    package func write(_ name: String, size: Int, mipmaps: Bool = true) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try TextureFile(container: .pvr2, texture: randomTexture(size: size, mipmaps: mipmaps)).write(to: url)
        return url
    }
}
