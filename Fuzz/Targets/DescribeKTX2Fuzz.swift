/// libFuzzer entry point: the description path (`TextureFileDescription`) for KTX2 input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDescribeKTX2(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    DescriptionFuzzing.run(Array(UnsafeBufferPointer(start: data, count: size)), container: .ktx2)
    return 0
}
