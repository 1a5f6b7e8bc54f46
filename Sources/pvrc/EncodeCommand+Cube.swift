import Foundation
import ImageFiles
import PVRTC
import PVRTCEncoding
import TextureFormats

extension EncodeCommand {
    /// `pvrc encode --cube PX NX PY NY PZ NZ OUT`: encodes six faces with the same options (mips per
    /// face included) and writes them as one cube map in OUT's container.
    func encodeCube() throws {
        let paths = [input, output] + moreCubeArguments
        guard paths.count == 7, let outputPath = paths.last else {
            throw CommandFailure(
                message: "encode --cube takes 7 paths (PX NX PY NY PZ NZ OUT), got \(paths.count)")
        }
        let facePaths = Array(paths.prefix(6))
        let container = try outputContainer(for: outputPath)
        try checkOutput(outputPath, inputs: facePaths)
        if container == .pvr2 && encoding.encoderOptions.flipX {
            throw CommandFailure(
                file: outputPath,
                reason: "PVR v2 cannot record a horizontal flip; use --format pvr3 or ktx, or --flip y")
        }
        var options = encoding.encoderOptions
        options.pixelLimit = limits.pixelLimit
        var faces: [PVRTCTexture] = []
        var firstSize: (Int, Int)?
        for path in facePaths {
            let image = try ImageFile.read(from: URL(fileURLWithPath: path), pixelLimit: limits.pixelLimit)
            guard image.width == image.height else {
                throw CommandFailure(
                    file: path, reason: "cube faces must be square, not \(image.width)x\(image.height)")
            }
            if let (w, h) = firstSize, (w, h) != (image.width, image.height) {
                throw CommandFailure(
                    file: path, reason: "is \(image.width)x\(image.height) but the first face is \(w)x\(h)")
            }
            firstSize = (image.width, image.height)
            do {
                faces.append(try PVRTCEncoder.encode(image, options: options))
            } catch let error as EncodingError {
                throw error.commandFailure(file: path)
            }
        }
        let cubeMap: PVRTCCubeMap
        do {
            cubeMap = try PVRTCCubeMap(
                faces: faces.map { face in
                    var face = face
                    face.hasAlpha = faces.contains { $0.hasAlpha }
                    return face
                })
        } catch let error as TextureFormatError {
            throw CommandFailure(file: outputPath, reason: error.description)
        }
        for lost in container.unrecordedMetadata(cubeMap.shape.metadata) {
            FileHandle.standardError.write(
                Data("pvrc: warning: \(outputPath): \(container.displayName) cannot record \(lost)\n".utf8))
        }
        try cubeMap.write(to: URL(fileURLWithPath: outputPath), as: container)
        if !quiet {
            let shape = cubeMap.shape
            print(
                "\(outputPath): cube map, 6 faces of \(shape.width)x\(shape.height) \(shape.hasAlpha ? "RGBA" : "RGB"), "
                    + "\(shape.levels.count) level\(shape.levels.count == 1 ? "" : "s") each, \(container.displayName)")
        }
    }
}
