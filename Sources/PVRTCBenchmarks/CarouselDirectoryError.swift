/// Why a directory cannot feed the carousel benchmark.
package enum CarouselDirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The directory could not be listed; `reason` is the file system's message.
    case cannotList(directory: String, reason: String)
    /// The directory holds no `NAME.png` with a `NAME.pvr` or `NAME.ktx` beside it.
    case noImagePairs(directory: String)

    /// A one-line message naming the directory and the problem.
    package var description: String {
        switch self {
        case .cannotList(let directory, let reason): return "\(directory): cannot list the directory: \(reason)"
        case .noImagePairs(let directory): return "\(directory): no NAME.png with a NAME.pvr or NAME.ktx beside it"
        }
    }
}
