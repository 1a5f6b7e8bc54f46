/// libFuzzer entry point: the PVR v3 reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPVR3(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    ContainerFuzzing.run(Array(UnsafeBufferPointer(start: data, count: size)), container: .pvr3)
    return 0
}
