import PVRTC
import PVRTCGL

/// One texture transcoded twice on the same context, labelled linear and then sRGB, with each upload's blocks
/// (every level, read back from the transcoding framebuffer).
struct ColorSpaceTranscodes {
    let linear: GPUTexture
    let linearBlocks: [[UInt8]]
    let srgb: GPUTexture
    let srgbBlocks: [[UInt8]]

    /// Transcodes `texture` labelled linear, then labelled sRGB, on `context`; ``delete(from:)`` frees both.
    init(_ texture: PVRTCTexture, on context: GLContext) throws {
        var labelled = texture
        labelled.metadata.colorSpace = .linear
        (linear, linearBlocks) = try context.uploadTranscode(labelled, keepingBlocks: true)
        labelled.metadata.colorSpace = .srgb
        do {
            (srgb, srgbBlocks) = try context.uploadTranscode(labelled, keepingBlocks: true)
        } catch {
            context.delete(linear)
            throw error
        }
    }

    /// Deletes both uploads.
    func delete(from context: GLContext) {
        context.delete(linear)
        context.delete(srgb)
    }
}
