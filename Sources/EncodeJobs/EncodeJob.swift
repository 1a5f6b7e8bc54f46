import Foundation
import ImageFiles
import Imaging
import PVRTC
import PVRTCSearch
import TextureFormats

/// One encode, as every front end runs it (`pvrc encode`, `pvrc build`, the SwiftPM plugin's tool,
/// `pvrc compare --level`): the options and the container, and the steps from a source image (or a
/// cube map's six, ``encodeCubeMap(contentsOf:)``) to a texture file.
///
/// The steps: ``check()`` (option combinations, and what the container can record: a refusal for
/// what it would silently lose in a way that changes the picture, a warning for labels it drops),
/// once per encode; reading the image file, preparing it (``EncodeOptions/prepare(_:)``), the codec's
/// search (`PVRTCEncoder`), serialising in
/// ``container`` and writing atomically (``EncodeResult/write(to:)``). The result carries the
/// texture, the warnings and the exact reference image the encoder saw, against which quality is
/// measured.
///
/// ```swift
/// let job = EncodeJob(options: .init(quality: .fast, mipmaps: true), container: .ktx)
/// let result = try job.encode(contentsOf: URL(fileURLWithPath: "tree.png"))
/// try result.write(to: URL(fileURLWithPath: "tree.ktx"))
/// ```
public struct EncodeJob: Sendable, Equatable {
    /// The options: the image's preparation and the codec's.
    public var options: EncodeOptions
    /// The container written.
    public var container: TextureContainer

    /// A job.
    ///
    /// - Parameters:
    ///   - options: The image's preparation and the codec's options.
    ///   - container: The container written.
    public init(options: EncodeOptions = EncodeOptions(), container: TextureContainer) {
        self.options = options
        self.container = container
    }

    /// Checks the job before any work: the options' combinations, whether ``container`` can hold the
    /// format, and what it can record of the texture's metadata.
    ///
    /// A format the container has no code for (PVRTC2 in PVR v2) is refused, and so is a horizontal
    /// flip that it cannot record (a reader would show the image mirrored); premultiplied alpha and the
    /// sRGB label that it cannot record are warnings (the pixels are right, the label is lost).
    ///
    /// - Returns: The warnings, in a fixed order.
    /// - Throws: ``EncodeJobError/containerCannotHold(_:_:)`` for a format the container cannot hold;
    ///   `EncodingError` for conflicting options; ``EncodeJobError/containerCannotRecord(_:_:)`` for a
    ///   flip the container cannot record.
    public func check() throws -> [EncodeWarning] {
        guard container.canHold(options.format) else {
            throw EncodeJobError.containerCannotHold(container, options.format)
        }
        try options.validate()
        let metadata = options.metadata
        if metadata.orientation.xLeft && !records(TextureMetadata(orientation: TextureOrientation(xLeft: true))) {
            throw EncodeJobError.containerCannotRecord(container, .horizontalFlip)
        }
        var warnings: [EncodeWarning] = []
        if metadata.isPremultiplied && !records(TextureMetadata(isPremultiplied: true)) {
            warnings.append(EncodeWarning(container: container, lost: .premultipliedAlpha))
        }
        if metadata.colorSpace == .srgb && !records(TextureMetadata(colorSpace: .srgb)) {
            warnings.append(EncodeWarning(container: container, lost: .srgbColorSpace))
        }
        return warnings
    }

    /// Whether ``container`` records all of `metadata` (`TextureContainer.unrecordedMetadata(_:)`).
    private func records(_ metadata: TextureMetadata) -> Bool {
        container.unrecordedMetadata(metadata).isEmpty
    }

    /// Encodes an image. The job is checked once, before any work.
    ///
    /// - Parameters:
    ///   - image: The source image.
    ///   - progress: Called on the calling thread as the encoder's progress advances.
    /// - Returns: The texture, its container, the warnings of ``check()`` and the reference level 0.
    /// - Throws: The errors of ``check()``; `EncodingError` for sizes the options do not cover.
    public func encode(_ image: RGBAImage, progress: ((PVRTCEncoder.Progress) -> Void)? = nil) throws
        -> EncodeResult
    {
        try encode(image, warnings: check(), progress: progress)
    }

