import CSDL2
import Foundation
import ImageFiles
import PVRTCGL

/// Opens the window, loads the file, shows it at the size of the first picture, and closes the window.
func run(_ options: ViewerOptions) throws {
    var state = ViewState()
    (state.level, state.face, state.picture, state.checkerboard, state.raw) = (
        options.level, options.face, options.view, options.checkerboard, options.raw
    )
    // The context the loader shares textures with must exist before the file is loaded, so the window
    // opens at a provisional size and is resized to the picture once the texture is on the GPU.
    let window = try SDLWindow(
        title: "pvrc viewer: \(options.texture.lastPathComponent)", width: 256, height: 256,
        resizable: options.screenshot == nil, alpha: options.raw)
    do {
        try show(options, state: state, in: window)
    } catch {
        window.close()
        throw error
    }
    window.close()
}

/// Loads the texture and checks the chosen level and face against it.
private func loadedScene(_ options: ViewerOptions, state: ViewState) throws -> ViewerScene {
    let scene = try ViewerScene(texture: options.texture, mode: options.mode)
    do {
        try scene.load()
        print("Viewer: \(scene.context.version); \(scene.uploadDescription)")
        guard state.level < scene.levelSizes.count else {
            throw ViewerError.usage("--level \(state.level): the texture has \(scene.levelSizes.count) level(s)")
        }
        guard state.face < scene.faceCount else {
            throw ViewerError.usage("--face \(state.face): the texture has \(scene.faceCount) face(s)")
        }
        if let source = options.source {
            try scene.loadSource(source)
            if let problem = scene.heatMapProblem { print("Viewer: no heat map: \(problem)") }
        }
    } catch {
        scene.close()
        throw error
    }
    return scene
}

/// The frame loop: events, one frame drawn by pvrc into SDL's window, swap; in screenshot mode the
/// picture's 1:1 rectangle is read back before the swap of frame `--frames` and written as a PNG.
func show(_ options: ViewerOptions, state first: ViewState, in window: SDLWindow) throws {
    var state = first
    let scene = try loadedScene(options, state: first)
    defer { scene.close() }
    if let picture = ViewerRenderer.picture(scene, state), window.drawableSize != (picture.width, picture.height) {
        window.resize(width: picture.width, height: picture.height)
    }
    window.press(options.keys)
    var event = SDL_Event()
    var frame = 0
    var running = true
    var needsFrame = true
    func handle(_ event: SDL_Event) {
        switch KeyboardControls.apply(
            event, to: &state, levels: scene.levelSizes.count, faces: scene.faceCount, hasSource: scene.source != nil)
        {
        case .quit: running = false
        case .changed: needsFrame = true
        case .none: break
        }
    }
    while running {
        // Interactive: sleep in SDL until something happens instead of redrawing an unchanged frame.
        if options.screenshot == nil, !needsFrame, SDL_WaitEvent(&event) != 0 { handle(event) }
        while SDL_PollEvent(&event) != 0 { handle(event) }
        guard running else { break }
        if options.screenshot == nil, !needsFrame { continue }
        needsFrame = false
        let size = window.drawableSize
        try ViewerRenderer.draw(scene, state, width: size.width, height: size.height)
        frame += 1
        if let screenshot = options.screenshot, frame >= options.frames {
            guard let picture = ViewerRenderer.picture(scene, state) else {
                throw ViewerError.usage("nothing to take a screenshot of")
            }
            let rect = state.rect(
                width: picture.width, height: picture.height, windowWidth: size.width, windowHeight: size.height)
            let image = try scene.context.readPixels(
                .defaultFramebuffer(width: size.width, height: size.height), rect: rect)
            try PNGCodec.write(image, to: screenshot)
            print("Viewer: wrote \(screenshot.path) (\(image.width)x\(image.height) at 1:1, frame \(frame))")
            running = false
        }
        window.swap()
    }
}
