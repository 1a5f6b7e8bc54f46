import ImageFiles
import Imaging

/// Shared by the image-reader fuzz targets: decodes the input with a 1 Mpixel limit and checks that an
/// image that decodes has exactly `width * height * 4` bytes and survives an 8-bit PNG round trip
/// unchanged. Any violated invariant traps, which libFuzzer reports as a crash.
enum ImageFuzzing {
    /// The limit every image fuzz target decodes under.
    static let pixelLimit = PixelLimit(maximumPixels: 1 << 20)

    /// Runs `decode` on the input and checks what it returns; a thrown error is a valid outcome.
    static func check(_ data: UnsafePointer<UInt8>, _ size: Int, decode: ([UInt8]) throws -> RGBAImage) {
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        guard let image = try? decode(bytes) else { return }
        precondition(image.pixels.count == image.width * image.height * 4)
        do {
            let again = try PNGCodec.decode(PNGCodec.encode(image), file: "round trip")
            precondition(again == image, "an 8-bit PNG round trip changed the pixels")
        } catch {
            preconditionFailure("a decoded image does not survive a PNG round trip: \(error)")
        }
    }
}
