/// libFuzzer entry point: the description path (`TextureFileDescription`) for PVR2 input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDescribePVR2(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    DescriptionFuzzing.run(Array(UnsafeBufferPointer(start: data, count: size)), container: .pvr2)
    return 0
}
