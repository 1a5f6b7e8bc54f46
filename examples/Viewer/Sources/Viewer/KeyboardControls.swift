import CSDL2

/// What the keys and the mouse wheel do to the view.
enum KeyboardControls {
    /// What an event asks for.
    enum Action {
        case none
        case changed
        case quit
    }

    /// Applies one SDL event to `state`; `levels` and `faces` bound the level and face, `hasSource`
    /// enables the source and heat-map views.
    static func apply(
        _ event: SDL_Event, to state: inout ViewState, levels: Int, faces: Int, hasSource: Bool
    ) -> Action {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_WINDOWEVENT:
            return .changed
        case SDL_MOUSEWHEEL:
            state.zoom(by: event.wheel.y > 0 ? 1 : -1)
            return .changed
        case SDL_KEYDOWN:
            let step = 32
            switch Int(event.key.keysym.sym) {
            case Int(SDLK_q.rawValue), Int(SDLK_ESCAPE.rawValue): return .quit
            case Int(SDLK_PLUS.rawValue), Int(SDLK_EQUALS.rawValue), Int(SDLK_KP_PLUS.rawValue): state.zoom(by: 1)
            case Int(SDLK_MINUS.rawValue), Int(SDLK_KP_MINUS.rawValue): state.zoom(by: -1)
            case Int(SDLK_0.rawValue): state.reset()
            case Int(SDLK_LEFT.rawValue): state.panX += step
            case Int(SDLK_RIGHT.rawValue): state.panX -= step
            case Int(SDLK_UP.rawValue): state.panY += step
            case Int(SDLK_DOWN.rawValue): state.panY -= step
            case Int(SDLK_RIGHTBRACKET.rawValue): state.level = min(levels - 1, state.level + 1)
            case Int(SDLK_LEFTBRACKET.rawValue): state.level = max(0, state.level - 1)
            case Int(SDLK_f.rawValue): state.face = (state.face + 1) % faces
            case Int(SDLK_t.rawValue): state.picture = .texture
            case Int(SDLK_s.rawValue) where hasSource: state.picture = .source
            case Int(SDLK_h.rawValue) where hasSource: state.picture = .heatmap
            case Int(SDLK_b.rawValue): state.checkerboard.toggle()
            case Int(SDLK_a.rawValue): state.raw.toggle()
            default: return .none
            }
            return .changed
        default:
            return .none
        }
    }
}
