import Foundation
import ImageFiles
import Imaging
import PVRTC
import PVRTCSearch
import TextureFormats

extension EncodeJob {
    /// Reads six PNG, JPEG or TGA files, the faces +X, −X, +Y, −Y, +Z, −Z, and encodes them as one
    /// cube map: each face as ``encode(contentsOf:progress:)`` encodes an image (the same options,
    /// mips per face included), one after another. The job is checked once, before any face is read.
    ///
    /// Every face must encode to a square of the first face's size. The cube map is RGBA when any
    /// face has transparency.
    ///
    /// ```swift
    /// let job = EncodeJob(options: .init(quality: .fast), container: .ktx)
    /// let faces = ["px", "nx", "py", "ny", "pz", "nz"].map { URL(fileURLWithPath: "sky/\($0).png") }
    /// try job.encodeCubeMap(contentsOf: faces).write(to: URL(fileURLWithPath: "sky.ktx"))
    /// ```
    ///
    /// - Parameter faces: The six image files.
    /// - Returns: The six faces in ``container``, the warnings of ``check()`` and the first face's
    ///   reference level 0.
    /// - Throws: ``EncodeJobError/cubeMapFaceCount(_:)`` unless there are six files; the errors of
    ///   ``check()``; ``CubeFaceError`` naming the face that cannot be read or encoded, or that does
    ///   not encode to a square of the first face's size.
    public func encodeCubeMap(contentsOf faces: [URL]) throws -> EncodeResult {
        guard faces.count == 6 else { throw EncodeJobError.cubeMapFaceCount(faces.count) }
        return try encodeCubeMap(files: faces.map(\.relativePath), warnings: check()) { index in
            try ImageFile.read(from: faces[index], pixelLimit: options.pixelLimit)
        }
    }

    /// Decodes six image files already in memory, the faces +X, −X, +Y, −Y, +Z, −Z, and encodes them
    /// as one cube map, as ``encodeCubeMap(contentsOf:)`` does.
    ///
    /// - Parameters:
    ///   - faces: The six files' bytes.
    ///   - files: Their names, for error messages.
    /// - Returns: The result of ``encodeCubeMap(contentsOf:)``.
    /// - Throws: The errors of ``encodeCubeMap(contentsOf:)``.
    public func encodeCubeMap(fileBytes faces: [[UInt8]], files: [String]) throws -> EncodeResult {
        guard files.count == 6 else { throw EncodeJobError.cubeMapFaceCount(files.count) }
        return try encodeCubeMap(fileBytes: faces, files: files, checked: check())
    }

    /// ``encodeCubeMap(fileBytes:files:)`` for a front end that has checked the job already (and
    /// reported `warnings`, the result of ``check()``), so that it is checked once.
    package func encodeCubeMap(fileBytes faces: [[UInt8]], files: [String], checked warnings: [EncodeWarning]) throws
        -> EncodeResult
    {
        guard files.count == faces.count else { throw EncodeJobError.cubeMapFaceCount(min(files.count, faces.count)) }
        return try encodeCubeMap(files: files, warnings: warnings) { index in
            try ImageFile.decode(faces[index], file: files[index], pixelLimit: options.pixelLimit)
        }
    }

    /// Decodes (`image`) and encodes each face in turn, the job already checked.
    private func encodeCubeMap(files: [String], warnings: [EncodeWarning], image: (Int) throws -> RGBAImage) throws
        -> EncodeResult
    {
        guard files.count == 6 else { throw EncodeJobError.cubeMapFaceCount(files.count) }
        var faces: [PVRTCTexture] = []
        var reference: RGBAImage?
        for (index, file) in files.enumerated() {
            let texture: PVRTCTexture
            do {
                let encoded = try self.texture(from: image(index), progress: nil)
                texture = encoded.texture
                reference = reference ?? encoded.reference
            } catch {
                throw CubeFaceError(file: file, underlying: error)
            }
            guard texture.width == texture.height else {
                throw CubeFaceError(
                    file: file,
                    underlying: EncodeJobError.cubeFaceNotSquare(width: texture.width, height: texture.height))
            }
            if let first = faces.first, (first.width, first.height) != (texture.width, texture.height) {
                throw CubeFaceError(
                    file: file,
                    underlying: EncodeJobError.cubeFaceSizeDiffers(
                        width: texture.width, height: texture.height, first: first.width))
            }
            faces.append(texture)
        }
        // One alpha flag for the whole cube: RGBA when any face has transparency.
        let hasAlpha = faces.contains { $0.hasAlpha }
        let cubeMap = try PVRTCCubeMap(
            faces: faces.map { face in
                var face = face
                face.hasAlpha = hasAlpha
                return face
            })
        guard let reference else { throw EncodeJobError.cubeMapFaceCount(0) }
        return EncodeResult(container: container, faces: cubeMap.faces, warnings: warnings, reference: reference)
    }
}
