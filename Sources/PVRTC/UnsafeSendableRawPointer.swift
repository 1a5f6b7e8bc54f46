/// A raw pointer handed to worker threads that write disjoint parts of one buffer.
struct UnsafeSendableRawPointer: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
}
