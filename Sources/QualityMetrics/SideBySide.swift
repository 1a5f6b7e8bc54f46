import Imaging

/// One picture for judging a compressed image by eye: reference | candidate | error heat map, the
/// same region of each enlarged without smoothing (nearest neighbour), with the heat map's legend
/// below. Translucent pixels are shown over a grey checkerboard, so the output is opaque.
public enum SideBySide {
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
    /// - Throws: `ImagingError.invalidDimensions` when the sizes differ or the
    ///   region, zoom or scale is invalid, or the picture would be wider than ``maximumSide``.
    public static func render(
        reference: RGBAImage, candidate: RGBAImage, region: PixelRect? = nil, zoom: Int = 1,
        fullScale: Int = ErrorHeatMap.defaultFullScale
    ) throws -> RGBAImage {
        let area = region ?? PixelRect(x: 0, y: 0, width: reference.width, height: reference.height)
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
