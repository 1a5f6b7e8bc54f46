import EncodeJobs
import FileIO
import Foundation
import PVRTC

extension EncodeCommand {
    /// `pvrc encode --cube PX NX PY NY PZ NZ OUT`: the six faces as one cube map in OUT's container,
    /// encoded by the encode job (`EncodeJob.encodeCubeMap(contentsOf:)`: the same options, mips per
    /// face included, the same checks and warnings as `encode`).
    func encodeCube() throws {
        let paths = [input, output] + moreCubeArguments
        guard paths.count == 7, let outputPath = paths.last else {
            throw CommandFailure(
                message: "encode --cube takes 7 paths (PX NX PY NY PZ NZ OUT), got \(paths.count)")
        }
        let facePaths = Array(paths.prefix(6))
        let job = try encoding.job(output: outputPath, limits: limits)
        try checkOutput(outputPath, inputs: facePaths)
        let result: EncodeResult
        do {
            result = try job.encodeCubeMap(contentsOf: facePaths.map { URL(fileURLWithPath: $0) })
        } catch {
            throw encodeFailure(error, input: facePaths[0], output: outputPath)
        }
        for warning in result.warnings {
            FileHandle.standardError.write(Data("pvrc: warning: \(outputPath): \(warning)\n".utf8))
        }
        try result.write(to: URL(fileURLWithPath: outputPath))
        if !quiet {
            let shape = result.texture
            print(
                "\(PrintableText.escaped(outputPath)): cube map, 6 faces of \(shape.width)x\(shape.height) \(shape.hasAlpha ? "RGBA" : "RGB")"
                    + "\(formatName(shape.format)), \(shape.levels.count) level\(shape.levels.count == 1 ? "" : "s") each, "
                    + job.container.displayName
            )
            noteSampling(shape.format, output: outputPath)
        }
    }
}
