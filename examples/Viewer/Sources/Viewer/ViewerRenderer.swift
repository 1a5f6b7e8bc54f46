import Imaging
import PVRTC
import PVRTCGL

/// Draws one frame of the scene into the window's default framebuffer with pvrc's GL layer.
enum ViewerRenderer {
    /// What is drawn: a face and level of a texture, its size at 1:1, how it blends and how it is stored.
    struct Picture {
        /// The GL texture (the loaded file, the source image or the heat map).
        let texture: GPUTexture
        /// The cube face (0 for a 2D texture).
        let face: Int
        /// The mip level drawn; nil for the single-level source and heat map.
        let level: Int?
        /// Width of the level in pixels.
        let width: Int
        /// Height of the level in pixels.
        let height: Int
        /// How it combines with the background.
        let blend: BlendMode
        /// How its rows and columns are stored.
        let orientation: TextureOrientation
    }

    /// The picture `state` shows; nil when there is nothing to show (no source given, no heat map).
    static func picture(_ scene: ViewerScene, _ state: ViewState) -> Picture? {
        switch state.picture {
        case .texture:
            guard let texture = scene.texture, state.level < scene.levelSizes.count else { return nil }
            let size = scene.levelSizes[state.level]
            return Picture(
                texture: texture.handle, face: state.face, level: state.level, width: size.width, height: size.height,
                blend: scene.isPremultiplied ? .premultipliedAlpha : .straightAlpha, orientation: scene.orientation)
        case .source:
            return scene.source.map {
                Picture(
                    texture: $0.texture, face: 0, level: nil, width: $0.width, height: $0.height,
                    blend: .straightAlpha, orientation: .topDown)
            }
        case .heatmap:
            return scene.heatMap.map {
                Picture(
                    texture: $0.texture, face: 0, level: nil, width: $0.width, height: $0.height, blend: .replace,
                    orientation: .topDown)
            }
        }
    }

    /// Draws the background (checkerboard, black, or transparent black when raw) and the picture, centred, zoomed and panned.
    static func draw(_ scene: ViewerScene, _ state: ViewState, width: Int, height: Int) throws {
        let window = GLFramebuffer.defaultFramebuffer(width: width, height: height)
        if state.raw {
            scene.context.clear(window, to: .transparent)
        } else if state.checkerboard {
            try scene.context.draw(try scene.checkerboard(width: width, height: height), to: window)
        } else {
            scene.context.clear(window, to: ClearColor(red: 0, green: 0, blue: 0, alpha: 1))
        }
        guard let picture = picture(scene, state) else { return }
        let rect = state.rect(
            width: picture.width, height: picture.height, windowWidth: width, windowHeight: height)
        try scene.context.draw(
            picture.texture, to: window, at: rect, blend: state.raw ? .replace : picture.blend, face: picture.face,
            level: picture.level, orientation: picture.orientation)
    }
}
