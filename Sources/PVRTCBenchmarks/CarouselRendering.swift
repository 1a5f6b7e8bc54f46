import Imaging
import PVRTC
import TextureFormats
import TextureLoader

/// What the carousel benchmark draws with: the loader's uploads, plus RGBA uploads for the PNG
/// strategy and drawing a frame of slots. Called only on the GL thread.
package protocol CarouselRendering: TextureUploading {
    /// Uploads a decoded image (the PNG strategy).
    func upload(_ image: RGBAImage) throws -> Handle
    /// Draws one frame: `textures[i]` scaled into slot `i` of a row of `slotSize`-pixel squares (an
    /// empty slot stays clear), then waits for the GPU to finish.
    func drawFrame(_ textures: [Handle?], slotSize: Int) throws
}
