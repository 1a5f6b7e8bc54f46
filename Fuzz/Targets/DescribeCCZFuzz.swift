/// libFuzzer entry point: the description path (`TextureFileDescription`) for CCZ input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDescribeCCZ(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    DescriptionFuzzing.run(Array(UnsafeBufferPointer(start: data, count: size)), container: .pvrCCZ)
    return 0
}
