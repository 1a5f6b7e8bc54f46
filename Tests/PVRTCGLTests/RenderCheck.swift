import Imaging
import PVRTC
import PVRTCGL

/// Renders a texture level at 1:1 and reads it back.
enum RenderCheck {
    static func render(_ texture: PVRTCTexture, level: Int, mode: PVRTCUploadMode, context: GLContext) throws
        -> RGBAImage
    {
        let uploaded = try context.upload(texture, mode: mode)
        defer { context.delete(uploaded) }
        let image = texture.levels[level]
        let target = try context.makeRenderTarget(width: image.width, height: image.height)
        defer { context.delete(target) }
        try context.draw(uploaded, into: target, level: level, clearColor: .transparent)
        return try context.readPixels(target)
    }

    /// Bytes that differ between two images of the same size (all of them when the sizes differ).
    static func differingBytes(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return max(a.pixels.count, b.pixels.count) }
        return a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                var count = 0
                for i in 0..<p.count where p[i] != q[i] { count += 1 }
                return count
            }
        }
    }
}
