import PVRTC

/// Writes legacy PVR v2 files, the layout `PVRTexToolCLI -legacypvr` produces and iOS loaders read.
///
/// Header choices:
/// - `pfFlags` = the pixel type of ``PixelFormatTable`` (`OGL_PVRTC4` 0x19, `OGL_PVRTC2` 0x18), plus MIPMAP (0x100) when there is more than one level, plus
///   ALPHA (0x8000) for RGBA, plus VERTICAL_FLIP (0x10000) when the rows are stored bottom row first;
/// - v2 cannot record a horizontal flip, premultiplied alpha or the sRGB colour space
///   (``TextureContainer/unrecordedMetadata(_:)`` lists what is lost);
/// - `mipMapCount` = levels − 1 (it does not count level 0);
/// - `dataSize` = bytes of all levels (of one face); `bitCount` = 4 or 2 (the rate); `numSurfs` = 1, or 6
///   with the CUBEMAP flag (0x1000) for a cube map, whose surfaces (faces) follow one another, each with
///   all its levels (the PowerVR SDK's legacy reader divides `numSurfs` by 6 and reads face-major);
/// - R/G/B masks 0; alpha mask **1** for RGBA, 0 for RGB. Apple's loader picks RGBA from a non-zero
///   alpha mask alone; 1 is what other PVRTC4 writers (e.g. the GIMP PVR plug-in) put there.
enum PVRv2Writer {
    /// The header for `texture` (face 0 of `faceCount`, 1 or 6).
    static func header(for texture: PVRTCTexture, faceCount: Int = 1) -> PVRv2Header {
        let levelCount = texture.levels.count
        let dataSize = texture.levels.reduce(0) { $0 + $1.data.count }
        var flags = PixelFormatTable.codes(for: texture).pvrV2PixelType
        if levelCount > 1 { flags |= PVRv2Header.flagMipmap }
        if texture.hasAlpha { flags |= PVRv2Header.flagAlpha }
        if texture.metadata.orientation.yUp { flags |= PVRv2Header.flagVerticalFlip }
        if faceCount == 6 { flags |= PVRv2Header.flagCubemap }
        return PVRv2Header(
            headerSize: PVRv2Header.headerSizeV2,
            height: UInt32(texture.height),
            width: UInt32(texture.width),
            mipMapCount: UInt32(levelCount - 1),
            pixelFormatFlags: flags,
            dataSize: UInt32(dataSize),
            bitCount: UInt32(texture.format.bitsPerPixel),
            redMask: 0, greenMask: 0, blueMask: 0,
            alphaMask: texture.hasAlpha ? 1 : 0,
            pvrTag: PVRv2Header.tag,
            surfaceCount: UInt32(faceCount))
    }

    /// The complete file of `faces` (one, or six of a cube map sharing size, levels and metadata):
    /// header, then each face's levels of Morton-ordered blocks.
    static func serialize(faces: [PVRTCTexture]) -> [UInt8] {
        let dataSize = faces.reduce(0) { $0 + $1.levels.reduce(0) { $0 + $1.data.count } }
        var writer = ByteWriter(capacity: PVRv2Header.size + dataSize)
        header(for: faces[0], faceCount: faces.count).write(to: &writer)
        for face in faces {
            for level in face.levels { writer.append(level.data) }
        }
        return writer.bytes
    }
}
