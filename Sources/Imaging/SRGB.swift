#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The sRGB transfer function (IEC 61966-2-1) as lookup tables.
public enum SRGB {
    /// Linear-light value (0...1) of each 8-bit sRGB code.
    public static let toLinear: [Float] = (0..<256).map { Float(decode(Double($0) / 255)) }

    /// `encodeThresholds[k]` is the linear value at which the exact encoding of a linear value
    /// rounds up from code `k` to `k + 1` (the linear value of sRGB `(k + 0.5) / 255`).
    public static let encodeThresholds: [Float] = (0..<255).map { Float(decode((Double($0) + 0.5) / 255)) }

    /// sRGB-encoded value (0...1) to linear light.
    public static func decode(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear light (0...1) to sRGB-encoded value (0...1).
    public static func encode(_ l: Double) -> Double {
        l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
    }

    /// The 8-bit sRGB code nearest to the exact encoding of linear value `l`, found by binary
    /// search in `thresholds` (pass ``encodeThresholds``).
    @inlinable
    public static func encode(_ l: Float, thresholds: [Float]) -> UInt8 {
        var low = 0
        var high = thresholds.count
        while low < high {
            let mid = (low + high) >> 1
            if l >= thresholds[mid] { low = mid + 1 } else { high = mid }
        }
        return UInt8(low)
    }
}
