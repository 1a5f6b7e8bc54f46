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
    /// quad.vert + pvrtc1.frag, one pixel per fragment.
    private(set) var pvrtc4: PVRTC1Program?
    /// quad.vert + pvrtc1.frag with `PVRC_TILE_ROWS`: four pixels per fragment into four attachments.
    private(set) var pvrtc4TileRows: PVRTC1Program?
    /// quad.vert + pvrtc1.frag with `PVRC_2BPP`: one PVRTC1 2bpp pixel per fragment.
    private(set) var pvrtc2: PVRTC1Program?
    /// quad.vert + pvrtc1.frag with `PVRC_2BPP` and `PVRC_TILE_ROWS`: four 2bpp pixels per fragment.
    private(set) var pvrtc2TileRows: PVRTC1Program?

    /// The texture-sampling program, compiled if needed.
    mutating func textureProgram() throws -> TextureProgram {
        if let texture { return texture }
        let made = try TextureProgram()
        texture = made
        return made
    }

    /// The one-pixel-per-fragment decoding program for `format`, compiled if needed.
    mutating func decodingProgram(for format: PVRTCFormat) throws -> PVRTC1Program {
        switch format {
        case .pvrtc1_4bpp: try cached(\.pvrtc4, preamble: "", name: "pvrtc1 (4bpp)")
        case .pvrtc1_2bpp: try cached(\.pvrtc2, preamble: PVRTC1Program.twoBppPreamble, name: "pvrtc1 (2bpp)")
        case .pvrtc2_4bpp, .pvrtc2_2bpp: throw GLError.formatNotSupported(format)
        }
    }

    /// The four-rows-per-fragment decoding program for `format`, compiled if needed (needs
    /// `GL_EXT_draw_buffers`).
    mutating func tileRowsProgram(for format: PVRTCFormat) throws -> PVRTC1Program {
        switch format {
        case .pvrtc1_4bpp:
            try cached(\.pvrtc4TileRows, preamble: PVRTC1Program.tileRowsPreamble, name: "pvrtc1 (4bpp tile rows)")
        case .pvrtc1_2bpp:
            try cached(
                \.pvrtc2TileRows, preamble: PVRTC1Program.twoBppPreamble + PVRTC1Program.tileRowsPreamble,
                name: "pvrtc1 (2bpp tile rows)")
        case .pvrtc2_4bpp, .pvrtc2_2bpp: throw GLError.formatNotSupported(format)
        }
    }

    /// The decoding program in `slot`, compiled from `pvrtc1.frag` with `preamble` if the slot is empty.
    private mutating func cached(
        _ slot: WritableKeyPath<ProgramCache, PVRTC1Program?>, preamble: String, name: String
    ) throws -> PVRTC1Program {
        if let program = self[keyPath: slot] { return program }
        let made = try PVRTC1Program(preamble: preamble, name: name)
        self[keyPath: slot] = made
        return made
    }

    /// Deletes every compiled program.
    mutating func deleteAll() {
        if let texture { glDeleteProgram(texture.shader.program) }
        if let pvrtc4 { glDeleteProgram(pvrtc4.shader.program) }
        if let pvrtc4TileRows { glDeleteProgram(pvrtc4TileRows.shader.program) }
        if let pvrtc2 { glDeleteProgram(pvrtc2.shader.program) }
        if let pvrtc2TileRows { glDeleteProgram(pvrtc2TileRows.shader.program) }
        texture = nil
        pvrtc4 = nil
        pvrtc4TileRows = nil
        pvrtc2 = nil
        pvrtc2TileRows = nil
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

/// `quad.vert` + `pvrtc1.frag`: the 4bpp or the 2bpp form, each one pixel or (decode-once) four rows per
/// fragment.
struct PVRTC1Program {
    /// Prepended to `pvrtc1.frag` for the tile-rows form (preprocessor lines only, so the
    /// `#extension` still precedes every other token).
    static let tileRowsPreamble = "#define PVRC_TILE_ROWS 1\n#extension GL_EXT_draw_buffers : require\n"
    /// Prepended to `pvrtc1.frag` for the PVRTC1 2bpp form (8x4 blocks, one pixel per fragment).
    static let twoBppPreamble = "#define PVRC_2BPP 1\n"

    let shader: ShaderProgram
    let quad: QuadUniforms
    let colorWords: GLint
    let modulationWords: GLint
    let size: GLint
    let blocks: GLint
    let inverseBlocks: GLint

    /// Compiles `pvrtc1.frag` with `preamble` (preprocessor lines) in front.
    init(preamble: String, name: String) throws {
        shader = try ShaderProgram(
            name: name, vertex: ShaderSources.quadVertex, fragment: preamble + ShaderSources.pvrtc1Fragment)
        quad = QuadUniforms(shader)
        colorWords = shader.uniform("u_colorWords")
        modulationWords = shader.uniform("u_modulationWords")
        size = shader.uniform("u_size")
        blocks = shader.uniform("u_blocks")
        inverseBlocks = shader.uniform("u_inverseBlocks")
    }
}
