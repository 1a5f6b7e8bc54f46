import Foundation
import Imaging
import PVRTC
import PVRTCBenchmarks
import PVRTCGL
import TextureFormats
import TextureLoader

/// The load-and-show benchmark behind `pvrc bench load`: how long it takes, from a warm context, to
/// get a texture file onto the screen.
///
/// - PNG path: file read + PNG decode + `glTexImage2D` + draw + `glFinish`.
/// - PVR path: file read + container parse + upload of the blocks + (the GPU decode pass, for
///   decode-once; the GPU decode-and-encode pass and the compressed upload from a pixel buffer, for
///   transcode) + draw + `glFinish`, for each upload mode asked for; with transcode, the transcoder's own
///   part alone as well (``BlockTiming``).
///
/// Every iteration ends by deleting the texture it made. The draw covers a render target of the
/// texture's size (1:1), created once per size like a window's framebuffer. PVRTCGL does not link
/// libpng, so the PNG reader and writer are passed in (the CLI passes `PNGCodec`).
package struct LoadBenchmark {
    /// The files for one size.
    package struct Inputs: Sendable, Equatable {
        /// Width and height in pixels.
        package let size: Int
        /// The PNG file.
        package let pngPath: String
        /// The PVR file (one level).
        package let pvrPath: String
    }

    /// The timings for one size.
    package struct Row: Sendable, Equatable {
        /// Width and height in pixels.
        package let size: Int
        /// Bytes of the PNG file.
        package let pngFileBytes: Int
        /// Bytes of the PVR file.
        package let pvrFileBytes: Int
        /// PNG path timings.
        package let png: Benchmark
        /// PVR path timings, one per upload mode measured, in the order asked for.
        package let pvr: [ModeTiming]
        /// With ``PVRTCUploadMode/transcode`` among the modes and a context that transcodes the file: the
        /// transcoder's own part of a transcode upload, timed alone (``BlockTiming``); nil otherwise.
        package let transcodeBlocks: BlockTiming?
    }

    /// The transcoder alone: file read + container parse + the GPU decode and encode passes + the blocks read
    /// back into memory (`GLContext.transcode(_:to:effort:)` with the uploads' effort, `fast`: what
    /// `pvrc transcode --effort fast` runs), without the compressed texture upload and the draw that a
    /// transcode upload adds. On a driver that stores a target format decompressed (Mesa stores ETC2 and ASTC
    /// textures as RGBA8 where the driver cannot sample them, decoding every upload on the CPU) the difference
    /// is the driver's, not the transcoder's.
    package struct BlockTiming: Sendable, Equatable {
        /// The block format.
        package let target: TranscodeTarget
        /// Its timings.
        package let timing: Benchmark
    }

    /// The PVR path's timings in one upload mode.
    package struct ModeTiming: Sendable, Equatable {
        /// The upload mode.
        package let mode: PVRTCUploadMode
        /// Its timings.
        package let timing: Benchmark
        /// The block format the timed uploads transcoded into (`GPUTexture.transcodeTarget`); nil in the other
        /// modes and where a transcode upload fell back to decode-once.
        package let transcodeTarget: TranscodeTarget?
    }

    /// Reads a PNG file into an image (e.g. `PNGCodec.read(path:)`).
    package typealias PNGReader = (String) throws -> RGBAImage
    /// Writes an image as a PNG file (e.g. `PNGCodec.write(_:to:)`).
    package typealias PNGWriter = (RGBAImage, String) throws -> Void

    /// Times creating a context and compiling its programs (then destroying it), `runs` times.
    package static func contextCreation(runs: Int) throws -> Benchmark {
        try Benchmark.measure(runs: runs, warmupRuns: 0) {
            let context = try GLContext()
            try context.prepare()
            context.finish()
        }
    }

    /// Writes the benchmark's input files into `directory`, for every size in `sizes`.
    ///
    /// The PNG for each size is `source` halved with a 2x2 box filter until it has that size
    /// (realistic content). The PVR file is a legacy PVR v2 with one level of seeded random blocks in
    /// `format` (PVRTC1 4bpp or 2bpp): the PVR path's cost depends only on the size and the format
    /// (fixed-size blocks, a shader whose work does not depend on the data), not on the content.
    /// - Throws: ``GLError/unsupported(_:)`` unless `source` is square, a power of two, and at
    ///   least as large as every size; errors from the writers.
    package static func prepareInputs(
        source: RGBAImage, sizes: [Int], format: PVRTCFormat = .pvrtc1_4bpp, directory: String,
        writePNG: PNGWriter
    ) throws -> [Inputs] {
        guard source.isSquarePowerOfTwo, let largest = sizes.max(), source.width >= largest,
            sizes.allSatisfy({ $0 > 0 && $0.nonzeroBitCount == 1 })
        else {
            throw GLError.unsupported(
                "the benchmark source must be square, a power of two and at least as large as every size (\(sizes))")
        }
        var generator = SplitMix64(seed: 0x5EED)
        var inputs: [Inputs] = []
        for size in sizes.sorted(by: >) {
            var image = source
            while image.width > size { image = try halved(image) }
            let png = "\(directory)/load-\(size).png"
            let pvr = "\(directory)/load-\(size).pvr"
            try writePNG(image, png)
            var data = [UInt8](repeating: 0, count: PVRTCImage.byteCount(width: size, height: size, format: format))
            for i in stride(from: 0, to: data.count, by: 8) {
                withUnsafeBytes(of: generator.next()) { bytes in
                    for j in 0..<8 { data[i + j] = bytes[j] }
                }
            }
            let level = try PVRTCImage(width: size, height: size, data: data, format: format)
            let texture = try PVRTCTexture(levels: [level], hasAlpha: true)
            try TextureFile(container: .pvr2, texture: texture).write(to: URL(fileURLWithPath: pvr))
            inputs.append(Inputs(size: size, pngPath: png, pvrPath: pvr))
        }
        return inputs.sorted { $0.size < $1.size }
    }

    /// Measures the PNG path and the PVR path in each of `modes` for one size on a warm `context` (median
    /// over `runs`, one untimed warm-up each); a transcode upload goes to the context's
    /// `GLContext.transcodeTarget(for:)`: its `requestedTranscodeTarget` where set and taken, as a loader's
    /// `GLTextureUploader(mode:transcodeTarget:)` asks for one, its preferred target otherwise.
    package static func measure(
        _ inputs: Inputs, context: GLContext, runs: Int, modes: [PVRTCUploadMode] = [.decodeOnce, .direct],
        readPNG: PNGReader
    ) throws -> Row {
        try context.prepare()
        if modes.contains(.transcode) { try context.prepareTranscoding() }
        let target = try context.makeRenderTarget(width: inputs.size, height: inputs.size)
        defer { context.delete(target) }
        let png = try Benchmark.measure(runs: runs) {
            let texture = try context.upload(try readPNG(inputs.pngPath))
            try context.draw(texture, into: target)
            context.finish()
            context.delete(texture)
        }
        func pvr(_ mode: PVRTCUploadMode) throws -> ModeTiming {
            var transcodeTarget: TranscodeTarget?
            let timing = try Benchmark.measure(runs: runs) {
                let file = try TextureFile.read(from: URL(fileURLWithPath: inputs.pvrPath)).texture
                let texture = try context.upload(file, mode: mode)
                transcodeTarget = texture.transcodeTarget
                try context.draw(texture, into: target)
                context.finish()
                context.delete(texture)
            }
            return ModeTiming(mode: mode, timing: timing, transcodeTarget: transcodeTarget)
        }
        func blocks() throws -> BlockTiming? {
            guard modes.contains(.transcode),
                let target = context.transcodeTarget(
                    for: try TextureFile.read(from: URL(fileURLWithPath: inputs.pvrPath)).texture)
            else { return nil }
            let timing = try Benchmark.measure(runs: runs) {
                let file = try TextureFile.read(from: URL(fileURLWithPath: inputs.pvrPath)).texture
                _ = try context.transcode(file, to: target, effort: .fast)
                context.finish()
            }
            return BlockTiming(target: target, timing: timing)
        }
        return Row(
            size: inputs.size, pngFileBytes: try fileSize(inputs.pngPath),
            pvrFileBytes: try fileSize(inputs.pvrPath),
            png: png, pvr: try modes.map(pvr), transcodeBlocks: try blocks())
    }

    /// A 2x2 box downscale of a square power-of-two image (rounded to nearest).
    static func halved(_ image: RGBAImage) throws -> RGBAImage {
        let w = image.width / 2
        let h = image.height / 2
        var out = [UInt8](repeating: 0, count: w * h * 4)
        image.pixels.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                let row = image.width * 4
                for y in 0..<h {
                    for x in 0..<w {
                        let s = (2 * y) * row + 2 * x * 4
                        for c in 0..<4 {
                            let sum = Int(p[s + c]) + Int(p[s + 4 + c]) + Int(p[s + row + c]) + Int(p[s + row + 4 + c])
                            o[(y * w + x) * 4 + c] = UInt8((sum + 2) / 4)
                        }
                    }
                }
            }
        }
        return try RGBAImage(width: w, height: h, pixels: out)
    }

    private static func fileSize(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.size] as? NSNumber)?.intValue ?? 0
    }
}
