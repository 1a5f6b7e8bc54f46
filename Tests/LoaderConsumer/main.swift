// A game-side program that uses the texture loader with an uploader of its own (here a CPU one that
// decodes each level to RGBA, standing in for a Metal, Vulkan or game-owned GL uploader), and nothing
// from pvrc's GL code: the linkage test runs `ldd` on it to prove the loader needs no EGL or OpenGL ES
// library, and runs it to prove loading, the cache and shutdown work through the protocol alone.
//
// Usage: LoaderConsumer FILE... — loads each file (twice: the second time from the cache), prints
// "FILE: WxH[, 6 faces], N levels, B bytes" per file and "uploads U, hits H", or the loader's one-line error and
// exit status 1.
import Foundation
import Imaging
import PVRTC
import TextureFormats
import TextureLoader

/// Decodes textures on the CPU instead of uploading them to a GPU: every level (of every face of a
/// cube map) to RGBA8, uncompressed files unpacked.
final class CPUUploader: TextureUploading {
    private var images: [Int: [RGBAImage]] = [:]
    private var next = 0

    func upload(_ texture: TextureContent, levels: Range<Int>) throws -> Int {
        next += 1
        images[next] = try levels.flatMap { level in
            switch texture {
            case .pvrtc(let texture): return [PVRTCDecoder.decode(texture.levels[level])]
            case .pvrtcCubeMap(let cube): return cube.faces.map { PVRTCDecoder.decode($0.levels[level]) }
            case .uncompressed(let description):
                return try (0..<description.faceCount).map { try description.image(level: level, face: $0) }
            }
        }
        return next
    }

    func gpuBytes(of handle: Int) -> Int {
        images[handle, default: []].reduce(0) { $0 + $1.pixels.count }
    }

    func estimatedGPUBytes(for texture: TextureContent, levels: Range<Int>) -> Int {
        texture.faceCount * levels.reduce(0) { $0 + texture.levelSize($1).width * texture.levelSize($1).height * 4 }
    }

    func delete(_ handle: Int) {
        images[handle] = nil
    }
}

let paths = CommandLine.arguments.dropFirst()
guard !paths.isEmpty else {
    FileHandle.standardError.write(Data("usage: LoaderConsumer FILE...\n".utf8))
    exit(2)
}
let loader = TextureLoader(glThread: ResourceThread(name: "consumer.upload") { CPUUploader() })
var failed = false
for path in paths {
    do {
        let url = URL(fileURLWithPath: path)
        let texture = try await loader.load(url)
        _ = try await loader.load(url)
        let faces = texture.faceCount == 1 ? "" : ", \(texture.faceCount) faces"
        print(
            "\(path): \(texture.width)x\(texture.height)\(faces), \(texture.levels.count) levels, \(texture.gpuBytes) bytes"
        )
    } catch {
        FileHandle.standardError.write(Data("LoaderConsumer: \(error)\n".utf8))
        failed = true
    }
}
let statistics = await loader.statistics
let uploads = await loader.uploadCount
print("uploads \(uploads), hits \(statistics.hits)")
await loader.shutdown()
exit(failed ? 1 : 0)
