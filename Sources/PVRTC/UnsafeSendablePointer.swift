/// A pointer handed to worker threads that write disjoint parts of one buffer (or only read it)
/// for the duration of one call; the owner keeps the buffer alive and the split keeps writes apart.
struct UnsafeSendablePointer<Pointee>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Pointee>
    init(_ pointer: UnsafeMutablePointer<Pointee>) { self.pointer = pointer }
}
