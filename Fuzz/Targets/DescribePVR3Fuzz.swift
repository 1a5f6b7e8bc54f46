/// libFuzzer entry point: the description path (`TextureFileDescription`) for PVR3 input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDescribePVR3(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    DescriptionFuzzing.run(Array(UnsafeBufferPointer(start: data, count: size)), container: .pvr3)
    return 0
}
