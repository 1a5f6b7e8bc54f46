// A program that uses the codec, the containers and the image files the way an asset tool would,
// and nothing else: the linkage test runs `ldd` on it to prove that such a consumer needs no EGL
// or OpenGL ES library, and runs it to prove the libraries it links work.
//
// Usage: CodecConsumer IN.png OUT.pvr — encodes IN at `fast` quality, writes OUT, reads it back and
// prints the PSNR-free check "decoded WxH", then how many progress calls came and how many of them on
// the main thread. It encodes with the documented spelling at top level,
// `try await PVRTCEncoder.encode([image], options:) { progress in … }`, which must pick the `async`
// encoder (progress from its Dispatch thread), not a synchronous one (progress on the main thread).
import Foundation
import ImageFiles
import Imaging
import PVRTC
import PVRTCSearch
import TextureFormats

/// Counts progress calls and those made on the main thread, from whichever thread reports.
final class ProgressThreads: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    private var onMain = 0

    func record() {
        let main = Thread.isMainThread
        lock.withLock {
            calls += 1
            if main { onMain += 1 }
        }
    }

    var summary: String { lock.withLock { "progress calls \(calls), on the main thread \(onMain)" } }
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: CodecConsumer IN.png OUT.pvr\n".utf8))
    exit(2)
}
do {
    let image = try PNGCodec.read(from: URL(fileURLWithPath: arguments[1]))
    let threads = ProgressThreads()
    let texture = try await PVRTCEncoder.encode([image], options: PVRTCEncoder.Options(quality: .fast)) { _ in
        threads.record()
    }
    let output = URL(fileURLWithPath: arguments[2])
    try TextureFile(container: .pvr2, texture: texture).write(to: output)
    let decoded = PVRTCDecoder.decode(try TextureFile.read(from: output).texture.levels[0])
    print("decoded \(decoded.width)x\(decoded.height)")
    print(threads.summary)
} catch {
    FileHandle.standardError.write(Data("CodecConsumer: \(error)\n".utf8))
    exit(1)
}
