import CGLES2
import PVRTC
import TextureFormats
import XCTest

/// The table's GL codes against the Khronos headers (`GLES2/gl2ext.h`: IMG_texture_compression_pvrtc and
/// EXT_pvrtc_sRGB), an independent statement of the enums.
final class GLFormatEnumTests: XCTestCase {
    func testGLCodesAreTheKhronosEnums() {
        let upload: [PVRTCFormat: (rgb: Int32, rgba: Int32)] = [
            .pvrtc1_4bpp: (GL_COMPRESSED_RGB_PVRTC_4BPPV1_IMG, GL_COMPRESSED_RGBA_PVRTC_4BPPV1_IMG),
            .pvrtc1_2bpp: (GL_COMPRESSED_RGB_PVRTC_2BPPV1_IMG, GL_COMPRESSED_RGBA_PVRTC_2BPPV1_IMG),
            // PVRTC2 has RGBA enums only.
            .pvrtc2_4bpp: (0, GL_COMPRESSED_RGBA_PVRTC_4BPPV2_IMG),
            .pvrtc2_2bpp: (0, GL_COMPRESSED_RGBA_PVRTC_2BPPV2_IMG),
        ]
        let srgb: [PVRTCFormat: (rgb: Int32, rgba: Int32)] = [
            .pvrtc1_4bpp: (GL_COMPRESSED_SRGB_PVRTC_4BPPV1_EXT, GL_COMPRESSED_SRGB_ALPHA_PVRTC_4BPPV1_EXT),
            .pvrtc1_2bpp: (GL_COMPRESSED_SRGB_PVRTC_2BPPV1_EXT, GL_COMPRESSED_SRGB_ALPHA_PVRTC_2BPPV1_EXT),
            .pvrtc2_4bpp: (0, GL_COMPRESSED_SRGB_ALPHA_PVRTC_4BPPV2_IMG),
            .pvrtc2_2bpp: (0, GL_COMPRESSED_SRGB_ALPHA_PVRTC_2BPPV2_IMG),
        ]
        // PVRTC1: RGB and RGBA, linear and sRGB; PVRTC2: RGBA, linear and sRGB.
        XCTAssertEqual(PixelFormatTable.entries.count, 12)
        for codes in PixelFormatTable.entries {
            let label = "\(codes.format) alpha \(codes.hasAlpha) \(codes.colorSpace)"
            guard let imgPair = upload[codes.format], let srgbPair = srgb[codes.format] else {
                return XCTFail("no expectation for \(label)")
            }
            let img = UInt32(codes.hasAlpha ? imgPair.rgba : imgPair.rgb)
            XCTAssertEqual(codes.glUploadInternalFormat, img, label)
            let ktx = codes.colorSpace == .srgb ? UInt32(codes.hasAlpha ? srgbPair.rgba : srgbPair.rgb) : img
            XCTAssertEqual(codes.ktxInternalFormat, ktx, label)
            XCTAssertEqual(codes.glBaseInternalFormat, UInt32(codes.hasAlpha ? GL_RGBA : GL_RGB), label)
        }
    }

    /// PVRTC2's codes against IMG_texture_compression_pvrtc2 and EXT_pvrtc_sRGB (RGBA enums only).
    func testPVRTC2CodesAreTheKhronosEnums() {
        let expected: [PVRTCFormat: (rgba: Int32, srgb: Int32)] = [
            .pvrtc2_4bpp: (GL_COMPRESSED_RGBA_PVRTC_4BPPV2_IMG, GL_COMPRESSED_SRGB_ALPHA_PVRTC_4BPPV2_IMG),
            .pvrtc2_2bpp: (GL_COMPRESSED_RGBA_PVRTC_2BPPV2_IMG, GL_COMPRESSED_SRGB_ALPHA_PVRTC_2BPPV2_IMG),
        ]
        for (format, pair) in expected {
            for hasAlpha in [false, true] {
                let linear = PixelFormatTable.codes(format: format, hasAlpha: hasAlpha, colorSpace: .linear)
                let srgb = PixelFormatTable.codes(format: format, hasAlpha: hasAlpha, colorSpace: .srgb)
                XCTAssertEqual(linear.glUploadInternalFormat, UInt32(pair.rgba), "\(format)")
                XCTAssertEqual(linear.ktxInternalFormat, UInt32(pair.rgba), "\(format)")
                XCTAssertEqual(srgb.ktxInternalFormat, UInt32(pair.srgb), "\(format)")
            }
        }
    }
}
