import CGLES2
import PVRTC
import TextureFormats

extension GLContext {
    /// Transcodes every level of `texture` into `target` with the GPU transcoder of
    /// ``PVRTCUploadMode/transcode`` and reads the blocks back, without making a GL texture of them: the
    /// blocks of every level in `target`'s ``TranscodeTarget/ktx2Format``, with the texture's size and metadata
    /// (what `pvrc transcode` writes to a file). The blocks hold the colour values the words decode to, so an
    /// sRGB texture gives blocks to be sampled through the target's sRGB form. `effort` picks the encoder:
    /// ``TranscodeEffort/thorough`` by default, for files; uploads use ``TranscodeEffort/fast``.
    /// - Throws: ``GLError/unsupported(_:)`` when the context is not OpenGL ES 3, lacks `target`'s extension
    ///   (``TranscodeTarget/isTaken(by:)``) or is smaller than the texture; ``GLError`` when GL fails.
    public func transcode(
        _ texture: PVRTCTexture, to target: TranscodeTarget, effort: TranscodeEffort = .thorough
    ) throws -> KTX2BlockTexture {
        try transcode(faces: [texture], to: target, effort: effort)
    }

    /// As ``transcode(_:to:effort:)-(PVRTCTexture,_,_)``, for every face of every level of `cubeMap`.
    public func transcode(
        _ cubeMap: PVRTCCubeMap, to target: TranscodeTarget, effort: TranscodeEffort = .thorough
    ) throws -> KTX2BlockTexture {
        try transcode(faces: cubeMap.faces, to: target, effort: effort)
    }

    /// The blocks of every level of `faces` (one texture, or the six faces of a cube map sharing size, levels
    /// and metadata), level by level.
    private func transcode(
        faces: [PVRTCTexture], to target: TranscodeTarget, effort: TranscodeEffort
    ) throws -> KTX2BlockTexture {
        activate()
        let shape = faces[0]
        if let reason = transcodeRefusal(for: target) { throw GLError.unsupported(reason) }
        try checkSize(shape.width, shape.height)
        let scratch = try TranscodeScratch(
            context: self, target: target, effort: effort, width: shape.width, height: shape.height)
        defer { scratch.delete() }
        var levels: [[[UInt8]]] = []
        for index in shape.levels.indices {
            levels.append(
                try faces.map { face in
                    try drawBlocks(face.levels[index], scratch: scratch)
                    return try readBlocks(of: face.levels[index], scratch: scratch)
                })
        }
        return try KTX2BlockTexture(
            format: target.ktx2Format, width: shape.width, height: shape.height, metadata: shape.metadata,
            levels: levels)
    }
}
