import Imaging
import PVRCTestSupport
import XCTest

final class NormalMapMipChainTests: XCTestCase {
    private func length(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Double {
        let v = [p.r, p.g, p.b].map { Double($0) / 127.5 - 1 }
        return (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot()
    }

    /// Two normals tilted ±45° about y average to (0, 0, 0.707) plainly; renormalised they give (0, 0, 1).
    func testOpposedTiltsRenormaliseToFlat() throws {
        var image = RGBAImage(width: 2, height: 2)
        let left: (UInt8, UInt8, UInt8, UInt8) = (37, 128, 218, 255)  // (-0.71, 0, 0.71)
        let right: (UInt8, UInt8, UInt8, UInt8) = (218, 128, 218, 255)  // (0.71, 0, 0.71)
        image[0, 0] = left
        image[1, 0] = right
        image[0, 1] = left
        image[1, 1] = right
        let chain = NormalMapMipChain.build(from: image)
        XCTAssertEqual(chain.count, 2)
        XCTAssertEqual(chain[0], image)
        XCTAssertTrue(chain[1][0, 0] == (128, 128, 255, 255), "\(chain[1][0, 0])")
        XCTAssertEqual(MipChain.downsample(image, colorSpace: .linear)[0, 0].b, 218)  // plain average stays short
    }

    func testEveryMipTexelIsUnitLength() throws {
        var random = TestRandom(seed: 12)
        var image = RGBAImage(width: 32, height: 16)
        for y in 0..<16 {
            for x in 0..<32 {
                // Random directions in the upper hemisphere.
                let nx = Double(random.next(161) - 80) / 100
                let ny = Double(random.next(161) - 80) / 100
                let nz = max(1 - nx * nx - ny * ny, 0.04).squareRoot()
                let l = (nx * nx + ny * ny + nz * nz).squareRoot()
                func code(_ v: Double) -> UInt8 { UInt8(((v / l + 1) * 127.5).rounded()) }
                image[x, y] = (code(nx), code(ny), code(nz), 255)
            }
        }
        let chain = NormalMapMipChain.build(from: image)
        XCTAssertEqual(chain.map(\.width), [32, 16, 8, 4, 2, 1])
        for level in chain.dropFirst() {
            for y in 0..<level.height {
                for x in 0..<level.width {
                    XCTAssertEqual(length(level[x, y]), 1, accuracy: 0.012)
                }
            }
        }
    }
}
