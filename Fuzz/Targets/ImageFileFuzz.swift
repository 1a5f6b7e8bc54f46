import ImageFiles

/// libFuzzer entry point: every image reader behind `ImageFile` (PNG through libpng, JPEG through
/// libjpeg-turbo, TGA through stb_image), chosen from the content, checked by ``ImageFuzzing``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    ImageFuzzing.check(data, size) { try ImageFile.decode($0, file: "fuzz", pixelLimit: ImageFuzzing.pixelLimit) }
    return 0
}
