import TexturePipeline
import XCTest

final class ContentDigestTests: XCTestCase {
    /// Content digests are SHA-256 (now libcrypto's): NIST's test vectors, so existing cache keys and
    /// build states keep their names.
    func testContentDigestsAreSHA256() {
        XCTAssertEqual(
            ContentDigest(ofText: "abc").hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            ContentDigest(ofText: "").hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(
            ContentDigest(ofText: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq").hex,
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            ContentDigest(of: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).hex,
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
