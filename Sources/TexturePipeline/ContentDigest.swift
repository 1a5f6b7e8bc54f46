import Foundation

/// A SHA-256 digest (computed by OpenSSL's libcrypto), written as 64 lowercase hexadecimal digits:
/// the identity of input files and of cache entries.
public struct ContentDigest: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The 64 lowercase hexadecimal digits.
    package let hex: String

    /// The digest of `bytes`.
    ///
    /// - Parameter bytes: The bytes to hash.
    package init(of bytes: [UInt8]) {
        let hasher = SHA256Hasher()
        hasher.update(bytes[...])
        hex = Self.hexadecimal(hasher.finalize())
    }

    /// A digest computed by the caller (streamed data).
    ///
    /// - Parameter digest: The 32 bytes of a finished SHA-256.
    init(_ digest: [UInt8]) {
        hex = Self.hexadecimal(digest)
    }

    /// The digest of the UTF-8 bytes of `text`.
    ///
    /// - Parameter text: The text to hash.
    package init(ofText text: String) {
        self.init(of: Array(text.utf8))
    }

    /// A digest read back from its hexadecimal form, or `nil` when `hex` is not 64 hexadecimal digits.
    ///
    /// - Parameter hex: 64 hexadecimal digits (either case).
    package init?(hex: String) {
        guard hex.utf8.count == 64, hex.utf8.allSatisfy({ Self.isHexDigit($0) }) else { return nil }
        self.hex = hex.lowercased()
    }

    /// The hexadecimal digits.
    public var description: String { hex }

    /// The first eight bytes as a number, for spreading digests over buckets (shards).
    var prefixValue: UInt64 {
        UInt64(hex.prefix(16), radix: 16) ?? 0
    }

    private static func hexadecimal(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 70) || (byte >= 97 && byte <= 102)
    }
}
