import ImageFiles
import Imaging

/// libFuzzer entry point: every image reader behind `ImageFile` (PNG through libpng, JPEG through
/// libjpeg-turbo, TGA through stb_image), chosen from the content. Images up to 1 Mpixel are decoded;
/// one that decodes must have exactly `width * height * 4` bytes and survive a PNG round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard
        let image = try? ImageFile.decode(bytes, file: "fuzz", pixelLimit: PixelLimit(maximumPixels: 1 << 20))
    else {
        return 0
    }
    precondition(image.pixels.count == image.width * image.height * 4)
    do {
        let again = try PNGCodec.decode(PNGCodec.encode(image), file: "round trip")
        precondition(again == image, "a PNG round trip changed the pixels")
    } catch {
        preconditionFailure("a decoded image does not survive a PNG round trip: \(error)")
    }
    return 0
}
