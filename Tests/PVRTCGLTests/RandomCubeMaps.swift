import PVRTC
import TextureFormats

extension RandomBlocks {
    /// A cube map of six faces of random blocks, each face of another ``BlockKind`` and seed (so no two
    /// faces hold the same data), with one alpha flag for the whole cube.
    static func cubeMap(size: Int, levels: Int?, format: PVRTCFormat, seed: UInt64) throws -> PVRTCCubeMap {
        let kinds: [BlockKind] = [.opaque, .translucent, .mixed, .punchThrough, .mixed, .opaque]
        return try PVRTCCubeMap(
            faces: (0..<6).map { face in
                var texture = try RandomBlocks.texture(
                    width: size, height: size, kind: kinds[face], levels: levels, format: format,
                    seed: seed + UInt64(face))
                texture.hasAlpha = true
                return texture
            })
    }
}