    /// Reads a PNG, JPEG or TGA file (the format from its content, the size checked against the
    /// options' pixel limit before decoding) and encodes it. The job is checked once, before the file
    /// is read.
    ///
    /// - Parameters:
    ///   - url: The image file.
    ///   - progress: Called on the calling thread as the encoder's progress advances.
    /// - Returns: The result of ``encode(_:progress:)``.
    /// - Throws: The errors of ``check()``; the image file's errors (naming it); `EncodingError`.
    public func encode(contentsOf url: URL, progress: ((PVRTCEncoder.Progress) -> Void)? = nil) throws
        -> EncodeResult
    {
        let warnings = try check()
        return try encode(
            ImageFile.read(from: url, pixelLimit: options.pixelLimit), warnings: warnings, progress: progress)
    }

    /// Decodes an image file already in memory and encodes it. The job is checked once, before the
    /// file is decoded.
    ///
    /// - Parameters:
    ///   - bytes: The PNG, JPEG or TGA file's bytes.
    ///   - file: The file's name, for error messages.
    ///   - progress: Called on the calling thread as the encoder's progress advances.
    /// - Returns: The result of ``encode(_:progress:)``.
    /// - Throws: The errors of ``check()``; the image file's errors (naming `file`); `EncodingError`.
    public func encode(
        fileBytes bytes: [UInt8], file: String, progress: ((PVRTCEncoder.Progress) -> Void)? = nil
    ) throws -> EncodeResult {
        try encode(fileBytes: bytes, file: file, checked: check(), progress: progress)
    }

    /// ``encode(fileBytes:file:progress:)`` for a front end that has checked the job already (and
    /// reported `warnings`, the result of ``check()``), so that it is checked once.
    package func encode(
        fileBytes bytes: [UInt8], file: String, checked warnings: [EncodeWarning],
        progress: ((PVRTCEncoder.Progress) -> Void)? = nil
    ) throws -> EncodeResult {
        try encode(
            ImageFile.decode(bytes, file: file, pixelLimit: options.pixelLimit), warnings: warnings, progress: progress)
    }

    /// Encodes `image` with the job already checked (its `warnings` found).
    private func encode(
        _ image: RGBAImage, warnings: [EncodeWarning], progress: ((PVRTCEncoder.Progress) -> Void)?
    ) throws -> EncodeResult {
        let (texture, reference) = try texture(from: image, progress: progress)
        return EncodeResult(container: container, faces: [texture], warnings: warnings, reference: reference)
    }

    /// Prepares `image` (``EncodeOptions/prepare(_:)``) and runs the codec on its levels.
    ///
    /// - Returns: The texture and the reference level 0 it approximates.
    func texture(from image: RGBAImage, progress: ((PVRTCEncoder.Progress) -> Void)?) throws
        -> (texture: PVRTCTexture, reference: RGBAImage)
    {
        let prepared = try options.prepare(image)
        let texture = try PVRTCEncoder.run(
            prepared.levels, metadata: prepared.metadata, options: options.codec, isCancelled: { false },
            progress: progress)
        return (texture, prepared.references[0])
    }

    /// The image the encoder approximates for `level` of the texture this job makes from `image`:
    /// ``EncodeOptions/referenceLevels(_:)``, in the orientation the texture stores.
    ///
    /// - Parameters:
    ///   - image: The source image.
    ///   - level: The mip level (0 unless the options ask for mipmaps).
    /// - Returns: The reference image of that level.
    /// - Throws: The errors of ``EncodeOptions/referenceLevels(_:)``;
    ///   ``EncodeJobError/noSuchLevel(_:levels:)`` for a level the texture does not have.
    public func reference(for image: RGBAImage, level: Int = 0) throws -> RGBAImage {
        var options = options
        options.mipmaps = options.mipmaps || level > 0
        let levels = try options.referenceLevels(image)
        guard levels.indices.contains(level) else { throw EncodeJobError.noSuchLevel(level, levels: levels.count) }
        return levels[level]
    }
}
