import PVRTC
import PVRTCGL
import TextureFormats

/// libFuzzer entry point: the texture -> GPU data path without a GL context. Whatever container
/// parses, every level is laid out for the decoding shader (`PVRTCDataTextures`), and the layout
/// must be exactly the level's blocks permuted out of their file order (PVRTC1: Morton order; PVRTC2:
/// row-major, as the Khronos Data Format Specification stores it); levels up to 256x256 are also decoded
/// by the CPU decoder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPUData(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let file = try? TextureFile.parse(bytes, file: "fuzz") else { return 0 }
    for level in file.texture.levels {
        let layout = PVRTCDataTextures(level)
        let blocks = layout.blocksWide * layout.blocksHigh
        precondition(layout.colorWords.count == blocks * 4 && layout.modulationWords.count == blocks * 4)
        precondition(blocks * 8 == level.data.count, "the layout does not cover the level's blocks")
        for by in 0..<layout.blocksHigh {
            for bx in 0..<layout.blocksWide {
                let fileIndex =
                    level.format.isPVRTC2
                    ? by * layout.blocksWide + bx
                    : Morton.offset(x: bx, y: by, blocksWide: layout.blocksWide, blocksHigh: layout.blocksHigh)
                let block = fileIndex * 8
                let texel = (by * layout.blocksWide + bx) * 4
                precondition(Array(layout.modulationWords[texel..<texel + 4]) == Array(level.data[block..<block + 4]))
                precondition(Array(layout.colorWords[texel..<texel + 4]) == Array(level.data[block + 4..<block + 8]))
            }
        }
        if level.width * level.height <= 256 * 256 {
            let image = PVRTCDecoder.decode(level, threads: 1)
            precondition(image.width == level.width && image.height == level.height)
        }
    }
    return 0
}
