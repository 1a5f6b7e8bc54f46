import Foundation
import Imaging
import PVRTC
import PVRTCGL
import TextureFormats
import XCTest

/// `GLContext.draw(_:to:at:blend:face:level:orientation:)` draws any face and mip level of an uploaded
/// texture into a framebuffer object: on llvmpipe, what is read back from the framebuffer equals the
/// CPU decoder's output of that face and level (PVRTC cube maps decoded once on the GPU), pvrc's CPU
/// unpacking of libktx's uncompressed cube maps, and for 2D textures the chosen level even where the
/// mipmap rules would choose another. Faces hold different random blocks, so a draw that ignored the
/// face (or level) would read back another face's pixels.
final class FaceAndLevelDrawTests: XCTestCase {
    private let libktxCubes = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TextureFormatsTests/Fixtures/libktx-cube")

    /// Draws `face`, `level` of `texture` at `rect` of a fresh `width` x `height` framebuffer object
    /// cleared to opaque magenta, and reads `rect` back.
    private func drawn(
        _ texture: GPUTexture, face: Int, level: Int?, rect: PixelRect, width: Int, height: Int,
        on context: GLContext
    ) throws -> RGBAImage {
        let target = try context.makeRenderTarget(width: width, height: height)
        defer { context.delete(target) }
        let framebuffer = GLFramebuffer(name: target.framebuffer, width: width, height: height)
        context.clear(framebuffer, to: ClearColor(red: 1, green: 0, blue: 1, alpha: 1))
        try context.draw(texture, to: framebuffer, at: rect, face: face, level: level)
        return try context.readPixels(framebuffer, rect: rect)
    }

    func testEveryFaceAndLevelOfADecodeOnceCubeMapDrawsAsTheCPUDecodesIt() throws {
        let context = try SharedContext.get()
        // A full 4bpp chain and a 2bpp chain that stops early (its other levels made by glGenerateMipmap).
        for (format, size, levels) in [(PVRTCFormat.pvrtc1_4bpp, 32, nil), (.pvrtc1_2bpp, 16, 2)]
            as [(
                PVRTCFormat, Int, Int?
            )]
        {
            let cube = try RandomBlocks.cubeMap(size: size, levels: levels, format: format, seed: 70 + UInt64(size))
            let uploaded = try context.upload(cube, mode: .decodeOnce)
            defer { context.delete(uploaded) }
            for level in cube.shape.levels.indices {
                let expected = (0..<6).map { PVRTCDecoder.decode(cube.faces[$0].levels[level]) }
                if expected[0].width >= 4 {
                    XCTAssertEqual(Set(expected.map(\.pixels)).count, 6, "the six faces differ at level \(level)")
                }
                for face in 0..<6 {
                    let size = expected[face].width
                    // At the origin of a framebuffer of the level's size, and inside a larger one.
                    let whole = try drawn(
                        uploaded, face: face, level: level, rect: PixelRect(x: 0, y: 0, width: size, height: size),
                        width: size, height: size, on: context)
                    XCTAssertEqual(whole, expected[face], "\(format) face \(face) level \(level)")
                    let inside = try drawn(
                        uploaded, face: face, level: level, rect: PixelRect(x: 5, y: 3, width: size, height: size),
                        width: size + 11, height: size + 9, on: context)
                    XCTAssertEqual(inside, expected[face], "\(format) face \(face) level \(level) at (5, 3)")
                }
            }
            // No level given: level 0 of the face.
            let face2 = try drawn(
                uploaded, face: 2, level: nil, rect: PixelRect(x: 0, y: 0, width: size, height: size),
                width: size, height: size, on: context)
            XCTAssertEqual(face2, PVRTCDecoder.decode(cube.faces[2].levels[0]))
        }
    }

    func testUncompressedCubeMapFacesDrawAsTheCPUUnpacksThem() throws {
        let context = try SharedContext.get()
        for name in ["cube_rgba8888.ktx", "cube_rgba4444.ktx"] {
            let description = try TextureFileDescription.read(from: libktxCubes.appendingPathComponent(name))
            let uploaded = try context.uploadCubeMap(description)
            defer { context.delete(uploaded) }
            XCTAssertEqual(uploaded.faceCount, 6, name)
            for level in 0..<description.levelCount {
                let expected = try (0..<6).map { try description.image(level: level, face: $0) }
                if level == 0 { XCTAssertEqual(Set(expected.map(\.pixels)).count, 6, "\(name): faces differ") }
                for face in 0..<6 {
                    let size = expected[face].width
                    let image = try drawn(
                        uploaded, face: face, level: level, rect: PixelRect(x: 2, y: 1, width: size, height: size),
                        width: size + 4, height: size + 2, on: context)
                    XCTAssertEqual(image, expected[face], "\(name) face \(face) level \(level)")
                }
            }
        }
    }

