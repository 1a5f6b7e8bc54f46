/// libFuzzer entry point: the KTX 1.1 reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKTX(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    ContainerFuzzing.run(Array(UnsafeBufferPointer(start: data, count: size)), container: .ktx)
    return 0
}
