import CGLES2
import PVRTC

/// A linked GL program with its uniform locations looked up by name.
struct ShaderProgram {
    /// The GL program name.
    let program: GLuint
    /// The location of the `a_corner` attribute (bound to 0 before linking).
    static let cornerAttribute: GLuint = 0

    /// Compiles `vertex` and `fragment` and links them.
    /// - Throws: ``GLError/shaderCompilation(name:log:)`` with the driver's log.
    init(name: String, vertex: String, fragment: String) throws {
        let vs = try ShaderProgram.compile(GLenum(GL_VERTEX_SHADER), source: vertex, name: "\(name) vertex shader")
        defer { glDeleteShader(vs) }
        let fs = try ShaderProgram.compile(
            GLenum(GL_FRAGMENT_SHADER), source: fragment, name: "\(name) fragment shader")
        defer { glDeleteShader(fs) }
        let program = glCreateProgram()
        glAttachShader(program, vs)
        glAttachShader(program, fs)
        glBindAttribLocation(program, ShaderProgram.cornerAttribute, "a_corner")
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked != 0 else {
            let log = ShaderProgram.log(program, length: glGetProgramiv, read: glGetProgramInfoLog)
            glDeleteProgram(program)
            throw GLError.shaderCompilation(name: name, log: log)
        }
        self.program = program
    }

    /// The location of uniform `name` (-1 when the linker removed it).
    func uniform(_ name: String) -> GLint { glGetUniformLocation(program, name) }

    private static func compile(_ type: GLenum, source: String, name: String) throws -> GLuint {
        let shader = glCreateShader(type)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled != 0 else {
            let log = ShaderProgram.log(shader, length: glGetShaderiv, read: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw GLError.shaderCompilation(name: name, log: log)
        }
        return shader
    }

    private static func log(
        _ object: GLuint,
        length: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        read: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var size: GLint = 0
        length(object, GLenum(GL_INFO_LOG_LENGTH), &size)
        guard size > 1 else { return "(no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(size))
        read(object, size, nil, &buffer)
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self).trimmingTrailingWhitespace
    }
}

extension String {
    fileprivate var trimmingTrailingWhitespace: String {
        var s = Substring(self)
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}

/// The programs a context draws with, compiled on first use.
struct ProgramCache {
    /// quad.vert + texture.frag.
    private(set) var texture: TextureProgram?
    /// quad.vert + pvrtc.frag, by format and form (one pixel or four rows per fragment).
    private var decoding: [DecodingKey: PVRTCProgram] = [:]
    /// quad.vert + transcode.frag (GLSL ES 3.00), by target and effort.
    private var transcoding: [TranscodeProgram.Key: TranscodeProgram] = [:]

    /// Which compiled form of `pvrtc.frag` a program is.
    private struct DecodingKey: Hashable {
        let format: PVRTCFormat
        let tileRows: Bool
    }

    /// The texture-sampling program, compiled if needed.
    mutating func textureProgram() throws -> TextureProgram {
        if let texture { return texture }
        let made = try TextureProgram()
        texture = made
        return made
    }

    /// The one-pixel-per-fragment decoding program for `format`, compiled if needed.
    mutating func decodingProgram(for format: PVRTCFormat) throws -> PVRTCProgram {
        try cached(DecodingKey(format: format, tileRows: false))
    }

    /// The four-rows-per-fragment decoding program for `format`, compiled if needed (needs
    /// `GL_EXT_draw_buffers`).
    mutating func tileRowsProgram(for format: PVRTCFormat) throws -> PVRTCProgram {
        try cached(DecodingKey(format: format, tileRows: true))
    }

    /// The decoding program for `key`, compiled from `pvrtc.frag` with the key's preamble if not yet made.
    private mutating func cached(_ key: DecodingKey) throws -> PVRTCProgram {
        if let program = decoding[key] { return program }
        let preamble =
            PVRTCProgram.preamble(for: key.format) + (key.tileRows ? PVRTCProgram.tileRowsPreamble : "")
        let name = "\(key.format.displayName)\(key.tileRows ? " tile rows" : "")"
        let made = try PVRTCProgram(preamble: preamble, name: name)
        decoding[key] = made
        return made
    }

    /// The program that encodes a decoded level into `target`'s blocks with `effort`'s encoder, compiled if
    /// needed (needs OpenGL ES 3).
    mutating func transcodingProgram(into target: TranscodeTarget, effort: TranscodeEffort) throws -> TranscodeProgram {
        let key = TranscodeProgram.Key(target: target, effort: effort)
        if let program = transcoding[key] { return program }
        let made = try TranscodeProgram(target: target, effort: effort)
        transcoding[key] = made
        return made
    }

