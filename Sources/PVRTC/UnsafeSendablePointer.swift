/// A pointer handed to worker threads that write disjoint parts of one buffer (or only read it)
/// for the duration of one call; the owner keeps the buffer alive and the split keeps writes apart.
package struct UnsafeSendablePointer<Pointee>: @unchecked Sendable {
    package let pointer: UnsafeMutablePointer<Pointee>
    package init(_ pointer: UnsafeMutablePointer<Pointee>) { self.pointer = pointer }
}
