// A program that uses the codec, the containers and the image files the way an asset tool would,
// and nothing else: the linkage test runs `ldd` on it to prove that such a consumer needs no EGL
// or OpenGL ES library, and runs it to prove the libraries it links work.
//
// Usage: CodecConsumer IN.png OUT.pvr — encodes IN at `fast` quality, writes OUT, reads it back and
// prints the PSNR-free check "decoded WxH".
import Foundation
import ImageFiles
import Imaging
import PVRTC
import PVRTCEncoding
import TextureFormats

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: CodecConsumer IN.png OUT.pvr\n".utf8))
    exit(2)
}
do {
    let image = try PNGCodec.read(from: URL(fileURLWithPath: arguments[1]))
    let texture = try PVRTCEncoder.encode(image, options: PVRTCEncoder.Options(quality: .fast))
    let output = URL(fileURLWithPath: arguments[2])
    try TextureFile(container: .pvr2, texture: texture).write(to: output)
    let decoded = PVRTCDecoder.decode(try TextureFile.read(from: output).texture.levels[0])
    print("decoded \(decoded.width)x\(decoded.height)")
} catch {
    FileHandle.standardError.write(Data("CodecConsumer: \(error)\n".utf8))
    exit(1)
}
