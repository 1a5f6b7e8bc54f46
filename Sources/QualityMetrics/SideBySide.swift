import Imaging

/// One picture for judging a compressed image by eye: reference | candidate | error heat map, the
/// same region of each enlarged without smoothing (nearest neighbour), with the heat map's legend
/// below. Translucent pixels are shown over a grey checkerboard, so the output is opaque. With a
/// ``Caption`` the panels are labelled above (``panelLabels``) and a line below names the file, the
/// crop, the quality level and the PSNR.
public enum SideBySide {
    /// What a labelled picture says about itself, on the line below the legend.
    public struct Caption: Sendable, Equatable {
        /// The candidate's file name.
        public var fileName: String
        /// The quality level the candidate was encoded at, when known (`normal`).
        public var quality: String?
        /// The headline PSNR with its kind, e.g. `Y 38.21 dB` or `alpha-weighted RGB 35.02 dB`.
        public var psnr: String?

        /// A caption.
        /// - Parameters:
        ///   - fileName: The candidate's file name.
        ///   - quality: The quality level, when known.
        ///   - psnr: The headline PSNR with its kind and unit.
        public init(fileName: String, quality: String? = nil, psnr: String? = nil) {
            self.fileName = fileName
            self.quality = quality
            self.psnr = psnr
        }

        /// The caption line for `region`: `FILE tree.pvr  CROP 0,0,64,64  QUALITY normal  PSNR Y 38.21 dB`.
        public func line(region: PixelRect) -> String {
            var parts = [
                "FILE \(fileName)", "CROP \(region.x),\(region.y),\(region.width),\(region.height)",
            ]
            if let quality { parts.append("QUALITY \(quality)") }
            if let psnr { parts.append("PSNR \(psnr)") }
            return parts.joined(separator: "  ")
        }
    }

    /// The labels above the three panels, left to right.
    public static let panelLabels = ["reference", "pvrc", "error"]

    /// The font scale of labels and caption (the caption drops to 1 when it would not fit).
    public static let labelScale = 2

    /// Pixels of black around label text.
    public static let labelPadding = 2

    /// The height of the label strip above the panels and of the caption strip below the legend.
    public static var stripHeight: Int { LegendFont.glyphHeight * labelScale + 2 * labelPadding }

    /// Pixels of dark grey between the three panels.
    public static let gap = 4

    /// The largest width or height, in pixels, of a picture (and of a zoomed crop).
    public static let maximumSide = 8192

    /// The picture.
    /// - Parameters:
    ///   - reference: the original image.
    ///   - candidate: the image to judge, the same size.
    ///   - region: the part to show (the whole image by default); must lie inside the image.
    ///   - zoom: integer enlargement (at least 1).
    ///   - fullScale: the error shown white in the heat map, in 8-bit levels (at least 1).
    ///   - caption: when given, panel labels above and this caption below (``stripHeight`` each).
    /// - Throws: `ImagingError.invalidDimensions` when the sizes differ or the
    ///   region, zoom or scale is invalid, or the picture would be wider than ``maximumSide``.
    public static func render(
        reference: RGBAImage, candidate: RGBAImage, region: PixelRect? = nil, zoom: Int = 1,
        fullScale: Int = ErrorHeatMap.defaultFullScale, caption: Caption? = nil
    ) throws -> RGBAImage {
        let area = region ?? PixelRect(x: 0, y: 0, width: reference.width, height: reference.height)
        let panels = try render(
            reference: reference, candidate: candidate, area: area, zoom: zoom, fullScale: fullScale)
        guard let caption else { return panels }
        guard panels.height + 2 * stripHeight <= maximumSide else {
            throw ImagingError.invalidDimensions(
                width: panels.width, height: panels.height,
                reason: "labelled side-by-side picture taller than \(maximumSide) pixels")
        }
        return labelled(panels, panelWidth: area.width * zoom, caption: caption.line(region: area))
    }

