import CGLES2
import Imaging
import PVRTC
import TextureFormats

extension GLContext {
    /// True when ``PVRTCUploadMode/transcode`` can upload a texture with alpha (`hasAlpha`) or without:
    /// the context is OpenGL ES 3 and has an extension of a ``TranscodeTarget`` row that fits, or of
    /// ``requestedTranscodeTarget`` when one is requested.
    public func supportsTranscoding(hasAlpha: Bool) -> Bool {
        isES3OrLater && chosenTarget(hasAlpha: hasAlpha) != nil
    }

    /// The block format ``PVRTCUploadMode/transcode`` gives `texture` on this context: the
    /// ``requestedTranscodeTarget`` if the context takes it, else ``TranscodeTarget/preferred(extensions:hasAlpha:)``;
    /// nil when the context is not OpenGL ES 3 or takes none of them, so that the upload falls back to
    /// decode-once.
    public func transcodeTarget(for texture: PVRTCTexture) -> TranscodeTarget? {
        guard isES3OrLater else { return nil }
        return chosenTarget(hasAlpha: texture.hasAlpha)
    }

    /// Why this context cannot transcode into `target` (it is not OpenGL ES 3 or later, or has none of the
    /// target's extensions), in one sentence; `nil` when it can.
    public func transcodeRefusal(for target: TranscodeTarget) -> String? {
        guard isES3OrLater else { return "transcoding needs OpenGL ES 3; \(renderer) offers \(version)" }
        guard target.isTaken(by: extensions) else {
            let names = TranscodeTarget.preferenceTable.filter { $0.target == target }.flatMap(\.extensions)
            return "\(renderer) cannot take \(target.rawValue) blocks: it has none of \(names.joined(separator: ", "))"
        }
        return nil
    }

    /// The requested target if the context takes it, else the table's choice for a texture with or without
    /// alpha (nil where there is none).
    private func chosenTarget(hasAlpha: Bool) -> TranscodeTarget? {
        guard let requestedTranscodeTarget else {
            return TranscodeTarget.preferred(extensions: extensions, hasAlpha: hasAlpha)
        }
        return requestedTranscodeTarget.isTaken(by: extensions) ? requestedTranscodeTarget : nil
    }

    /// True when the context has the sRGB forms of the S3TC formats (``TranscodeTarget/srgbExtensions``),
    /// which a BC1/BC3 texture whose metadata says sRGB gets. Without them it gets the linear form, and
    /// samples its stored bytes unconverted, as decode-once's RGBA8 texture does. (ETC2's sRGB forms are
    /// core in OpenGL ES 3.0, and ASTC's come with its extension: ``TranscodeTarget/hasSRGBForm(extensions:)``.)
    public var supportsSRGBTranscoding: Bool { TranscodeTarget.srgbExtensions.contains(where: extensions.contains) }

    /// The mode an upload of `texture` in `mode` really uses: ``PVRTCUploadMode/decodeOnce`` for
    /// ``PVRTCUploadMode/transcode`` on a context without a target (``transcodeTarget(for:)``), `mode` otherwise.
    public func effectiveMode(_ mode: PVRTCUploadMode, for texture: PVRTCTexture) -> PVRTCUploadMode {
        mode == .transcode && transcodeTarget(for: texture) == nil ? .decodeOnce : mode
    }

    /// The GPU bytes an upload of `texture` in `mode` allocates on this context (what ``GPUTexture/gpuBytes``
    /// reports after it): ``PVRTCUploadMode/gpuBytes(for:transcodingInto:)`` with this context's
    /// ``transcodeTarget(for:)`` (the target's blocks for a transcode upload, decode-once's RGBA8 where the
    /// context has no target).
    public func gpuBytes(for texture: PVRTCTexture, mode: PVRTCUploadMode) -> Int {
        mode.gpuBytes(for: texture, transcodingInto: transcodeTarget(for: texture))
    }

    /// Compiles the transcoding programs of every PVRTC format for the targets this context transcodes into
    /// (the ``requestedTranscodeTarget``, or those it prefers with and without alpha), so that later timings see
    /// a warm context (``prepare()`` leaves them to first use: they only serve transcode uploads and take longest
    /// to compile).
    public func prepareTranscoding() throws {
        activate()
        guard isES3OrLater else { return }
        let targets = Set([false, true].compactMap { chosenTarget(hasAlpha: $0) })
        for format in PVRTCFormat.allCases { _ = try programs.decodingProgram(for: format) }
        for target in targets { _ = try programs.transcodingProgram(into: target, effort: .fast) }
    }

