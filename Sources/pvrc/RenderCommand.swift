import ArgumentParser
import FileIO
import Foundation
import ImageFiles
import Imaging
import PVRTC
import PVRTCGL

extension PVRTCUploadMode: ExpressibleByArgument {}

/// `pvrc render IN OUT.png`: shows a PVRTC texture through the headless GL renderer (no CPU decode)
/// and writes what the GPU drew, upright (top row of the picture first, whatever orientation the file
/// records, as `pvrc decode`).
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract:
            "Render a PVRTC1 or PVRTC2 texture (4bpp or 2bpp) offscreen with OpenGL ES 2.0 and write the read-back as a PNG.",
        discussion: """
            decode-once decodes every level on the GPU into an RGBA8 mip pyramid and samples it \
            (LINEAR_MIPMAP_LINEAR; at the level's own size, that level); direct decodes per fragment from the \
            4bpp or 2bpp blocks, point-sampling one level; native uploads the blocks with \
            glCompressedTexImage2D and needs GL_IMG_texture_compression_pvrtc for PVRTC1 (PowerVR/Apple GPUs) \
            or GL_IMG_texture_compression_pvrtc2 for PVRTC2 (PowerVR GPUs). The PNG is upright whatever \
            orientation the file records. sRGB files are drawn from the stored values (OpenGL ES 2.0 has \
            no sRGB sampling), so the read-back holds the stored sRGB-encoded values, as `pvrc decode` does.
            """
    )

    @Argument(help: "The texture file (PVR v2/v3, KTX, KTX 2, .pvr.ccz, .pvr.gz).")
    var input: String

    @Argument(help: "The PNG to write (must end in .png); replaced atomically.")
    var output: String

    @Option(
        help: "Upload path: decode-once, direct, transcode (to BC1/BC3, or ETC2 without S3TC, on the GPU) or native.")
    var mode = PVRTCUploadMode.decodeOnce

    @Option(help: ArgumentHelp("Output size, e.g. 512x256 (default: the level's size, i.e. 1:1).", valueName: "WxH"))
    var size: RenderSize?

    @Option(
        parsing: .unconditional, help: "The mip level shown at 1:1 (and the one direct mode samples); 0 is the largest."
    )
    var level = 0

    @OptionGroup var limits: PixelLimitOptions

    @Flag(help: "Also render the level at 1:1 and compare it with the CPU decoder; exit 1 on any difference.")
    var check = false

    func validate() throws {
        guard !(check && mode == .transcode) else {
            throw ValidationError(
                "--check compares with the exact CPU decoder; transcode re-encodes to BC1/BC3 or ETC2 (lossy)")
        }
    }

    func run() async throws {
        try await CommandFailure.reporting {
            try checkOutput(output, inputs: [input], requiredExtension: "png")
            let (texture, levelImage) = try readTextureLevel(path: input, level: level, pixelLimit: limits.pixelLimit)
            try limits.check(width: texture.width, height: texture.height, what: "texture", file: input)
            try limits.check(
                width: size?.width ?? levelImage.width, height: size?.height ?? levelImage.height,
                what: "render output", file: input)
            let context: GLContext
            let image: RGBAImage
            let differing: Int?
            do {
                context = try GLContext()
                image = texture.metadata.orientation.upright(
                    try context.render(
                        texture, level: level, mode: mode, width: size?.width, height: size?.height,
                        pixelLimit: limits.pixelLimit))
                differing =
                    check
                    ? try context.countDifferencesFromCPUDecoder(
                        texture, level: level, mode: mode, pixelLimit: limits.pixelLimit)
                    : nil
            } catch let error as GLError {
                throw CommandFailure(file: input, reason: error.description)
            }
            try PNGCodec.write(image, to: URL(fileURLWithPath: output))
            print(
                "\(PrintableText.escaped(output)): \(image.width)x\(image.height) from level \(level) "
                    + "(\(levelImage.width)x\(levelImage.height)), \(uploadDescription(texture, on: context)), "
                    + "\(context.renderer)")
            if let differing {
                guard differing == 0 else {
                    throw CommandFailure(
                        file: input,
                        reason: "GPU render of level \(level) differs from the CPU decoder in \(differing) bytes")
                }
                print("check: level \(level) at 1:1 matches the CPU decoder (0 differing bytes)")
            }
        }
    }
}

extension RenderCommand {
    /// The mode the upload used: "transcode (BC1)", or "decode-once" where a transcode fell back.
    fileprivate func uploadDescription(_ texture: PVRTCTexture, on context: GLContext) -> String {
        let used = context.effectiveMode(mode, for: texture)
        guard used == .transcode, let target = context.transcodeTarget(for: texture) else { return used.rawValue }
        return "\(used.rawValue) (\(target.rawValue.uppercased()))"
    }
}

/// A `WxH` command-line size.
struct RenderSize: ExpressibleByArgument {
    let width: Int
    let height: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else { return nil }
        width = w
        height = h
    }
}
