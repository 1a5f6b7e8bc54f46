/// Sizes worked out from header fields without trapping: every product and sum of counts a header
/// declares goes through here, so a field such as `0xFFFFFFFF` becomes a typed error naming the file,
/// never an arithmetic overflow.
enum HeaderArithmetic {
    /// `factors` multiplied together.
    /// - Throws: ``TextureFormatError/invalidHeader(file:reason:)`` naming `what` when the product overflows.
    static func product(_ factors: Int..., file: String, what: String) throws -> Int {
        var result = 1
        for factor in factors {
            let (next, overflow) = result.multipliedReportingOverflow(by: factor)
            guard !overflow, factor >= 0 else {
                throw TextureFormatError.invalidHeader(
                    file: file,
                    reason: "\(what) is too large (\(factors.map(String.init).joined(separator: " x ")) bytes)")
            }
            result = next
        }
        return result
    }

    /// `terms` added together.
    /// - Throws: ``TextureFormatError/invalidHeader(file:reason:)`` naming `what` when the sum overflows.
    static func sum(_ terms: [Int], file: String, what: String) throws -> Int {
        var result = 0
        for term in terms {
            let (next, overflow) = result.addingReportingOverflow(term)
            guard !overflow, term >= 0 else {
                throw TextureFormatError.invalidHeader(file: file, reason: "\(what) is too large")
            }
            result = next
        }
        return result
    }
}
