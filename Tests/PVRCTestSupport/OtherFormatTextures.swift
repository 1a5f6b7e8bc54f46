/// Well-formed texture files in compressed formats pvrc describes but does not decode, for the tests that
/// check such files are refused by the format's name.
package enum OtherFormatTextures {
    /// A PVR v3 file of one 16x16 ETC1 level (pixel format 6; 16 blocks of 8 bytes, all zero), built
    /// from the PVR v3 specification's header layout.
    package static func etc1PVRv3() -> [UInt8] {
        HostileTextures.pvr3Header(pixelFormat: 6, width: 16, height: 16) + [UInt8](repeating: 0, count: 16 * 8)
    }
}
