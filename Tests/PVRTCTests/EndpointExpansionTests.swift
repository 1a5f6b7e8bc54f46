import XCTest

@testable import PVRTC

/// The decoder's table-driven endpoint expansion agrees with `PVRTCEndpoint.expanded` for every A and B field.
final class EndpointExpansionTests: XCTestCase {
    func testEveryFieldExpandsLikeTheEndpointRules() {
        for half in UInt32(0)..<0x1_0000 {
            // The same 16 bits as the colour word's low half (mode flag + A) and high half (B).
            let color = half << 16 | half
            let lanes = EndpointTables.entries.withUnsafeBufferPointer {
                ExpandedBlocks.expand(color: color, tables: $0.baseAddress!)
            }
            let a = PVRTCEndpoint(packedA: (color >> 1) & 0x7FFF).expanded(slotB: false)
            let b = PVRTCEndpoint(packedB: color >> 16).expanded(slotB: true)
            let expected = SIMD8<Int16>(
                Int16(a.red), Int16(a.green), Int16(a.blue), Int16(2 * a.alpha),
                Int16(b.red), Int16(b.green), Int16(b.blue), Int16(2 * b.alpha))
            if lanes != expected {
                XCTFail("colour word 0x\(String(color, radix: 16)): \(lanes), expected \(expected)")
                return
            }
        }
    }
}
