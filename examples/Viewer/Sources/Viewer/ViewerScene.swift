import Foundation
import ImageFiles
import Imaging
import PVRTC
import PVRTCGL
import QualityMetrics
import TextureFormats
import TextureLoader
import TextureLoaderGL

/// Everything the viewer draws, in the window's context: the texture's levels (and faces), uploaded
/// by pvrc's loader on a context shared with SDL's, and the source image and its error heat map,
/// uploaded in SDL's context itself.
final class ViewerScene {
    /// SDL's context, adopted.
    let context: GLContext
    /// `textures[face][level]`: level 0 of a 2D file comes from `TextureLoader.load`, the rest from
    /// uploads of single levels on the loader's thread.
    private(set) var textures: [[GPUTexture]] = []
    /// Width and height of each level.
    let levelSizes: [(width: Int, height: Int)]
    /// Whether the file says its colour is premultiplied by alpha.
    private(set) var isPremultiplied = false
    /// How the file stores its rows and columns; the texture is drawn upright.
    var orientation: TextureOrientation { faces[0].metadata.orientation }
    /// The source image, when one was given.
    private(set) var source: (texture: GPUTexture, width: Int, height: Int)?
    /// The heat map of the CPU decoding of level 0 against the source, when both have one size.
    private(set) var heatMap: (texture: GPUTexture, width: Int, height: Int)?
    /// Why there is no heat map although a source was given.
    private(set) var heatMapProblem: String?
    private var checker: (texture: GPUTexture, width: Int, height: Int)?

    private let loaderThread: GLThread<GLTextureUploader>
    private let loader: TextureLoader<GLTextureUploader>
    private let faces: [PVRTCTexture]
    private let url: URL

    /// Adopts the current (SDL) context and starts the loader on a context shared with it; `faces`
    /// are the file's faces (``readFaces(_:)``).
    /// - Throws: `GLError` when the context cannot be adopted or shared; ``ViewerError/file(path:reason:)``
    ///   for a file that is not a texture.
    init(texture url: URL, faces: [PVRTCTexture]) throws {
        context = try GLContext(adopting: .current)
        let group = try context.shareGroup()
        loaderThread = GLThread(name: "viewer loader") { try GLTextureUploader(mode: .decodeOnce, sharingWith: group) }
        loader = TextureLoader(glThread: loaderThread)
        self.url = url
        self.faces = faces
        levelSizes = faces[0].levels.map { ($0.width, $0.height) }
    }

    /// The faces of the file: one for a 2D texture, six for a cube map.
    /// - Throws: ``ViewerError/file(path:reason:)`` naming the problem.
    static func readFaces(_ url: URL) throws -> [PVRTCTexture] {
        do {
            return [try TextureFile.read(from: url).texture]
        } catch let flat {
            guard let bytes = try? Array(Data(contentsOf: url)),
                let cube = try? PVRTCCubeMap.parse(bytes, file: url.path)
            else { throw ViewerError.file(path: url.path, reason: "\(flat)") }
            return cube.faces
        }
    }

    /// The number of cube faces (1 for a 2D texture).
    var faceCount: Int { faces.count }

    /// Loads level 0 through the loader and uploads the other levels and faces on its thread
    /// (blocking the calling thread until all are on the GPU).
    func load() throws {
        let (loader, thread, faces, url) = (self.loader, loaderThread, self.faces, self.url)
        let (loaded, premultiplied) = try waitFor {
            var loaded: [[GPUTexture]] = []
            var premultiplied = false
            for (index, face) in faces.enumerated() {
                var levels: [GPUTexture] = []
                for level in face.levels.indices {
                    if index == 0, level == 0, faces.count == 1 {
                        let texture = try await loader.load(url)
                        premultiplied = texture.isPremultiplied
                        levels.append(texture.handle)
                    } else {
                        levels.append(
                            try await thread.perform { try $0.upload(.pvrtc(face), levels: level..<(level + 1)) })
                    }
                }
                loaded.append(levels)
            }
            return (loaded, premultiplied)
        }
        textures = loaded
        isPremultiplied = premultiplied
    }

    /// Reads the source image, uploads it, and makes the heat map of level 0's CPU decoding against it.
    func loadSource(_ url: URL) throws {
        let image = try ImageFile.read(from: url)
        source = (try context.upload(image), image.width, image.height)
        let decoded = orientation.upright(PVRTCDecoder.decode(faces[0].levels[0], threads: 2))
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

    /// Deletes everything and stops the loader (its shared context is destroyed on its thread).
    func close() {
        for texture in [checker?.texture, source?.texture, heatMap?.texture].compactMap({ $0 }) {
            context.delete(texture)
        }
        let isFlat = faces.count == 1
        let extra = textures.enumerated().flatMap { face, levels in
            levels.enumerated().filter { !(isFlat && face == 0 && $0.offset == 0) }.map(\.element)
        }
        let (loader, thread) = (self.loader, loaderThread)
        _ = try? waitFor {
            _ = try? await thread.perform { uploader in extra.forEach(uploader.delete) }
            await loader.shutdown()
        }
    }
}
