import Foundation
import PVRTC
import PVRTCBenchmarks
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

    /// A `size` x `size` texture of random blocks in `format` with a full mip chain (or one level).
    package func randomTexture(
        size: Int, mipmaps: Bool = true, format: PVRTCFormat = .pvrtc1_4bpp, hasAlpha: Bool = false
    ) throws -> PVRTCTexture {
        let count = mipmaps ? PVRTCTexture.fullChainLength(width: size, height: size) : 1
        var levels: [PVRTCImage] = []
        var side = size
        for _ in 0..<count {
            let bytes = random.bytes(format.byteCount(width: side, height: side))
            levels.append(try PVRTCImage(width: side, height: side, data: bytes, format: format))
            side = max(side / 2, 1)
        }
        return try PVRTCTexture(levels: levels, hasAlpha: hasAlpha)
    }

    /// A cube map of six different random `size` x `size` faces in `format`, each with a full mip chain.
    package func randomCubeMap(size: Int, format: PVRTCFormat) throws -> PVRTCCubeMap {
        try PVRTCCubeMap(faces: (0..<6).map { _ in try randomTexture(size: size, format: format, hasAlpha: true) })
    }

    /// Writes a random texture as a legacy PVR file named `name` and returns its URL.
    @discardableResult
    package func write(_ name: String, size: Int, mipmaps: Bool = true) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try TextureFile(container: .pvr2, texture: randomTexture(size: size, mipmaps: mipmaps)).write(to: url)
        return url
    }
}
