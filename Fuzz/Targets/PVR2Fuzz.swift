/// libFuzzer entry point: the PVR v2 reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPVR2(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    ContainerFuzzing.run(Array(UnsafeBufferPointer(start: data, count: size)), container: .pvr2)
    return 0
}
