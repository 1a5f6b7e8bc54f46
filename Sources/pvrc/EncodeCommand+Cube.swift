import FileIO
import Foundation
import PVRTC
import TextureEncoding
import TextureFormats

extension EncodeCommand {
    /// `pvrc encode --cube PX NX PY NY PZ NZ OUT`: encodes six faces with one encode job (the same
    /// options, mips per face included, the same checks and warnings as `encode`) and writes them as
    /// one cube map in OUT's container.
    func encodeCube() throws {
        let paths = [input, output] + moreCubeArguments
        guard paths.count == 7, let outputPath = paths.last else {
            throw CommandFailure(
                message: "encode --cube takes 7 paths (PX NX PY NY PZ NZ OUT), got \(paths.count)")
        }
        let facePaths = Array(paths.prefix(6))
        let container = try outputContainer(for: outputPath)
        try checkOutput(outputPath, inputs: facePaths)
        let (job, warnings) = try checkedJob(into: container, input: facePaths[0], output: outputPath)
        var faces: [PVRTCTexture] = []
        for path in facePaths {
            let texture: PVRTCTexture
            do {
                texture = try job.encode(contentsOf: URL(fileURLWithPath: path)).texture
            } catch {
                throw encodeFailure(error, input: path, output: outputPath)
            }
            guard texture.width == texture.height else {
                throw CommandFailure(
                    file: path, reason: "cube faces must be square, not \(texture.width)x\(texture.height)")
            }
            if let first = faces.first, (first.width, first.height) != (texture.width, texture.height) {
                throw CommandFailure(
                    file: path,
                    reason:
                        "encodes to \(texture.width)x\(texture.height) but the first face is \(first.width)x\(first.height)"
                )
            }
            faces.append(texture)
        }
        // One alpha flag for the whole cube: RGBA when any face has transparency.
        let hasAlpha = faces.contains { $0.hasAlpha }
        let cubeMap: PVRTCCubeMap
        do {
            cubeMap = try PVRTCCubeMap(
                faces: faces.map { face in
                    var face = face
                    face.hasAlpha = hasAlpha
                    return face
                })
        } catch let error as TextureFormatError {
            throw CommandFailure(file: outputPath, reason: error.description)
        }
        for warning in warnings {
            FileHandle.standardError.write(Data("pvrc: warning: \(outputPath): \(warning)\n".utf8))
        }
        try cubeMap.write(to: URL(fileURLWithPath: outputPath), as: container)
        if !quiet {
            let shape = cubeMap.shape
            print(
                "\(PrintableText.escaped(outputPath)): cube map, 6 faces of \(shape.width)x\(shape.height) \(hasAlpha ? "RGBA" : "RGB"), "
                    + "\(shape.levels.count) level\(shape.levels.count == 1 ? "" : "s") each, \(container.displayName)")
        }
    }
}
