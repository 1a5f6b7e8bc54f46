import PVRTC
import TextureFormats

/// Shared by the container fuzz targets: forces the input into one container's signature (so every
/// input reaches that reader), parses it, and checks that a texture that parses survives a
/// write/read round trip unchanged. Any violated invariant traps, which libFuzzer reports as a crash.
enum ContainerFuzzing {
    /// Overwrites the bytes that select `container` in ``TextureFile/parse(_:file:)``.
    static func forcingSignature(_ bytes: [UInt8], of container: TextureContainer) -> [UInt8] {
        var bytes = bytes
        let signature: [(offset: Int, bytes: [UInt8])]
        switch container {
        case .pvr2: signature = [(0, [52, 0, 0, 0]), (44, Array("PVR!".utf8))]
        case .pvr3: signature = [(0, [0x50, 0x56, 0x52, 0x03])]
        case .ktx: signature = [(0, [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x31, 0x31, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A])]
        case .ktx2, .ktx2Zstd:
            signature = [(0, [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A])]
        case .pvrCCZ: signature = [(0, Array("CCZ!".utf8))]
        case .pvrGzip: signature = [(0, [0x1F, 0x8B])]
        }
        for (offset, value) in signature where bytes.count >= offset + value.count {
            bytes.replaceSubrange(offset..<offset + value.count, with: value)
        }
        return bytes
    }

    /// Parses `bytes` and checks the round trip of whatever parses.
    static func run(_ bytes: [UInt8], container: TextureContainer) {
        let input = forcingSignature(bytes, of: container)
        guard let file = try? TextureFile.parse(input, file: "fuzz") else { return }
        for level in file.texture.levels {
            precondition(level.data.count == level.format.byteCount(width: level.width, height: level.height))
        }
        let again: TextureFile
        do {
            again = try TextureFile.parse(file.serialized(), file: "round trip")
        } catch {
            preconditionFailure("a parsed texture does not read back after writing: \(error)")
        }
        precondition(again.texture == file.texture, "the round trip changed the texture")
        precondition(again.container == file.container, "the round trip changed the container")
    }
}
