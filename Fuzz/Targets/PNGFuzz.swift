import ImageFiles

/// libFuzzer entry point: the PNG reader (libpng through CPNGBridge), checked by ``ImageFuzzing``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    ImageFuzzing.check(data, size) { try PNGCodec.decode($0, file: "fuzz", pixelLimit: ImageFuzzing.pixelLimit) }
    return 0
}
