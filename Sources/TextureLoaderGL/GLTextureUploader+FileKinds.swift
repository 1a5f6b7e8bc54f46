import PVRTC
import PVRTCGL
import TextureFormats
import TextureLoader

extension GLTextureUploader {
    /// Uploads `levels` of `content` as a texture of its own (the first of them becomes level 0):
    /// - a PVRTC 2D texture with `GLContext/upload(_:mode:)` in ``mode``;
    /// - a PVRTC cube map as one `GL_TEXTURE_CUBE_MAP` in ``mode`` (`GLContext/upload(_:mode:)`):
    ///   `glCompressedTexImage2D` per face and level (native), or decoded face by face on the GPU
    ///   (decode-once); direct mode has no cube form;
    /// - an uncompressed texture with `glTexImage2D` in its own format and type, whatever ``mode`` is:
    ///   a 2D texture (`GLContext/upload(_:face:levels:)`) or a `GL_TEXTURE_CUBE_MAP`
    ///   (`GLContext/uploadCubeMap(_:levels:)`).
    ///
    /// With ``finishesUploads`` the upload is finished on the GPU before it returns.
    /// - Throws: `GLError` when GL fails or cannot take the content in ``mode`` (`GLError.unsupported`:
    ///   a direct-mode cube map, native PVRTC without the extension, a size over the GL limits);
    ///   `TextureFormatError` for levels out of range.
    public func upload(_ content: TextureContent, levels: Range<Int>) throws -> GPUTexture {
        let texture: GPUTexture
        switch content {
        case .pvrtc(let pvrtc):
            texture = try context.upload(Self.subTexture(pvrtc, levels: levels), mode: mode)
        case .pvrtcCubeMap(let cube):
            texture = try context.upload(Self.subCube(cube, levels: levels), mode: mode)
        case .uncompressed(let description) where description.faceCount == 6:
            texture = try context.uploadCubeMap(description, levels: levels)
        case .uncompressed(let description):
            texture = try context.upload(description, levels: levels)
        }
        if finishesUploads { context.finish() }
        return texture
    }

    /// The GPU bytes an upload of `levels` of `content` allocates: ``mode``'s bytes on this context for PVRTC
    /// (`GLContext/gpuBytes(for:mode:)`: the transcode target's blocks, or decode-once's RGBA8 where the
    /// context cannot transcode; six faces' worth for a cube map), the bytes given to `glTexImage2D` for an
    /// uncompressed texture
    /// (of every face of a cube map).
    /// The same figure `GPUTexture/gpuBytes` reports after the upload.
    public func estimatedGPUBytes(for content: TextureContent, levels: Range<Int>) -> Int {
        switch content {
        case .pvrtc(let texture):
            guard let sub = try? Self.subTexture(texture, levels: levels) else { return 0 }
            return context.gpuBytes(for: sub, mode: mode)
        case .pvrtcCubeMap(let cube):
            guard let sub = try? Self.subCube(cube, levels: levels) else { return 0 }
            return 6 * context.gpuBytes(for: sub.shape, mode: mode)
        case .uncompressed(let description):
            return description.faceCount * levels.reduce(0) { $0 + description.glLevelByteCount(level: $1) }
        }
    }

    /// `levels` of `texture` as a texture whose level 0 is the first of them.
    private static func subTexture(_ texture: PVRTCTexture, levels: Range<Int>) throws -> PVRTCTexture {
        levels == texture.levels.indices
            ? texture
            : try PVRTCTexture(levels: Array(texture.levels[levels]), hasAlpha: texture.hasAlpha)
    }

    /// `levels` of every face of `cube` as a cube map whose level 0 is the first of them.
    private static func subCube(_ cube: PVRTCCubeMap, levels: Range<Int>) throws -> PVRTCCubeMap {
        levels == cube.shape.levels.indices
            ? cube
            : try PVRTCCubeMap(faces: cube.faces.map { try subTexture($0, levels: levels) })
    }
}