    /// A chosen level of an uncompressed 2D chain without alpha is copied as RGB and drawn opaque.
    func testChosenLevelsOfUncompressedRGBChainsDrawAsTheCPUUnpacksThem() throws {
        let context = try SharedContext.get()
        let cocos2d = libktxCubes.deletingLastPathComponent().appendingPathComponent("cocos2d-objc")
        for (name, tolerance) in [("test_image_rgb888_v3.pvr", 0), ("test_image_rgb565_v3.pvr", 1)] {
            let description = try TextureFileDescription.read(from: cocos2d.appendingPathComponent(name))
            let uploaded = try context.upload(description)
            defer { context.delete(uploaded) }
            XCTAssertEqual(uploaded.levelCount, 8, name)
            for level in [0, 2, 5] {
                let expected = try description.image(level: level)
                let image = try drawn(
                    uploaded, face: 0, level: level,
                    rect: PixelRect(x: 0, y: 0, width: expected.width, height: expected.height),
                    width: expected.width, height: expected.height, on: context)
                let worst = zip(image.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
                XCTAssertLessThanOrEqual(worst, tolerance, "\(name) level \(level)")
            }
        }
    }

    func testAChosenLevelOfA2DTextureIsDrawnWhereTheMipmapRulesWouldChooseAnother() throws {
        let context = try SharedContext.get()
        let texture = try RandomBlocks.texture(width: 32, height: 16, kind: .mixed, seed: 81)
        for mode in [PVRTCUploadMode.decodeOnce, .direct] {
            let uploaded = try context.upload(texture, mode: mode)
            defer { context.delete(uploaded) }
            for level in 0..<3 {
                let decoded = PVRTCDecoder.decode(texture.levels[level])
                // 1:1.
                let exact = try drawn(
                    uploaded, face: 0, level: level,
                    rect: PixelRect(x: 1, y: 2, width: decoded.width, height: decoded.height),
                    width: decoded.width + 3, height: decoded.height + 2, on: context)
                XCTAssertEqual(exact, decoded, "\(mode) level \(level) at 1:1")
                // Magnified to level 0's size, where the mipmap rules would sample level 0: LINEAR
                // (decode-once, bilinear within one step of rounding) or point-sampled (direct).
                let scale = 1 << level
                let magnified = try drawn(
                    uploaded, face: 0, level: level, rect: PixelRect(x: 0, y: 0, width: 32, height: 16),
                    width: 32, height: 16, on: context)
                let expected =
                    mode == .direct ? Self.repeated(decoded, scale: scale) : try Self.bilinear(decoded, scale: scale)
                let worst = zip(magnified.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
                XCTAssertLessThanOrEqual(worst, mode == .direct ? 0 : 1, "\(mode) level \(level) magnified \(scale)x")
            }
        }
    }

    func testAFaceOrLevelTheTextureLacksIsRefused() throws {
        let context = try SharedContext.get()
        let cube = try RandomBlocks.cubeMap(size: 8, levels: 2, format: .pvrtc1_4bpp, seed: 90)
        let uploadedCube = try context.upload(cube, mode: .decodeOnce)
        defer { context.delete(uploadedCube) }
        let flat = try context.upload(
            try RandomBlocks.texture(width: 8, height: 8, kind: .opaque, levels: 2, seed: 91), mode: .direct)
        defer { context.delete(flat) }
        let target = try context.makeRenderTarget(width: 8, height: 8)
        defer { context.delete(target) }
        let framebuffer = GLFramebuffer(name: target.framebuffer, width: 8, height: 8)
        for (texture, face, level, faces) in [
            (uploadedCube, 6, 0, 6), (uploadedCube, -1, 0, 6), (uploadedCube, 0, 2, 6), (flat, 1, 0, 1),
            (flat, 0, 2, 1),
            (flat, 0, -1, 1),
        ] {
            XCTAssertThrowsError(try context.draw(texture, to: framebuffer, face: face, level: level)) {
                XCTAssertEqual(
                    $0 as? GLError, .noSuchImage(face: face, level: level, faceCount: faces, levelCount: 2),
                    "face \(face) level \(level)")
            }
        }
    }

    /// `image` scaled up `scale` times by pixel repetition (nearest sampling).
    private static func repeated(_ image: RGBAImage, scale: Int) -> RGBAImage {
        var out = RGBAImage(width: image.width * scale, height: image.height * scale, fill: (0, 0, 0, 0))
        for y in 0..<out.height {
            for x in 0..<out.width { out[x, y] = image[x / scale, y / scale] }
        }
        return out
    }

    /// `image` scaled up `scale` times by GL's LINEAR filter with clamped edges, rounded to nearest.
    private static func bilinear(_ image: RGBAImage, scale: Int) throws -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: image.width * image.height * scale * scale * 4)
        let width = image.width * scale
        func tap(_ i: Int, _ size: Int) -> (Int, Int, Double) {
            let u = (Double(i) + 0.5) / Double(scale) - 0.5
            let base = Int(u.rounded(.down))
            return (min(max(base, 0), size - 1), min(max(base + 1, 0), size - 1), u - Double(base))
        }
        for y in 0..<(image.height * scale) {
            let (y0, y1, fy) = tap(y, image.height)
            for x in 0..<width {
                let (x0, x1, fx) = tap(x, image.width)
                for c in 0..<4 {
                    func at(_ px: Int, _ py: Int) -> Double { Double(image.pixels[(py * image.width + px) * 4 + c]) }
                    let top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx
                    let bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx
                    pixels[(y * width + x) * 4 + c] = UInt8((top * (1 - fy) + bottom * fy).rounded())
                }
            }
        }
        return try RGBAImage(width: width, height: image.height * scale, pixels: pixels)
    }
}
