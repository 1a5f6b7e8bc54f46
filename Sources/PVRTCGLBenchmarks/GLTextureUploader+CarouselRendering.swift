import Imaging
import PVRTC
import PVRTCBenchmarks
import PVRTCGL
import TextureFormats
import TextureLoader
import TextureLoaderGL

extension GLTextureUploader: CarouselRendering {
    /// Uploads an RGBA8 image with ``GLContext/upload(_:)``.
    package func upload(_ image: RGBAImage) throws -> GPUTexture {
        try context.upload(image)
    }

    /// Draws the slots into an offscreen target (cleared by the first draw) and calls `glFinish`. A
    /// ``PVRTCUploadMode/direct``
    /// texture is drawn from its first level no larger than the slot (point-sampled decode); other
    /// textures are sampled with their filters.
    package func drawFrame(_ textures: [GPUTexture?], slotSize: Int) throws {
        let width = max(textures.count, 1) * slotSize
        if let target = frameTarget, target.width != width || target.height != slotSize {
            context.delete(target)
            frameTarget = nil
        }
        let target = try frameTarget ?? context.makeRenderTarget(width: width, height: slotSize)
        frameTarget = target
        var clear: ClearColor? = .transparent
        for (slot, texture) in textures.enumerated() {
            guard let texture else { continue }
            var level = 0
            if case .dataTextures(let levels) = texture.storage {
                level = levels.firstIndex { max($0.width, $0.height) <= slotSize } ?? levels.count - 1
            }
            try context.draw(
                texture, into: target, at: PixelRect(x: slot * slotSize, y: 0, width: slotSize, height: slotSize),
                level: level, clearColor: clear)
            clear = nil
        }
        context.finish()
    }
}
