import Imaging
import PVRTC

extension GLContext {
    /// Uploads `texture` in `mode`, draws it over a whole `width` x `height` target and reads the
    /// result back (row 0 = top = first texture row); every GL object is deleted again.
    ///
    /// At the level's own size the output is that level, decoded exactly: ``PVRTCUploadMode/direct``
    /// decodes `level` point-sampled, ``PVRTCUploadMode/decodeOnce`` and ``PVRTCUploadMode/transcode`` draw
    /// that level of their pyramid (the
    /// mipmap rules would blend two levels where the chain's sizes do not halve exactly, as in
    /// non-power-of-two PVRTC2 chains), ``PVRTCUploadMode/native`` samples its mip pyramid, whose LOD at
    /// that size is `level`. At other sizes direct mode point-samples `level` and the others filter
    /// normally.
    /// - Parameters:
    ///   - texture: the texture to upload and draw.
    ///   - level: the level shown at its own size (and the one direct mode samples).
    ///   - mode: how the blocks are uploaded.
    ///   - width: output width; the level's width when nil.
    ///   - height: output height; the level's height when nil.
    ///   - pixelLimit: the most pixels the texture's level 0 and the output may have; checked before
    ///     anything is uploaded or allocated.
    /// - Throws: `PixelLimitError` for a texture or output over `pixelLimit`; ``GLError/unsupported(_:)``
    ///   for a level the texture lacks; other ``GLError``s from GL.
    public func render(
        _ texture: PVRTCTexture, level: Int = 0, mode: PVRTCUploadMode,
        width: Int? = nil, height: Int? = nil, pixelLimit: PixelLimit = .standard
    ) throws -> RGBAImage {
        activate()
        guard texture.levels.indices.contains(level) else {
            throw GLError.unsupported("level \(level) requested but the texture has \(texture.levels.count) level(s)")
        }
        try pixelLimit.check(width: texture.width, height: texture.height, what: "texture")
        try pixelLimit.check(
            width: width ?? texture.levels[level].width, height: height ?? texture.levels[level].height,
            what: "render output")
        let uploaded = try upload(texture, mode: mode)
        defer { delete(uploaded) }
        let target = try makeRenderTarget(
            width: width ?? texture.levels[level].width,
            height: height ?? texture.levels[level].height)
        defer { delete(target) }
        let oneToOne =
            target.width == texture.levels[level].width && target.height == texture.levels[level].height
        let framebuffer = GLFramebuffer(name: target.framebuffer, width: target.width, height: target.height)
        clear(framebuffer, to: .transparent)
        let drawnLevel = uploaded.mode == .direct || (uploaded.mode != .native && oneToOne) ? level : nil
        try draw(uploaded, to: framebuffer, level: drawnLevel)
        return try readPixels(target)
    }

    /// Renders `level` at 1:1 in `mode` and counts the bytes that differ from the CPU decoder's
    /// output (`PVRTCDecoder.decode(_:threads:)`); 0 means the GPU path is bit-exact.
    /// - Parameters:
    ///   - texture: the texture to render.
    ///   - level: the level compared at 1:1.
    ///   - mode: the upload path.
    ///   - pixelLimit: as for ``render(_:level:mode:width:height:pixelLimit:)``.
    public func countDifferencesFromCPUDecoder(
        _ texture: PVRTCTexture, level: Int = 0,
        mode: PVRTCUploadMode, pixelLimit: PixelLimit = .standard
    ) throws -> Int {
        let rendered = try render(texture, level: level, mode: mode, pixelLimit: pixelLimit)
        let reference = PVRTCDecoder.decode(texture.levels[level], threads: Parallel.processorCount)
        return rendered.pixels.withUnsafeBufferPointer { a in
            reference.pixels.withUnsafeBufferPointer { b in
                var count = 0
                for i in 0..<a.count where a[i] != b[i] { count += 1 }
                return count
            }
        }
    }
}
