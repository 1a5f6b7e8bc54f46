import ArgumentParser
import FileIO
import Foundation
import PVRTC
import PVRTCGL
import TextureFormats

/// `pvrc transcode IN OUT.ktx2`: re-encodes a PVRTC texture or cube map into a GPU block format with the
/// headless GPU transcoder (`GLContext.transcode(_:to:effort:)`) and writes every level and face as KTX 2.
struct TranscodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcode",
        abstract: "Transcode a PVRTC texture to BC1, BC3, ETC2 or ASTC on the GPU and write it as KTX 2.",
        discussion: """
            Every level and face (cube maps too) is decoded exactly by the GPU decoder and re-encoded into the \
            target's blocks (4x4, or 8x8 for astc-8x8), as `pvrc render --mode transcode` uploads them; the \
            KTX 2 file keeps the input's orientation (KTXorientation), colour space (the target's sRGB vkFormat \
            and the DFD's sRGB transfer) and premultiplied flag. Without --to the target is the first of bc1, \
            bc3, etc2, astc-4x4, etc2-rgba (the loader's preference order) that the GL context takes and that \
            stores alpha when the texture has alpha; astc-4x4 and astc-8x8 (ASTC LDR) need a context with ASTC. \
            --effort thorough (the default) searches harder for BC1, BC3 and ETC2 blocks than uploads do \
            (fast); ASTC blocks are the same at both.
            """
    )

    @Argument(help: "The PVRTC texture file (PVR v2/v3, KTX, KTX 2, .pvr.ccz, .pvr.gz).")
    var input: String

    @Argument(help: "The KTX 2 file to write (must end in .ktx2); replaced atomically.")
    var output: String

    @Option(help: "The target format (default: the preferred one for the texture's alpha).")
    var to: TranscodeTargetName?

    @Option(help: "The encoder's effort: thorough (default) or fast (the encoder of transcode uploads).")
    var effort: TranscodeEffortName = TranscodeEffortName(effort: .thorough)

    @OptionGroup var limits: PixelLimitOptions

    func run() async throws {
        try await CommandFailure.reporting {
            try checkOutput(output, inputs: [input], requiredExtension: "ktx2")
            let description = try TextureFileDescription.read(
                from: URL(fileURLWithPath: input), pixelLimit: limits.pixelLimit)
            let faces = try description.pvrtcFaces()
            try limits.check(width: description.width, height: description.height, what: "texture", file: input)
            let transcoded: KTX2BlockTexture
            let renderer: String
            do {
                let context = try GLContext()
                renderer = context.renderer
                let target = try to?.target ?? preferredTarget(for: faces[0], on: context)
                transcoded =
                    faces.count == 1
                    ? try context.transcode(faces[0], to: target, effort: effort.effort)
                    : try context.transcode(try PVRTCCubeMap(faces: faces), to: target, effort: effort.effort)
            } catch let error as GLError {
                throw CommandFailure(file: input, reason: error.description)
            }
            try transcoded.write(to: URL(fileURLWithPath: output))
            let faceText = transcoded.faceCount == 6 ? " x 6 faces" : ""
            print(
                "\(PrintableText.escaped(output)): \(transcoded.width)x\(transcoded.height) "
                    + "\(transcoded.format.rawValue), \(transcoded.levels.count) level(s)\(faceText), "
                    + "\(transcoded.serialized().count) bytes, \(renderer)")
        }
    }

    /// The preference table's target for `texture` on `context` (`GLContext.transcodeTarget(for:)`).
    /// - Throws: a ``CommandFailure`` naming the input when the context takes none.
    private func preferredTarget(for texture: PVRTCTexture, on context: GLContext) throws -> TranscodeTarget {
        guard let target = context.transcodeTarget(for: texture) else {
            throw CommandFailure(
                file: input, reason: "\(context.renderer) (\(context.version)) takes none of the transcode targets")
        }
        return target
    }
}

/// A `--to` value: a ``TranscodeTarget``'s name (`bc1`, `astc-4x4`, ...).
struct TranscodeTargetName: ExpressibleByArgument {
    /// Every name `--to` takes.
    static var allValueStrings: [String] { TranscodeTarget.allCases.map(\.rawValue) }

    /// The target named.
    let target: TranscodeTarget

    init?(argument: String) {
        guard let target = TranscodeTarget(rawValue: argument) else { return nil }
        self.target = target
    }
}

/// An `--effort` value: a ``TranscodeEffort``'s name (`fast`, `thorough`).
struct TranscodeEffortName: ExpressibleByArgument {
    /// Every name `--effort` takes.
    static var allValueStrings: [String] { TranscodeEffort.allCases.map(\.rawValue) }

    /// The effort named.
    let effort: TranscodeEffort

    /// Wraps `effort`.
    init(effort: TranscodeEffort) { self.effort = effort }

    init?(argument: String) {
        guard let effort = TranscodeEffort(rawValue: argument) else { return nil }
        self.effort = effort
    }

    /// The name, as `--help` shows the default.
    var defaultValueDescription: String { effort.rawValue }
}
