import Imaging
import PVRTC
import TextureFormats

/// Shared by the description fuzz targets: the path the loader, `decode`, `info`, `compare` and
/// `render` read every file through. The input is forced into one container's signature, described
/// under a 1 Mpixel limit, and whatever describes is then unpacked as those front ends would: every
/// level and face to RGBA (the PVRTC decoder, the uncompressed unpacking), the GL upload layout of
/// uncompressed levels, the cube map of six PVRTC faces, and the PVRTC texture the container's strict
/// reader makes of the same bytes. Any violated invariant traps, which libFuzzer reports as a crash.
enum DescriptionFuzzing {
    /// The pixel limit the targets read under (4 MiB of RGBA per level).
    static let pixelLimit = PixelLimit(maximumPixels: 1 << 20)

    /// Describes `bytes` as `container` and unpacks whatever describes.
    static func run(_ bytes: [UInt8], container: TextureContainer) {
        let input = ContainerFuzzing.forcingSignature(bytes, of: container)
        guard let description = try? TextureFileDescription.parse(input, file: "fuzz", pixelLimit: pixelLimit) else {
            return
        }
        precondition(description.width * description.height <= pixelLimit.maximumPixels)
        _ = (description.details, description.metadata, description.formatCode)
        precondition(description.metadata.count <= TextureFileDescription.maximumMetadataLines + 1)
        for level in 0..<description.levelCount {
            for face in 0..<description.faceCount {
                guard let image = try? description.image(level: level, face: face) else { continue }
                precondition(image.width == max(description.width >> level, 1))
                precondition(image.height == max(description.height >> level, 1))
                if description.pvrtcFormat == nil, let gl = try? description.glLevel(level: level, face: face) {
                    precondition(gl.width == image.width && gl.height == image.height)
                    precondition(gl.isConverted ? gl.pixels == image.pixels : gl.pixels.count <= image.pixels.count)
                }
            }
        }
        if description.faceCount == 6, let cube = try? PVRTCCubeMap(description) {
            precondition(cube.faces.count == 6 && cube.shape.levels.count == description.levelCount)
        }
        if let file = try? description.pvrtcFile() {
            precondition(file.texture.width == description.width && file.texture.height == description.height)
            precondition(file.texture.levels.count == description.levelCount)
            for level in 0..<description.levelCount {
                let decoded = PVRTCDecoder.decode(file.texture.levels[level], threads: 1)
                precondition(
                    (try? description.image(level: level)) == decoded,
                    "the description and the container's reader decode level \(level) differently")
            }
        }
    }
}