    /// Deletes every compiled program.
    mutating func deleteAll() {
        if let texture { glDeleteProgram(texture.shader.program) }
        for program in decoding.values { glDeleteProgram(program.shader.program) }
        for program in transcoding.values { glDeleteProgram(program.shader.program) }
        texture = nil
        decoding = [:]
        transcoding = [:]
    }
}

/// The quad placement uniforms shared by both programs.
struct QuadUniforms {
    let position: GLint
    let texCoord: GLint

    init(_ shader: ShaderProgram) {
        position = shader.uniform("u_position")
        texCoord = shader.uniform("u_texCoord")
    }
}

/// `quad.vert` + `texture.frag`.
struct TextureProgram {
    let shader: ShaderProgram
    let quad: QuadUniforms
    let texture: GLint

    init() throws {
        shader = try ShaderProgram(
            name: "texture", vertex: ShaderSources.quadVertex,
            fragment: ShaderSources.textureFragment)
        quad = QuadUniforms(shader)
        texture = shader.uniform("u_texture")
    }
}

/// `quad.vert` + `transcode.frag` (GLSL ES 3.00) for one target: encodes the blocks of a level that the
/// decoding program has drawn into an RGBA8 texture, one target block per fragment.
struct TranscodeProgram {
    /// What a program is compiled for.
    struct Key: Hashable {
        let target: TranscodeTarget
        let effort: TranscodeEffort
    }

    let shader: ShaderProgram
    let quad: QuadUniforms
    /// The decoded level's sampler.
    let decoded: GLint
    /// The level's width and height in pixels.
    let size: GLint

    /// Compiles `transcode.frag` with `target`'s and `effort`'s defines and the target's encoder file
    /// (``TranscodeTarget/encoderSource``).
    init(target: TranscodeTarget, effort: TranscodeEffort) throws {
        let version = "#version 300 es\n"
        shader = try ShaderProgram(
            name: "transcode to \(target.rawValue.uppercased()) (\(effort.rawValue))",
            vertex: version + ShaderSources.quadVertex,
            fragment: version + target.shaderDefine + effort.shaderDefine(for: target) + ShaderSources.transcodeFragment
                + target.encoderSource)
        quad = QuadUniforms(shader)
        decoded = shader.uniform("u_decoded")
        size = shader.uniform("u_size")
        // Program state, set once: the block's pixel count, a uniform that keeps the encoders' loops rolled.
        glUseProgram(shader.program)
        glUniform1i(shader.uniform("u_blockPixelCount"), 16)
    }
}

/// `quad.vert` + `pvrtc.frag`: one source for every format (PVRTC1 and PVRTC2, 4bpp and 2bpp, chosen by
/// preprocessor lines in front of it), each one pixel or (decode-once) four rows per fragment.
struct PVRTCProgram {
    /// Prepended to `pvrtc.frag` for the tile-rows form (preprocessor lines only, so the
    /// `#extension` still precedes every other token).
    static let tileRowsPreamble = "#define PVRC_TILE_ROWS 1\n#extension GL_EXT_draw_buffers : require\n"
    /// Prepended to `pvrtc.frag` for the 2bpp forms (8x4 blocks).
    static let twoBppPreamble = "#define PVRC_2BPP 1\n"
    /// Prepended to `pvrtc.frag` for the PVRTC2 forms (colour word, hard transitions, punch-through).
    static let pvrtc2Preamble = "#define PVRC_PVRTC2 1\n"

    /// The preprocessor lines that select `format`'s decoder in `pvrtc.frag`.
    static func preamble(for format: PVRTCFormat) -> String {
        switch format {
        case .pvrtc1_4bpp: return ""
        case .pvrtc1_2bpp: return twoBppPreamble
        case .pvrtc2_4bpp: return pvrtc2Preamble
        case .pvrtc2_2bpp: return pvrtc2Preamble + twoBppPreamble
        }
    }

    let shader: ShaderProgram
    let quad: QuadUniforms
    let colorWords: GLint
    let modulationWords: GLint
    let size: GLint
    let blocks: GLint
    let inverseBlocks: GLint

    /// Compiles `pvrtc.frag` with `preamble` (preprocessor lines) in front.
    init(preamble: String, name: String) throws {
        try self.init(name: name, vertex: ShaderSources.quadVertex, fragment: preamble + ShaderSources.pvrtcFragment)
    }

    /// Compiles and links `vertex` and `fragment`, a fragment shader built on `pvrtc.frag` (its uniforms).
    init(name: String, vertex: String, fragment: String) throws {
        shader = try ShaderProgram(name: name, vertex: vertex, fragment: fragment)
        quad = QuadUniforms(shader)
        colorWords = shader.uniform("u_colorWords")
        modulationWords = shader.uniform("u_modulationWords")
        size = shader.uniform("u_size")
        blocks = shader.uniform("u_blocks")
        inverseBlocks = shader.uniform("u_inverseBlocks")
    }
}
