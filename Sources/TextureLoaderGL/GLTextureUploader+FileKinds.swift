import Foundation
import PVRTCGL
import TextureFormats

extension GLTextureUploader {
    /// Reads the cube map at `url` (PVR v2, PVR v3, KTX 1.1, KTX 2, bare or in CCZ / gzip) and
    /// uploads it as one `GL_TEXTURE_CUBE_MAP` in ``mode``: `glCompressedTexImage2D` per face and level
    /// (native), or decoded face by face on the GPU (decode-once). Call it on the GL thread, e.g.
    /// `try await glThread.perform { try $0.uploadCubeMap(contentsOf: url) }`; delete the result with
    /// ``delete(_:)``.
    /// - Throws: `TextureFormatError` naming the file, or `GLError` (direct mode has no cube form).
    public func uploadCubeMap(contentsOf url: URL) throws -> GPUTexture {
        let bytes: [UInt8]
        do {
            bytes = try Array(Data(contentsOf: url))
        } catch {
            throw TextureFormatError.io(file: url.path, reason: error.localizedDescription)
        }
        return try context.upload(PVRTCCubeMap.parse(bytes, file: url.path), mode: mode)
    }

    /// Reads the uncompressed texture at `url` and uploads face `face` of it with `glTexImage2D` in
    /// its own format and type (see `GLContext.upload(_:face:)`). Call it on the GL thread.
    /// - Throws: `TextureFormatError` naming the file (compressed formats are refused by name), or `GLError`.
    public func uploadUncompressed(contentsOf url: URL, face: Int = 0) throws -> GPUTexture {
        try context.upload(TextureFileDescription.read(from: url), face: face)
    }
}
