import Foundation
import PVRTCGL

/// The command line: the texture to show, an optional source image, the first view and the
/// non-interactive screenshot mode.
struct ViewerOptions {
    /// The texture file (`.pvr`, `.ktx`, `.ktx2`, `.pvr.ccz`, `.pvr.gz`).
    var texture: URL
    /// The image the texture was encoded from (PNG, JPEG or TGA), for the source and heat-map views.
    var source: URL?
    /// Write a 1:1 screenshot of the window here and exit (no key handling).
    var screenshot: URL?
    /// Keys pressed before the first frame (one character per key, e.g. `]]f` for two levels down and
    /// the next face), through SDL's event queue as if typed.
    var keys = ""
    /// Frames drawn before the screenshot is taken.
    var frames = 3
    /// The mip level shown first.
    var level = 0
    /// The cube-map face shown first.
    var face = 0
    /// What is shown first.
    var view = ViewState.Picture.texture
    /// Whether transparent texels show a checkerboard (otherwise black).
    var checkerboard = true
    /// Draw the texture's RGBA as stored (no blending, no checkerboard) into a window with an alpha
    /// channel, so a screenshot holds exactly the texels.
    var raw = false
    /// How the loader uploads PVRTC textures: decode-once (exact) or transcode (re-encoded on the GPU to a
    /// block format the GPU samples; decode-once where the context is not OpenGL ES 3 or takes no target).
    var mode = PVRTCUploadMode.decodeOnce

    static let usage = """
        usage: Viewer TEXTURE [--source IMAGE] [--level N] [--face N] [--view texture|source|heatmap]
                              [--no-checkerboard] [--raw] [--keys KEYS] [--mode decode-once|transcode]
                              [--screenshot FILE.png [--frames N]]
        keys: +/- or wheel zoom, arrows pan, 0 reset, [ ] mip level, F face, T texture, S source,
              H heat map, B checkerboard, A raw RGBA (no blending), Q/Esc quit
        """

    /// Parses the arguments after the program name.
    /// - Throws: ``ViewerError/usage(_:)`` naming the problem.
    init(arguments: [String]) throws {
        var texture: URL?
        var index = 0
        func value(_ flag: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw ViewerError.usage("\(flag) needs a value") }
            return arguments[index]
        }
        func number(_ flag: String, minimum: Int) throws -> Int {
            let text = try value(flag)
            guard let number = Int(text), number >= minimum else {
                throw ViewerError.usage("\(flag) needs a whole number of at least \(minimum), got \(text)")
            }
            return number
        }
        self.texture = URL(fileURLWithPath: "")
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--source": source = URL(fileURLWithPath: try value(argument))
            case "--screenshot": screenshot = URL(fileURLWithPath: try value(argument))
            case "--frames": frames = try number(argument, minimum: 1)
            case "--level": level = try number(argument, minimum: 0)
            case "--face": face = try number(argument, minimum: 0)
            case "--no-checkerboard": checkerboard = false
            case "--raw": raw = true
            case "--mode":
                let name = try value(argument)
                guard let mode = PVRTCUploadMode(rawValue: name), [.decodeOnce, .transcode].contains(mode) else {
                    throw ViewerError.usage("--mode must be decode-once or transcode, got \(name)")
                }
                self.mode = mode
            case "--keys":
                keys = try value(argument)
                guard keys.allSatisfy({ $0.isASCII && !$0.isLetter || ("a"..."z").contains($0) }) else {
                    throw ViewerError.usage("--keys takes lower-case letters and symbols, got \(keys)")
                }
            case "--view":
                let name = try value(argument)
                guard let picture = ViewState.Picture(rawValue: name) else {
                    throw ViewerError.usage("--view must be texture, source or heatmap, got \(name)")
                }
                view = picture
            case "-h", "--help": throw ViewerError.usage(nil)
            default:
                guard !argument.hasPrefix("-") else { throw ViewerError.usage("unknown option \(argument)") }
                guard texture == nil else { throw ViewerError.usage("one texture file only, got \(argument) too") }
                texture = URL(fileURLWithPath: argument)
            }
            index += 1
        }
        guard let texture else { throw ViewerError.usage("no texture file given") }
        self.texture = texture
        if view != .texture, source == nil { throw ViewerError.usage("--view \(view.rawValue) needs --source") }
    }
}
