/// libFuzzer entry point: the description path (`TextureFileDescription`) for KTX input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDescribeKTX(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    DescriptionFuzzing.run(Array(UnsafeBufferPointer(start: data, count: size)), container: .ktx)
    return 0
}
