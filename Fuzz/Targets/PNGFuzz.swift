import ImageFiles
import Imaging

/// libFuzzer entry point: the PNG reader (libpng through CPNGBridge). Images up to 1 Mpixel are
/// decoded; one that decodes must come back identical from an 8-bit PNG round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let image = try? PNGCodec.decode(bytes, file: "fuzz", pixelLimit: PixelLimit(maximumPixels: 1 << 20)) else {
        return 0
    }
    precondition(image.pixels.count == image.width * image.height * 4)
    do {
        let again = try PNGCodec.decode(PNGCodec.encode(image), file: "round trip")
        precondition(again == image, "an 8-bit PNG round trip changed the pixels")
    } catch {
        preconditionFailure("a decoded image does not survive a PNG round trip: \(error)")
    }
    return 0
}
