import Foundation
import ImageFiles
import Imaging
import PVRTC
import PVRTCGL
import QualityMetrics
import TextureFormats
import TextureLoader
import TextureLoaderGL

/// Everything the viewer draws, in the window's context: the texture file, loaded whole (every level,
/// every cube face) by pvrc's loader on a context shared with SDL's and drawn face by face and level by
/// level by pvrc's GL layer, and the source image and its error heat map, uploaded in SDL's context
/// itself.
final class ViewerScene {
    /// SDL's context, adopted.
    let context: GLContext
    /// The file as the loader uploaded it: one 2D texture or cube map holding all its levels.
    private(set) var texture: LoadedTexture<GPUTexture>?
    /// Width and height of each level (of each face).
    var levelSizes: [(width: Int, height: Int)] {
        guard let texture else { return [] }
        return texture.levels.map { (max(texture.width >> $0, 1), max(texture.height >> $0, 1)) }
    }
    /// The number of cube faces (1 for a 2D texture).
    var faceCount: Int { texture?.faceCount ?? 1 }
    /// Whether the file says its colour is premultiplied by alpha.
    var isPremultiplied: Bool { texture?.isPremultiplied ?? false }
    /// How the file stores its rows and columns; the texture is drawn upright.
    var orientation: TextureOrientation { texture?.metadata.orientation ?? .topDown }
    /// The source image, when one was given.
    private(set) var source: (texture: GPUTexture, width: Int, height: Int)?
    /// The heat map of the CPU decoding of level 0 against the source, when both have one size.
    private(set) var heatMap: (texture: GPUTexture, width: Int, height: Int)?
    /// Why there is no heat map although a source was given.
    private(set) var heatMapProblem: String?
    private var checker: (texture: GPUTexture, width: Int, height: Int)?

    private let loader: TextureLoader<GLTextureUploader>
    private let url: URL

    /// Adopts the current (SDL) context and starts the loader on a context shared with it, uploading PVRTC
    /// textures in `mode`.
    /// - Throws: `GLError` when the context cannot be adopted or shared.
    init(texture url: URL, mode: PVRTCUploadMode) throws {
        context = try GLContext(adopting: .current)
        let group = try context.shareGroup()
        loader = TextureLoader(
            glThread: ResourceThread(name: "viewer loader") {
                try GLTextureUploader(mode: mode, sharingWith: group)
            })
        self.url = url
    }

    /// How the loader uploaded the file: `decode-once`, `transcode to bc3` (the target), or `uncompressed`.
    var uploadDescription: String {
        guard let handle = texture?.handle, let mode = handle.mode else { return "uncompressed" }
        return handle.transcodeTarget.map { "\(mode.rawValue) to \($0.rawValue)" } ?? mode.rawValue
    }

    /// Loads the whole file through the loader (blocking the calling thread until it is on the GPU)
    /// and pins it in the loader's cache while the viewer shows it.
    /// - Throws: `TextureLoaderError` naming the file and the problem.
    func load() throws {
        let (loader, url) = (self.loader, self.url)
        texture = try waitFor {
            let texture = try await loader.load(url)
            await loader.pin(texture.key)
            return texture
        }
    }

    /// Reads the source image, uploads it, and makes the heat map of level 0's CPU decoding (face 0 of
    /// a cube map) against it. The texture file is read again for that decoding: the loader keeps only
    /// what it uploaded.
    func loadSource(_ url: URL) throws {
        let image = try ImageFile.read(from: url)
        source = (try context.upload(image), image.width, image.height)
        let decoded = try orientation.upright(TextureFileDescription.read(from: self.url).image(level: 0, threads: 2))
        guard decoded.width == image.width, decoded.height == image.height else {
            heatMapProblem = "source is \(image.width)x\(image.height), texture \(decoded.width)x\(decoded.height)"
            return
        }
        let map = try ErrorHeatMap.render(reference: image, candidate: decoded)
        heatMap = (try context.upload(map), map.width, map.height)
    }

    /// A checkerboard texture of the window's size (made again when the window is resized).
    func checkerboard(width: Int, height: Int) throws -> GPUTexture {
        if let checker, checker.width == width, checker.height == height { return checker.texture }
        if let checker { context.delete(checker.texture) }
        let texture = try context.upload(Checkerboard.image(width: width, height: height))
        checker = (texture, width, height)
        return texture
    }

    /// Deletes everything and stops the loader (which deletes the loaded texture on its thread and
    /// destroys its shared context there).
    func close() {
        for texture in [checker?.texture, source?.texture, heatMap?.texture].compactMap({ $0 }) {
            context.delete(texture)
        }
        let loader = self.loader
        _ = try? waitFor { await loader.shutdown() }
    }
}
