import Imaging
import PVRTC
import PVRTCGL
import XCTest

/// Renders a texture level at 1:1 and reads it back.
enum RenderCheck {
    static func render(_ texture: PVRTCTexture, level: Int, mode: PVRTCUploadMode, context: GLContext) throws
        -> RGBAImage
    {
        let uploaded = try context.upload(texture, mode: mode)
        defer { context.delete(uploaded) }
        let image = texture.levels[level]
        let target = try context.makeRenderTarget(width: image.width, height: image.height)
        defer { context.delete(target) }
        try context.draw(uploaded, into: target, level: level, clearColor: .transparent)
        return try context.readPixels(target)
    }

    /// Asserts that every level of `texture`, rendered at 1:1 in `decodeOnce` and in `direct`, reads back
    /// exactly as the CPU decoder decodes it; failures name `label`, the level and the mode.
    static func assertEveryLevelMatchesCPUDecoder(
        _ texture: PVRTCTexture, _ label: String, context: GLContext, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        for mode in [PVRTCUploadMode.decodeOnce, .direct] {
            for (index, level) in texture.levels.enumerated() {
                let image = try render(texture, level: index, mode: mode, context: context)
                XCTAssertEqual(
                    differingBytes(image, PVRTCDecoder.decode(level, threads: 2)), 0,
                    "\(label) level \(index) (\(level.width)x\(level.height)) \(mode)", file: file, line: line)
            }
        }
    }

    /// Bytes that differ between two images of the same size (all of them when the sizes differ).
    static func differingBytes(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return max(a.pixels.count, b.pixels.count) }
        return a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                var count = 0
                for i in 0..<p.count where p[i] != q[i] { count += 1 }
                return count
            }
        }
    }
}