    /// Transcodes every level of `texture` into ``transcodeTarget(for:)`` (one 2D texture; see
    /// ``PVRTCUploadMode/transcode``), or uploads it decode-once when the context has no target.
    ///
    /// A texture whose metadata says sRGB gets the target's sRGB form where the context has it
    /// (``TranscodeTarget/hasSRGBForm(extensions:)``). Levels
    /// are sampled with `LINEAR_MIPMAP_LINEAR` when there are several (`GL_TEXTURE_MAX_LEVEL` is the
    /// last, so a chain that stops early is complete), `LINEAR` otherwise.
    func uploadTranscode(_ texture: PVRTCTexture) throws -> GPUTexture {
        try uploadTranscode(texture, keepingBlocks: false).texture
    }

    /// As `upload(_:mode:)` in ``PVRTCUploadMode/transcode``, into ``transcodeTarget(for:)`` (the
    /// ``requestedTranscodeTarget`` where the context takes it); with `keepingBlocks` the block bytes of every
    /// level are read back into memory as well, from the framebuffer the pixel-pack buffer was filled from
    /// (for tests that decode them on the CPU). No blocks come back from a decode-once fallback.
    /// - Throws: ``GLError/unsupported(_:)`` for sizes above `GL_MAX_TEXTURE_SIZE`; ``GLError`` when GL fails.
    package func uploadTranscode(
        _ texture: PVRTCTexture, keepingBlocks: Bool
    ) throws -> (texture: GPUTexture, blocks: [[UInt8]]) {
        activate()
        try checkSize(texture.width, texture.height)
        guard let target = transcodeTarget(for: texture) else {
            return (try upload(texture, mode: .decodeOnce), [])
        }
        let name = makeTexture(
            filter: GLenum(GL_LINEAR),
            minFilter: GLenum(texture.levels.count > 1 ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR))
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLES3.textureMaxLevel, GLint(texture.levels.count - 1))
        let internalFormat = GLenum(target.internalFormat(srgb: wantsSRGB(texture.metadata, in: target)))
        var blocks: [[UInt8]] = []
        do {
            let scratch = try TranscodeScratch(
                context: self, target: target, effort: .fast, width: texture.width, height: texture.height)
            defer { scratch.delete() }
            for (index, level) in texture.levels.enumerated() {
                let words = try transcode(
                    level, into: name, image: GLenum(GL_TEXTURE_2D), mipLevel: index, internalFormat: internalFormat,
                    scratch: scratch, keepingBlocks: keepingBlocks)
                if let words { blocks.append(words) }
            }
        } catch {
            var doomed = name
            glDeleteTextures(1, &doomed)
            throw error
        }
        let uploaded = GPUTexture(
            width: texture.width, height: texture.height, levelCount: texture.levels.count, mode: .transcode,
            storage: .texture(name), gpuBytes: target.byteCount(for: texture), transcodeTarget: target,
            transcodedFormat: internalFormat)
        return (uploaded, blocks)
    }

    /// Transcodes every face of every level of `cubeMap` into one `GL_TEXTURE_CUBE_MAP` of
    /// ``transcodeTarget(for:)``'s format, or uploads it decode-once when the context has no target.
    func uploadTranscodeCube(_ cubeMap: PVRTCCubeMap) throws -> GPUTexture {
        let shape = cubeMap.shape
        guard let target = transcodeTarget(for: shape) else { return try upload(cubeMap, mode: .decodeOnce) }
        let levelCount = shape.levels.count
        let name = makeCubeTexture(minFilter: GLenum(levelCount > 1 ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR))
        glTexParameteri(GLenum(GL_TEXTURE_CUBE_MAP), GLES3.textureMaxLevel, GLint(levelCount - 1))
        let internalFormat = GLenum(target.internalFormat(srgb: wantsSRGB(shape.metadata, in: target)))
        do {
            let scratch = try TranscodeScratch(
                context: self, target: target, effort: .fast, width: shape.width, height: shape.height)
            defer { scratch.delete() }
            for index in 0..<levelCount {
                for (faceIndex, face) in cubeMap.faces.enumerated() {
                    _ = try transcode(
                        face.levels[index], into: name, image: Self.cubeFaceTarget(faceIndex), mipLevel: index,
                        internalFormat: internalFormat, scratch: scratch, keepingBlocks: false)
                }
            }
        } catch {
            var doomed = name
            glDeleteTextures(1, &doomed)
            throw error
        }
        return GPUTexture(
            width: shape.width, height: shape.height, levelCount: levelCount, mode: .transcode,
            storage: .texture(name), gpuBytes: 6 * target.byteCount(for: shape), faceCount: 6,
            transcodeTarget: target, transcodedFormat: internalFormat)
    }

    /// Whether a texture with `metadata` gets the sRGB form of `target`.
    private func wantsSRGB(_ metadata: TextureMetadata, in target: TranscodeTarget) -> Bool {
        metadata.colorSpace == .srgb && target.hasSRGBForm(extensions: extensions)
    }

    /// Transcodes one level into mip level `mipLevel` of image `image` (`GL_TEXTURE_2D` or a cube face) of
    /// texture `name`:
    /// 1. ``drawBlocks(_:scratch:)`` decodes the level and draws its blocks into the scratch integer render
    ///    target;
    /// 2. `glReadPixels` copies them into the scratch pixel-pack buffer, which is then bound as the
    ///    pixel-unpack buffer for `glCompressedTexImage2D` from offset 0: the blocks never reach the CPU.
    /// - Returns: with `keepingBlocks`, the block bytes read once more into memory; nil otherwise.
    private func transcode(
        _ level: PVRTCImage, into name: GLuint, image: GLenum, mipLevel: Int, internalFormat: GLenum,
        scratch: TranscodeScratch, keepingBlocks: Bool
    ) throws -> [UInt8]? {
        let target = scratch.target
        let byteCount = target.byteCount(width: level.width, height: level.height)
        try drawBlocks(level, scratch: scratch)
        glBindBuffer(GLES3.pixelPackBuffer, scratch.pixelBuffer)
        let (blocksWide, blocksHigh) = target.blockCounts(width: level.width, height: level.height)
        glReadPixels(
            0, 0, GLsizei(blocksWide), GLsizei(blocksHigh), GLenum(target.readFormat), GLenum(GL_UNSIGNED_INT), nil)
        glBindBuffer(GLES3.pixelPackBuffer, 0)
        try check("glReadPixels (transcoded blocks into the pixel-pack buffer)")
        let kept = keepingBlocks ? try readBlocks(of: level, scratch: scratch) : nil
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)

        glBindTexture(GLenum(image == GLenum(GL_TEXTURE_2D) ? GL_TEXTURE_2D : GL_TEXTURE_CUBE_MAP), name)
        glBindBuffer(GLES3.pixelUnpackBuffer, scratch.pixelBuffer)
        glCompressedTexImage2D(
            image, GLint(mipLevel), internalFormat, GLsizei(level.width), GLsizei(level.height), 0,
            GLsizei(byteCount), nil)
        glBindBuffer(GLES3.pixelUnpackBuffer, 0)
        try check("glCompressedTexImage2D (\(target.rawValue) from the pixel-unpack buffer)")
        return kept
    }

    /// Draws `level`'s blocks in `scratch`'s target: `pvrtc.frag` decodes the level into the scratch RGBA8
    /// texture as decode-once decodes a level (its words go up as data textures, deleted afterwards), then the
    /// target's transcoding program draws one fragment per target block
    /// (``TranscodeTarget/blockCounts(width:height:)``) from those pixels into the scratch render target, whose
    /// framebuffer stays bound.
    func drawBlocks(_ level: PVRTCImage, scratch: TranscodeScratch) throws {
        try decode(level, into: scratch.decodedTexture, mipLevel: 0, framebuffer: scratch.decodeFramebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), scratch.framebuffer)
        let (blocksWide, blocksHigh) = scratch.target.blockCounts(width: level.width, height: level.height)
        glViewport(0, 0, GLsizei(blocksWide), GLsizei(blocksHigh))
        let program = try programs.transcodingProgram(into: scratch.target, effort: scratch.effort)
        glUseProgram(program.shader.program)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), scratch.decodedTexture)
        glUniform1i(program.decoded, 0)
        glUniform2f(program.size, Float(level.width), Float(level.height))
        try drawQuad(program.quad, position: (-1, -1, 1, 1))
    }

    /// The block bytes of `level` that ``drawBlocks(_:scratch:)`` drew, read from the bound framebuffer
    /// into memory (row of blocks 0, the level's top, first).
    func readBlocks(of level: PVRTCImage, scratch: TranscodeScratch) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: scratch.target.byteCount(width: level.width, height: level.height))
        let (blocksWide, blocksHigh) = scratch.target.blockCounts(width: level.width, height: level.height)
        bytes.withUnsafeMutableBytes { buffer in
            glReadPixels(
                0, 0, GLsizei(blocksWide), GLsizei(blocksHigh), GLenum(scratch.target.readFormat),
                GLenum(GL_UNSIGNED_INT), buffer.baseAddress)
        }
        try check("glReadPixels (transcoded blocks into memory)")
        return bytes
    }
}
