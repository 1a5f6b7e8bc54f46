import EncodeJobs
import Foundation
import ImageFiles
import Imaging
import PVRCTestSupport
import PVRTCSearch
import TextureFormats
import TextureManifest
import TexturePipeline

/// A source tree of small synthetic PNGs and an output folder in a temporary directory.
final class BuildFixture {
    let directory: TemporaryDirectory
    var source: URL { directory.url.appendingPathComponent("src", isDirectory: true) }

    init(images: [String: Int] = ["a.png": 32, "ui/button.png": 16, "ui/icons/star.png": 8, "terrain/grass.png": 32])
        throws
    {
        directory = try TemporaryDirectory()
        var seed: UInt64 = 1
        for (path, side) in images.sorted(by: { $0.key < $1.key }) {
            try write(
                PipelineTestImages.noise(
                    width: side, height: side, seed: seed, alpha: seed % 2 == 0 ? .mixed : .opaque), to: path)
            seed += 1
        }
    }

    func write(_ image: RGBAImage, to path: String) throws {
        let url = source.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNGCodec.write(image, to: url)
    }

    func writeBytes(_ bytes: [UInt8], to path: String) throws {
        let url = source.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func output(_ name: String = "out") -> URL {
        directory.url.appendingPathComponent(name, isDirectory: true)
    }

    func configuration(
        output: String = "out", options: EncodeOptions = .init(quality: .fast, threads: 1),
        container: TextureContainer = .pvr2, jobs: Int = 2, cache: (any BuildCache)? = nil, shard: Shard? = nil,
        force: Bool = false, prune: Bool = false, manifest: BuildManifest? = nil
    ) -> BuildConfiguration {
        BuildConfiguration(
            manifest: manifest ?? BuildManifest(folder: source), outputFolder: self.output(output),
            settings: TextureSettings(options: options, container: container), force: force, prune: prune, jobs: jobs,
            memoryBudget: 1 << 30, cache: cache, shard: shard)
    }

    /// Runs `configuration` through the public entry point, as a pipeline author does.
    func build(_ configuration: BuildConfiguration) async throws -> BuildSummary {
        try await TextureBuild.run(configuration)
    }

    /// Relative path → bytes of every texture file under an output folder (state file excluded).
    func outputs(_ name: String = "out") throws -> [String: Data] {
        let root = output(name)
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return files }
        while let path = enumerator.nextObject() as? String {
            let url = root.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if exists && !isDirectory.boolValue && path != BuildState.fileName {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    /// The texture `pvrc encode` would write: the source decoded, encoded and serialized directly.
    func reference(
        _ path: String, options: EncodeOptions = .init(quality: .fast, threads: 1),
        container: TextureContainer = .pvr2
    ) throws -> Data {
        let image = try PNGCodec.read(from: source.appendingPathComponent(path))
        return Data(
            TextureFile(
                container: container, texture: try EncodeJob(options: options, container: .pvr3).encode(image).faces[0]
            )
            .serialized())
    }
}