    /// `panels` with the label strip above and the caption strip below.
    static func labelled(_ panels: RGBAImage, panelWidth: Int, caption: String) -> RGBAImage {
        let strip = stripHeight
        var image = RGBAImage(width: panels.width, height: panels.height + 2 * strip, fill: (0, 0, 0, 255))
        for y in 0..<panels.height {
            for x in 0..<panels.width { image[x, y + strip] = panels[x, y] }
        }
        let white: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (255, 255, 255, 255)
        for (panel, label) in panelLabels.enumerated() {
            LegendFont.draw(
                label, into: &image, x: panel * (panelWidth + gap) + labelPadding, y: labelPadding,
                scale: labelScale, colour: white)
        }
        let fits = LegendFont.width(of: caption, scale: labelScale) <= image.width - 2 * labelPadding
        LegendFont.draw(
            caption, into: &image, x: labelPadding, y: panels.height + strip + labelPadding,
            scale: fits ? labelScale : 1, colour: white)
        return image
    }

    /// The unlabelled picture of `area`.
    private static func render(
        reference: RGBAImage, candidate: RGBAImage, area: PixelRect, zoom: Int, fullScale: Int
    ) throws -> RGBAImage {
        try validate(area, zoom: zoom, fullScale: fullScale, imageWidth: reference.width, imageHeight: reference.height)
        let panelWidth = area.width * zoom
        let panelHeight = area.height * zoom
        let width = 3 * panelWidth + 2 * gap
        guard width <= maximumSide else {
            throw ImagingError.invalidDimensions(
                width: width, height: panelHeight,
                reason: "side-by-side picture wider than \(maximumSide) pixels")
        }
        let heat = try ErrorHeatMap.render(
            reference: reference, candidate: candidate, region: area, zoom: zoom,
            fullScale: fullScale)
        var image = RGBAImage(width: max(width, heat.width), height: heat.height, fill: (48, 48, 48, 255))
        for (panel, source) in [reference, candidate].enumerated() {
            let left = panel * (panelWidth + gap)
            for y in 0..<panelHeight {
                for x in 0..<panelWidth {
                    let p = source[area.x + x / zoom, area.y + y / zoom]
                    image[left + x, y] = overCheckerboard(p, x: x, y: y)
                }
            }
        }
        let left = 2 * (panelWidth + gap)
        for y in 0..<panelHeight {
            for x in 0..<panelWidth { image[left + x, y] = heat[x, y] }
        }
        // The legend spans the whole picture.
        for y in panelHeight..<image.height {
            for x in 0..<image.width { image[x, y] = (0, 0, 0, 255) }
        }
        ErrorHeatMap.drawLegend(into: &image, top: panelHeight, fullScale: fullScale)
        return image
    }

    /// A pixel blended over an 8-pixel grey checkerboard.
    static func overCheckerboard(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), x: Int, y: Int)
        -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
    {
        if p.a == 255 { return p }
        let back = (x / 8 + y / 8) % 2 == 0 ? 153 : 102
        let alpha = Int(p.a)
        func blend(_ c: UInt8) -> UInt8 {
            let mixed: Int = Int(c) * alpha + back * (255 - alpha)
            return UInt8((mixed + 127) / 255)
        }
        return (blend(p.r), blend(p.g), blend(p.b), 255)
    }

    /// Checks a region, zoom and scale against an image's size.
    /// - Throws: `ImagingError.invalidDimensions` naming the problem.
    static func validate(_ region: PixelRect, zoom: Int, fullScale: Int, imageWidth: Int, imageHeight: Int) throws {
        guard region.fits(imageWidth: imageWidth, imageHeight: imageHeight) else {
            throw ImagingError.invalidDimensions(
                width: region.width, height: region.height,
                reason: "crop \(region.x),\(region.y),\(region.width),\(region.height) is not inside the "
                    + "\(imageWidth)x\(imageHeight) image")
        }
        guard zoom >= 1, zoom <= 64 else {
            throw ImagingError.invalidDimensions(
                width: region.width, height: region.height,
                reason: "zoom \(zoom) is not in 1...64")
        }
        guard fullScale >= 1, fullScale <= 255 else {
            throw ImagingError.invalidDimensions(
                width: region.width, height: region.height,
                reason: "error scale \(fullScale) is not in 1...255")
        }
        let (w, o1) = region.width.multipliedReportingOverflow(by: zoom)
        let (h, o2) = region.height.multipliedReportingOverflow(by: zoom)
        guard !o1, !o2, w <= maximumSide, h + ErrorHeatMap.legendHeight <= maximumSide else {
            throw ImagingError.invalidDimensions(
                width: region.width, height: region.height,
                reason: "zoomed crop larger than \(maximumSide) pixels")
        }
    }
}
