import Imaging
import PVRTC
import PVRTCGL

/// Draws one frame of the scene into the window's default framebuffer with pvrc's GL layer.
enum ViewerRenderer {
    /// The picture `state` shows: its texture and size, how it blends and how it is stored.
    static func picture(
        _ scene: ViewerScene, _ state: ViewState
    ) -> (texture: GPUTexture, width: Int, height: Int, blend: BlendMode, orientation: TextureOrientation)? {
        switch state.picture {
        case .texture:
            let size = scene.levelSizes[state.level]
            return (
                scene.textures[state.face][state.level], size.width, size.height,
                scene.isPremultiplied ? .premultipliedAlpha : .straightAlpha, scene.orientation
            )
        case .source:
            return scene.source.map { ($0.texture, $0.width, $0.height, .straightAlpha, .topDown) }
        case .heatmap:
            return scene.heatMap.map { ($0.texture, $0.width, $0.height, .replace, .topDown) }
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
            picture.texture, to: window, at: rect, blend: state.raw ? .replace : picture.blend,
            orientation: picture.orientation)
    }
}
